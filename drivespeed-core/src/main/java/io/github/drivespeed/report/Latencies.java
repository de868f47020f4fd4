package io.github.drivespeed.report;

import java.util.Objects;

/**
 * The latency of each I/O of a run, as fio names and splits it (fio HOWTO, "slat", "clat",
 * "lat"): {@link #total()} is fio's {@code lat}, from just before an I/O was submitted to just
 * after its completion was reaped. With an asynchronous engine (libaio, io_uring) it is split at
 * the return of the system call that handed the I/O to the kernel (io_submit(2),
 * io_uring_enter(2)): {@link #submission()} before it (fio's {@code slat}), {@link #completion()}
 * after it (fio's {@code clat}); per I/O the two add up to the total. A synchronous engine (psync:
 * one pread(2) or pwrite(2) per I/O) has no submission apart from the call: the submission
 * latency is {@link LatencyStats#NONE} and the completion latency is the total itself, as fio
 * reports psync's {@code clat} and {@code lat} as the same call. Each is a distribution of
 * nanoseconds from {@link System#nanoTime()}. An immutable value.
 *
 * @param total fio's {@code lat} of each I/O, submission to reap (for a synchronous call, the
 *     call); {@link LatencyStats#NONE} when not recorded
 * @param submission fio's {@code slat} of each I/O, from just before its submission to the return
 *     of the system call that submitted it; {@link LatencyStats#NONE} when the engine does not
 *     submit apart from doing the I/O (psync) or nothing was recorded
 * @param completion fio's {@code clat} of each I/O, from that return to the reap; the
 *     {@code total} itself when the submission was not timed apart
 * @since 0.1.0
 */
public record Latencies(LatencyStats total, LatencyStats submission, LatencyStats completion) {

    /** Nothing recorded: every part {@link LatencyStats#NONE}. */
    public static final Latencies NONE = of(LatencyStats.NONE);

    /**
     * Checks the values.
     *
     * @param total fio's {@code lat}; {@link LatencyStats#NONE} when not recorded
     * @param submission fio's {@code slat}; {@link LatencyStats#NONE} when not timed apart
     * @param completion fio's {@code clat}; replaced by {@code total} when the submission
     *     latency is {@link LatencyStats#NONE}
     * @throws NullPointerException if any is null
     * @throws IllegalArgumentException if a submission latency was given whose count, or whose
     *     completion latency's count, differs from the total's
     */
    public Latencies {
        Objects.requireNonNull(total, "total");
        Objects.requireNonNull(submission, "submission");
        Objects.requireNonNull(completion, "completion");
        if (submission.count() == 0) {
            completion = total;
        } else if (submission.count() != total.count()
                || completion.count() != total.count()) {
            throw new IllegalArgumentException("submission and completion latency must time the"
                    + " same I/Os as the latency: " + submission.count() + ", "
                    + completion.count() + " and " + total.count() + " I/Os");
        }
    }

    /**
     * The latency of synchronous calls, not split: no submission latency, the completion latency
     * the total itself.
     *
     * @param total fio's {@code lat} (here also its {@code clat}) of each I/O
     * @return the latencies
     */
    public static Latencies of(LatencyStats total) {
        return new Latencies(total, LatencyStats.NONE, total);
    }
}
