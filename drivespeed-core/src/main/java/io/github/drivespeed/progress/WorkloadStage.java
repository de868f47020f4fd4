package io.github.drivespeed.progress;

import io.github.drivespeed.parameters.WorkloadParameters;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * One stage of a running {@link io.github.drivespeed.WorkloadPlan}, as told to a {@link WorkloadListener}: the writing
 * of the test file before the runs ({@link Kind#FILL}) or one measured run of one workload
 * ({@link Kind#RUN}). {@link #bytesDone()} is live: it reads the workers' counters each time it is
 * called, from any thread.
 *
 * @since 0.1.0
 */
public final class WorkloadStage {

    /**
     * What a stage does.
     *
     * @since 0.1.0
     */
    public enum Kind {
        /** The test file is being written in full (untimed) before the measured runs. */
        FILL,
        /** A measured run of a workload (after its ramp, if any). */
        RUN
    }

    private final Kind kind;
    private final WorkloadParameters job;
    private final int jobIndex;
    private final int jobCount;
    private final int run;
    private final long plannedBytes;
    private final long plannedNanos;
    private final long startNanos;
    private final LongSupplier bytesDone;

    /**
     * Not API: the measurement engine builds stages (through a private lookup, as this package
     * may not depend on the engine), listeners receive them.
     *
     * @param kind what the stage does
     * @param job the workload (for {@link Kind#FILL}, the first of those the file serves)
     * @param jobIndex the workload's position among those run over one file, from 1
     * @param jobCount how many workloads run over the file (more than 1 in a sweep or preset suite)
     * @param run the run, from 1; 0 for {@link Kind#FILL}
     * @param plannedBytes bytes the stage will move, or -1 when it is time-based
     * @param plannedNanos how long the stage will take including its ramp, or -1 when it is
     *     size-based
     * @param startNanos {@link System#nanoTime()} when the stage started
     * @param bytesDone reads the bytes moved so far in the measured part (ramp excluded)
     * @throws IllegalArgumentException if the numbers contradict each other
     */
    WorkloadStage(Kind kind, WorkloadParameters job, int jobIndex, int jobCount, int run,
            long plannedBytes, long plannedNanos, long startNanos, LongSupplier bytesDone) {
        this.kind = Objects.requireNonNull(kind, "kind");
        this.job = Objects.requireNonNull(job, "job");
        this.bytesDone = Objects.requireNonNull(bytesDone, "bytesDone");
        if (jobIndex < 1 || jobIndex > jobCount) {
            throw new IllegalArgumentException("jobIndex must be in [1, " + jobCount + "]: "
                    + jobIndex);
        }
        if (run < 0 || (kind == Kind.RUN) != (run > 0)) {
            throw new IllegalArgumentException("run must be 0 for FILL and >= 1 for RUN: " + run);
        }
        if (plannedBytes < -1 || plannedNanos < -1 || (plannedBytes < 0 && plannedNanos < 0)) {
            throw new IllegalArgumentException("a stage is planned by bytes or by time: "
                    + plannedBytes + " bytes, " + plannedNanos + " ns");
        }
        this.jobIndex = jobIndex;
        this.jobCount = jobCount;
        this.run = run;
        this.plannedBytes = plannedBytes;
        this.plannedNanos = plannedNanos;
        this.startNanos = startNanos;
    }

    /** {@return what the stage does} */
    public Kind kind() {
        return kind;
    }

    /** {@return the workload's settings (for {@link Kind#FILL}, the first workload's)} */
    public WorkloadParameters parameters() {
        return job;
    }

    /** {@return the workload's position among those run over one test file, from 1} */
    public int jobIndex() {
        return jobIndex;
    }

    /** {@return how many workloads run over the test file (1 unless a sweep or preset suite)} */
    public int jobCount() {
        return jobCount;
    }

    /** {@return the run, from 1 to {@code parameters().runs()}; 0 for {@link Kind#FILL}} */
    public int run() {
        return run;
    }

    /**
     * {@return bytes the stage will move when it is size-based (the fill, or a run with a
     * {@link io.github.drivespeed.WorkloadPlan#count(long) count}), else -1}
     */
    public long plannedBytes() {
        return plannedBytes;
    }

    /**
     * {@return how long a time-based run will take, its ramp included, in nanoseconds; -1 when the
     * stage is size-based}
     */
    public long plannedNanos() {
        return plannedNanos;
    }

    /** {@return {@link System#nanoTime()} when the stage started (its ramp included)} */
    public long startNanoTime() {
        return startNanos;
    }

    /**
     * Bytes moved so far in the measured part of the stage, over all its workers (reads and
     * writes). Reads counters the workers update after each I/O; may lag by the I/Os in flight.
     *
     * @return bytes, {@code >= 0}
     */
    public long bytesDone() {
        return bytesDone.getAsLong();
    }

    /** For example {@code run 2 of randread, bs 4 KiB, ... (workload 3 of 8)}. */
    @Override
    public String toString() {
        return (kind == Kind.FILL ? "writing the test file for " : "run " + run + " of ")
                + job + (jobCount > 1 ? " (workload " + jobIndex + " of " + jobCount + ")" : "");
    }
}
