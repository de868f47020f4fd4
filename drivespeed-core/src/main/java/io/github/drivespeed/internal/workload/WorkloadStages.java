package io.github.drivespeed.internal.workload;

import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.progress.WorkloadStage;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.function.LongSupplier;

/**
 * Builds {@link WorkloadStage}s, whose constructor is not API (listeners receive stages, they do
 * not build them): through a private lookup into {@code progress}, which may not depend on the
 * engine and so cannot hand it a factory. Found once, when the class is loaded.
 */
final class WorkloadStages {

    private static final MethodHandle CONSTRUCTOR = constructor();

    private WorkloadStages() {
    }

    /**
     * A stage, checked by its constructor.
     *
     * @param kind what the stage does
     * @param job the workload
     * @param jobIndex the workload's position among those run over one file, from 1
     * @param jobCount how many workloads run over the file
     * @param run the run, from 1; 0 for {@link WorkloadStage.Kind#FILL}
     * @param plannedBytes bytes the stage will move, or -1 when it is time-based
     * @param plannedNanos how long the stage will take including its ramp, nanoseconds, or -1
     *     when it is size-based
     * @param startNanoTime {@link System#nanoTime()} when the stage started
     * @param bytesDone reads the bytes moved so far in the measured part
     * @return the stage
     * @throws IllegalArgumentException if the numbers contradict each other
     */
    static WorkloadStage of(WorkloadStage.Kind kind, WorkloadParameters job, int jobIndex,
            int jobCount, int run, long plannedBytes, long plannedNanos, long startNanoTime,
            LongSupplier bytesDone) {
        try {
            return (WorkloadStage) CONSTRUCTOR.invokeExact(kind, job, jobIndex, jobCount, run,
                    plannedBytes, plannedNanos, startNanoTime, bytesDone);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("WorkloadStage's constructor threw " + e, e);
        }
    }

    private static MethodHandle constructor() {
        try {
            return MethodHandles.privateLookupIn(WorkloadStage.class, MethodHandles.lookup())
                    .findConstructor(WorkloadStage.class, MethodType.methodType(void.class,
                            WorkloadStage.Kind.class, WorkloadParameters.class, int.class,
                            int.class, int.class, long.class, long.class, long.class,
                            LongSupplier.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
