package io.github.drivespeed.progress;

/**
 * Told what a {@link io.github.drivespeed.WorkloadPlan} is doing, for a progress display: when each stage (the writing
 * of the test file before the runs, then each measured run of each workload) starts and ends.
 * Both methods are called on the thread that called {@code run()}, {@code sweep()} or
 * {@code presets()}, outside the timed I/O. A listener that throws aborts the workload (the test
 * file is removed and the exception propagates). The untimed warm-up is not reported.
 *
 * <p>There is no call per I/O: a workload may complete hundreds of thousands of 4 KiB I/Os a
 * second on several threads, and a call on each would cost more than the figure can bear. Instead
 * {@link WorkloadStage#bytesDone()} reads the workers' counters (each a single release store per
 * I/O, no lock, no allocation), so a display polls it from a thread of its own at its own pace.
 *
 * <pre>{@code
 * DriveSpeed.workload(dir).listener(new WorkloadListener() {
 *     public void stageStarted(WorkloadStage stage) { display.show(stage); }  // polls bytesDone()
 *     public void stageFinished(WorkloadStage stage) { display.clear(); }
 * }).run();
 * }</pre>
 *
 * @since 0.1.0
 */
public interface WorkloadListener {

    /** A listener that ignores everything. */
    WorkloadListener NONE = new WorkloadListener() { };

    /**
     * A stage is about to start; {@link WorkloadStage#bytesDone()} counts from 0.
     *
     * @param stage what is about to run; valid (and live) until {@link #stageFinished}
     */
    default void stageStarted(WorkloadStage stage) {
    }

    /**
     * A stage ended: every I/O completed and, if it wrote, the closing fdatasync returned.
     *
     * @param stage the stage started before, with its final count
     */
    default void stageFinished(WorkloadStage stage) {
    }
}
