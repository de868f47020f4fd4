package io.github.drivespeed.report.engine;

import io.github.drivespeed.internal.check.SettingChecks;
import io.github.drivespeed.parameters.IoEngine;
import java.util.Objects;
import java.util.Optional;

/**
 * How a workload issued its I/O: the engine, named as fio names it, how many threads kept how
 * many I/Os in flight, and why a preferred engine did not run.
 *
 * @param ioEngine the engine that ran
 * @param requestedIoEngine the engine the plan asked for, or empty when the engine chose
 * @param threads threads of the workload (fio {@code numjobs})
 * @param queueDepth I/Os in flight per thread the workload asked for (fio {@code iodepth}); with
 *     {@link IoEngine#PSYNC} above 1 it is run as {@code queueDepth} threads per thread
 * @param details how the engine ran, for example {@code registered file, 2 registered buffers;
 *     submits every queued I/O in one call before reaping}; empty for psync (an empty string is
 *     taken as empty)
 * @param fallbackReason why a preferred engine did not run, for example {@code io_uring not used:
 *     io_uring_setup(2): EPERM (Operation not permitted); kernel.io_uring_disabled = 2}, or why
 *     the queue depth was run as threads; empty when the best engine ran
 * @param inFlight the depth actually in flight beside {@code queueDepth}, or empty where not
 *     measured
 * @since 0.1.0
 */
public record EngineInfo(IoEngine ioEngine, Optional<IoEngine> requestedIoEngine, int threads,
        int queueDepth, Optional<String> details, Optional<String> fallbackReason,
        Optional<InFlight> inFlight) {

    /**
     * Checks that no field is null and the counts are at least 1.
     *
     * @param ioEngine the engine that ran
     * @param requestedIoEngine the engine the plan asked for, or empty when the engine chose
     * @param threads threads of the workload
     * @param queueDepth I/Os in flight per thread the workload asked for
     * @param details how the engine ran; empty for psync
     * @param fallbackReason why a preferred engine did not run; empty when the best one ran
     * @param inFlight the depth actually in flight, or empty where not measured
     */
    public EngineInfo {
        Objects.requireNonNull(ioEngine, "ioEngine");
        Objects.requireNonNull(requestedIoEngine, "requestedIoEngine");
        details = Objects.requireNonNull(details, "details").filter(d -> !d.isEmpty());
        Objects.requireNonNull(fallbackReason, "fallbackReason");
        Objects.requireNonNull(inFlight, "inFlight");
        SettingChecks.requireAtLeast("threads", threads, 1);
        SettingChecks.requireAtLeast("queueDepth", queueDepth, 1);
    }

    /** {@return whether a queue depth above 1 was run as that many synchronous threads} */
    public boolean queueDepthRunAsThreads() {
        return !ioEngine.asynchronous() && queueDepth > 1;
    }

    /**
     * {@return the workers that issued I/O: {@code threads}, or {@code threads x queueDepth} when
     * the queue depth was run as threads}
     */
    public int workers() {
        return queueDepthRunAsThreads() ? threads * queueDepth : threads;
    }

    /**
     * For example {@code io_uring (registered file, 2 registered buffers; submits every queued
     * I/O in one call before reaping): 1 thread x queue depth 32 (31.2 in flight on average, peak
     * 32, submitting thread 40 % busy)}, or {@code psync: 2 x 4 = 8 threads x queue depth 1
     * (queue depth 4 run as threads); the java backend has no asynchronous engine}.
     */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(ioEngine.fioName());
        details.ifPresent(d -> sb.append(" (").append(d).append(')'));
        sb.append(": ");
        if (queueDepthRunAsThreads()) {
            sb.append(threads).append(" x ").append(queueDepth).append(" = ").append(workers())
                    .append(" threads x queue depth 1 (queue depth ").append(queueDepth)
                    .append(" run as threads)");
        } else {
            sb.append(threads).append(threads == 1 ? " thread" : " threads")
                    .append(" x queue depth ").append(ioEngine.asynchronous() ? queueDepth : 1);
            if (ioEngine.asynchronous()) {
                inFlight.ifPresent(f -> sb.append(" (").append(f).append(')'));
            }
        }
        fallbackReason.ifPresent(r -> sb.append("; ").append(r));
        return sb.toString();
    }
}
