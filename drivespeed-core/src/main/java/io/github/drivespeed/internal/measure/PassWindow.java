package io.github.drivespeed.internal.measure;

import io.github.drivespeed.internal.io.DirectionRecorder;
import io.github.drivespeed.internal.probe.DeviceCounters;
import io.github.drivespeed.report.CacheHandling;
import io.github.drivespeed.report.DeviceIo;
import io.github.drivespeed.report.Sample;
import java.util.List;
import java.util.Optional;

/**
 * The timed interval of one pass of one worker: the device's counters read at its start, then the
 * clock, and a recorder of the pass's I/Os on the passes' timeline; at its end the pass's sample,
 * with its cache handling and what the device moved over the interval. Used by one thread.
 */
final class PassWindow {

    /** Timeline interval of the passes: 500 ms, fio's bandwidth-log default. */
    static final long TIMELINE_INTERVAL_NANOS = 500_000_000L;

    private final DeviceCounters counters;
    private final Optional<DeviceCounters.Snapshot> before;
    private final long startNanos;
    private final DirectionRecorder recorder;
    private Optional<DeviceIo> device = Optional.empty();

    private PassWindow(DeviceCounters counters, Runnable beforeClock) {
        this.counters = counters;
        this.before = counters.snapshot();
        beforeClock.run();
        this.startNanos = System.nanoTime();
        this.recorder = new DirectionRecorder(startNanos, TIMELINE_INTERVAL_NANOS, 0);
    }

    /**
     * Opens the window now: the counters first, then the clock.
     *
     * @param counters the device's counters, or {@link DeviceCounters#NONE} for a pass whose
     *     device I/O is not recorded (the warm-up's read)
     * @return the window
     */
    static PassWindow open(DeviceCounters counters) {
        return new PassWindow(counters, () -> { });
    }

    /**
     * Opens the window now: the counters first, then {@code beforeClock}, then the clock; so
     * that what {@code beforeClock} does (a listener told the pass starts) is outside the timed
     * interval, and a clock it reads is the interval's to within the return from it.
     *
     * @param counters the device's counters, or {@link DeviceCounters#NONE}
     * @param beforeClock run between the counters' read and the clock's
     * @return the window
     */
    static PassWindow open(DeviceCounters counters, Runnable beforeClock) {
        return new PassWindow(counters, beforeClock);
    }

    /** {@return {@link System#nanoTime()} at the start} */
    long startNanos() {
        return startNanos;
    }

    /** {@return the recorder of the pass's I/Os, started at the start} */
    DirectionRecorder recorder() {
        return recorder;
    }

    /**
     * The pass's time so far.
     *
     * @param excludedNanos time to leave out (checks run between the reads)
     * @return nanoseconds since the start less {@code excludedNanos}, at least 1
     */
    long elapsedNanos(long excludedNanos) {
        return Math.max(1, System.nanoTime() - startNanos - excludedNanos);
    }

    /**
     * Closes the window of a pass that makes no sample (the warm-up's write, whose device I/O
     * is only checked for other I/O, {@link #foreignIo}): the device's counters are read again.
     */
    void close() {
        device = counters.between(before, counters.snapshot());
    }

    /**
     * Closes the window: the device's counters are read again.
     *
     * @param run the run number, from 1
     * @param elapsedNanos the pass's time
     * @param handling what was done about the page cache
     * @return the pass's sample, with what the device moved over the window
     */
    Sample sample(int run, long elapsedNanos, CacheHandling handling) {
        Optional<DeviceCounters.Snapshot> after = counters.snapshot();
        device = counters.between(before, after);
        return DirectionRecorder.sample(run, List.of(recorder), elapsedNanos)
                .withAccounting(handling, device);
    }

    /**
     * Whether the device moved clearly more than the pass did, once {@link #sample} closed the
     * window ({@link CacheChecks#foreignIo}, reads included).
     *
     * @param readBytes bytes the pass read
     * @param writeBytes bytes the pass wrote
     * @param ioBytes bytes per I/O
     * @param buffered whether the I/O went through the page cache
     * @return true when the counters show other I/O
     */
    boolean foreignIo(long readBytes, long writeBytes, long ioBytes, boolean buffered) {
        return CacheChecks.foreignIo(device, readBytes, writeBytes, ioBytes, buffered, true);
    }
}
