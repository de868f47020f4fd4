package io.github.drivespeed.internal.workload;

import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.progress.WorkloadStage;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * The engine's way to create a {@link WorkloadStage}, whose constructor is not public API:
 * {@code WorkloadStage} hands its constructor over here when its class is initialized (this
 * package is not exported, so callers outside the module cannot reach it).
 */
public final class StageAccess {

    /** {@link WorkloadStage}'s constructor, with its arguments. */
    @FunctionalInterface
    public interface Factory {
        /**
         * Creates a stage; see {@link WorkloadStage} for the arguments.
         *
         * @param kind what the stage does
         * @param job the workload
         * @param jobIndex the workload's position among those run over one file, from 1
         * @param jobCount how many workloads run over the file
         * @param run the run, from 1; 0 for a fill
         * @param plannedBytes bytes the stage will move, or -1 when it is time-based
         * @param plannedNanos how long the stage will take, or -1 when it is size-based
         * @param startNanos {@link System#nanoTime()} when the stage started
         * @param bytesDone reads the bytes moved so far in the measured part
         * @return the stage
         */
        WorkloadStage create(WorkloadStage.Kind kind, WorkloadParameters job, int jobIndex,
                int jobCount, int run, long plannedBytes, long plannedNanos, long startNanos,
                LongSupplier bytesDone);
    }

    private static volatile Factory factory;

    private StageAccess() {
    }

    /**
     * Called once, by {@link WorkloadStage}'s class initialization.
     *
     * @param constructor the stage's constructor
     */
    public static void setFactory(Factory constructor) {
        factory = Objects.requireNonNull(constructor, "constructor");
    }

    /**
     * {@return the factory of stages}, initializing {@link WorkloadStage} first if need be
     */
    static Factory factory() {
        Factory f = factory;
        if (f == null) {
            try {
                Class.forName(WorkloadStage.class.getName(), true,
                        WorkloadStage.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
            f = factory;
        }
        return f;
    }
}
