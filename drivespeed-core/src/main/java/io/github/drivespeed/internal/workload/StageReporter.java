package io.github.drivespeed.internal.workload;

import io.github.drivespeed.internal.io.IoLoop;
import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.progress.WorkloadListener;
import io.github.drivespeed.progress.WorkloadStage;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Tells a {@link WorkloadListener} about the stages of one workload and gives each worker an
 * {@link IoLoop.Progress} that publishes its measured bytes with one release store per I/O
 * ({@link AtomicLong#lazySet}): no lock, no allocation, no call into the listener on the I/O path.
 * {@link WorkloadStage#bytesDone()} sums the workers' counters when a display asks. Without a
 * listener the workers get {@link IoLoop.Progress#NONE}.
 */
final class StageReporter {

    private final WorkloadListener listener;
    private final int jobIndex;
    private final int jobCount;

    StageReporter(WorkloadListener listener, int jobIndex, int jobCount) {
        this.listener = listener;
        this.jobIndex = jobIndex;
        this.jobCount = jobCount;
    }

    /**
     * Starts a stage and tells the listener.
     *
     * @param workers how many workers will report progress
     * @return the stage, to hand each worker its progress and to finish
     */
    Stage start(WorkloadStage.Kind kind, WorkloadParameters job, int run, long plannedBytes,
            long plannedNanos, long startNanos, int workers) {
        if (listener == WorkloadListener.NONE) {
            return Stage.NONE;
        }
        AtomicLong[] counters = new AtomicLong[workers];
        for (int i = 0; i < workers; i++) {
            counters[i] = new AtomicLong();
        }
        WorkloadStage stage = WorkloadStages.of(kind, job, jobIndex, jobCount, run, plannedBytes,
                plannedNanos, startNanos, () -> {
                    long sum = 0;
                    for (AtomicLong c : counters) {
                        sum += c.get();
                    }
                    return sum;
                });
        listener.stageStarted(stage);
        return new Stage(listener, stage, counters);
    }

    /**
     * A stage the listener is not told about (a warm-up), whose workers still publish progress
     * as a measured run's do when there is a listener: so that the warm-up runs the same code.
     *
     * @param workers how many workers will report progress
     * @return the stage
     */
    Stage silent(int workers) {
        if (listener == WorkloadListener.NONE) {
            return Stage.NONE;
        }
        AtomicLong[] counters = new AtomicLong[workers];
        for (int i = 0; i < workers; i++) {
            counters[i] = new AtomicLong();
        }
        return new Stage(null, null, counters);
    }

    /** A started stage. */
    static final class Stage {
        /** Reports nothing. */
        static final Stage NONE = new Stage(null, null, null);

        private final WorkloadListener listener;
        private final WorkloadStage stage;
        private final AtomicLong[] counters;

        private Stage(WorkloadListener listener, WorkloadStage stage, AtomicLong[] counters) {
            this.listener = listener;
            this.stage = stage;
            this.counters = counters;
        }

        /** @return worker {@code index}'s progress: a release store of its measured bytes */
        IoLoop.Progress progress(int index) {
            if (counters == null) {
                return IoLoop.Progress.NONE;
            }
            AtomicLong counter = counters[index];
            return counter::lazySet;
        }

        /** Tells the listener the stage ended. */
        void finish() {
            if (listener != null) {
                listener.stageFinished(stage);
            }
        }
    }
}
