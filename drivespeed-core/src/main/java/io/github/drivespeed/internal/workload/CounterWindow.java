package io.github.drivespeed.internal.workload;

import io.github.drivespeed.internal.probe.DeviceCounters;
import io.github.drivespeed.report.DeviceIo;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;

/**
 * The device's counters over one timed interval: taken at its start (now, or at a later moment
 * such as the end of a ramp, from a short-lived thread so that no worker waits for it) and at its
 * end.
 */
final class CounterWindow {

    private final DeviceCounters counters;
    private volatile Optional<DeviceCounters.Snapshot> before = Optional.empty();
    private Thread delayed;

    private CounterWindow(DeviceCounters counters) {
        this.counters = counters;
    }

    /** @return a window whose start is taken now */
    static CounterWindow startNow(DeviceCounters counters) {
        CounterWindow w = new CounterWindow(counters);
        w.before = counters.snapshot();
        return w;
    }

    /** @return a window whose start is taken by {@link #startAt(long)} */
    static CounterWindow startLater(DeviceCounters counters) {
        return new CounterWindow(counters);
    }

    /**
     * Takes the start at {@code nanos} ({@link System#nanoTime()}), from a daemon thread.
     *
     * @param nanos when the measured interval begins
     */
    void startAt(long nanos) {
        Thread t = new Thread(() -> {
            for (long wait; (wait = nanos - System.nanoTime()) > 0; ) {
                LockSupport.parkNanos(wait);
            }
            before = counters.snapshot();
        }, "drivespeed-counters");
        t.setDaemon(true);
        delayed = t;
        t.start();
    }

    /**
     * Ends the window now.
     *
     * @return what the device moved over it, or empty without counters (or when the start was
     *     never taken)
     */
    Optional<DeviceIo> end() {
        Optional<DeviceCounters.Snapshot> after = counters.snapshot();
        Thread t = delayed;
        if (t != null) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
        }
        return counters.between(before, after);
    }
}
