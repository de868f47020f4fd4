package io.github.drivespeed.report.engine;

import java.util.OptionalDouble;

/**
 * The queue depth a workload's threads actually kept in the kernel, beside the depth asked for.
 * With an asynchronous engine it is time-weighted over every measured run, ramp included: the
 * I/Os submitted whose completions had not arrived, observed around each submitting system call
 * and after each reap ({@link io.github.drivespeed.spi.InFlightMeter}; a kernel that completes
 * every I/O inside the submitting call gives about 1); with psync each worker has one I/O in
 * flight by construction, and a depth run as threads counts that many per thread.
 *
 * @param queueDepth the depth asked for per thread (fio {@code iodepth})
 * @param meanDepth the time-weighted mean depth per thread
 * @param peakDepth the most I/Os in the kernel just after a submitting call
 * @param submitterBusy the share of their wall time the submitting threads ran on a CPU or
 *     waited in a run queue for one (1 is a thread that never blocked), their mean; on Linux
 *     from {@code /proc/thread-self/schedstat}, else their CPU time alone; empty where neither
 *     can be read
 * @since 0.1.0
 */
public record InFlight(int queueDepth, double meanDepth, int peakDepth,
        OptionalDouble submitterBusy) {

    /** The depth counts as reached from this share of the depth asked for. */
    public static final double REACHED_SHARE = 0.8;
    /** A submitting thread at least this busy is saturated: it was the limit. */
    public static final double SATURATED_BUSY = 0.9;

    /**
     * {@return whether the depth was reached: the depth is 1, or the mean reached
     * {@link #REACHED_SHARE} of it, or the whole depth was in the kernel at once (the peak)
     * while the submitting threads had time to spare (not {@link #SATURATED_BUSY}): then a mean
     * short of the depth is the refill of a device that completes many I/Os at once (a virtio
     * disk whose host answers a whole queue with one interrupt: at depth 32 here, 23.5 on
     * average, peak 32, the thread 45 % busy), counted while the program queues the next ones,
     * not a depth the program could not keep}
     */
    public boolean reached() {
        return queueDepth <= 1 || meanDepth >= REACHED_SHARE * queueDepth
                || peakDepth >= queueDepth && !saturated();
    }

    /**
     * {@return whether the submitting threads were saturated ({@link #SATURATED_BUSY}) while the
     * depth was not reached: the figure may be the tool's limit on this CPU, not the drive's}
     */
    public boolean toolLimited() {
        return !reached() && saturated();
    }

    private boolean saturated() {
        return submitterBusy.isPresent() && submitterBusy.getAsDouble() >= SATURATED_BUSY;
    }

    /** For example {@code 15.9 in flight on average, peak 16, submitting thread 12 % busy}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(String.format(java.util.Locale.ROOT,
                "%.1f in flight on average, peak %d", meanDepth, peakDepth));
        submitterBusy.ifPresent(b -> sb.append(String.format(java.util.Locale.ROOT,
                ", submitting thread %.0f %% busy", 100 * b)));
        return sb.toString();
    }
}
