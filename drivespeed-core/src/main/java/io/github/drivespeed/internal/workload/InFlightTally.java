package io.github.drivespeed.internal.workload;

import io.github.drivespeed.report.engine.InFlight;
import io.github.drivespeed.spi.InFlightMeter;
import io.github.drivespeed.spi.IoQueue;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The in-flight depth and how busy the submitting threads were over a job's measured runs: each
 * worker resets its queue's {@link InFlightMeter} and reads its thread's time before its loop
 * ({@link #start}), and adds what its loop did after it ({@link #add}); {@link #result} gives the
 * job's {@link InFlight}. A thread's busy time is the time it ran on a CPU or waited in a run
 * queue for one ({@code /proc/thread-self/schedstat}, fields 1 and 2: so that a thread that never
 * blocked counts as saturated on a loaded machine too), else its CPU time (ThreadMXBean). Workers
 * add from their own threads.
 */
final class InFlightTally {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final Path SCHEDSTAT = Path.of("/proc/thread-self/schedstat");

    private long observedNanos;
    private double heldNanos;
    private int peak;
    private double busySum;
    private int busyCount;

    /** What one worker read before its loop. */
    record Start(long cpuNanos, long wallNanos) { }

    /**
     * On the worker's thread, just before its loop.
     *
     * @param queue the worker's queue; its meter is reset
     * @return the thread's CPU time and the clock now
     */
    static Start start(IoQueue queue) {
        InFlightMeter meter = queue.inFlightMeter();
        if (meter != null) {
            meter.reset();
        }
        return new Start(threadCpuNanos(), System.nanoTime());
    }

    /**
     * On the worker's thread, just after its loop.
     *
     * @param queue the worker's queue
     * @param start what {@link #start} read
     */
    synchronized void add(IoQueue queue, Start start) {
        long wall = System.nanoTime() - start.wallNanos();
        long cpu = threadCpuNanos();
        if (cpu >= 0 && start.cpuNanos() >= 0 && wall > 0) {
            busySum += Math.min(1.0, (double) (cpu - start.cpuNanos()) / wall);
            busyCount++;
        }
        InFlightMeter meter = queue.inFlightMeter();
        if (meter != null) {
            observedNanos += meter.observedNanos();
            heldNanos += meter.heldNanos();
            peak = Math.max(peak, meter.peak());
        }
    }

    /**
     * @param iodepth the depth asked for per thread
     * @param asynchronous whether an asynchronous engine ran (else each worker had one I/O in
     *     flight, and a depth above 1 was run as that many threads)
     * @return the job's in-flight depth, or empty when its asynchronous queues keep no meter
     */
    synchronized Optional<InFlight> result(int iodepth, boolean asynchronous) {
        OptionalDouble busy = busyCount == 0 ? OptionalDouble.empty()
                : OptionalDouble.of(busySum / busyCount);
        if (!asynchronous) {
            return Optional.of(new InFlight(iodepth, iodepth, iodepth, busy));
        }
        return observedNanos == 0 ? Optional.empty()
                : Optional.of(new InFlight(iodepth, heldNanos / observedNanos, peak, busy));
    }

    /** The calling thread's time on a CPU and waiting for one, else its CPU time, or -1. */
    private static long threadCpuNanos() {
        try {
            String[] f = Files.readString(SCHEDSTAT, StandardCharsets.US_ASCII).trim().split(" ");
            if (f.length >= 2) {
                return Long.parseLong(f[0]) + Long.parseLong(f[1]);
            }
        } catch (IOException | NumberFormatException | SecurityException e) {
            // fall back to the CPU time alone
        }
        try {
            return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime()
                    : -1;
        } catch (UnsupportedOperationException e) {
            return -1;
        }
    }
}
