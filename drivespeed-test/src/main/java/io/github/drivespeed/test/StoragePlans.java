package io.github.drivespeed.test;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.SequentialPlan;
import io.github.drivespeed.WorkloadPlan;
import io.github.drivespeed.error.DirectIoUnsupportedException;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.unit.Nanoseconds;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The plans an {@link EnabledIfStorage} test's parameters are measured with, built from the
 * annotations. Building a plan validates every setting and touches nothing on disk, so a bad
 * setting fails the test, naming the annotation, the setting and the value, before any I/O and
 * whether or not the target is there.
 */
final class StoragePlans {

    private StoragePlans() {
    }

    /**
     * @param storage the test's annotation
     * @param directory where to measure
     * @return the sequential plan
     * @throws IllegalArgumentException naming the setting and the value if one is not valid
     */
    static SequentialPlan sequential(EnabledIfStorage storage, Path directory) {
        try {
            SequentialPlan plan = DriveSpeed.on(directory).blockSize(storage.blockSize())
                    .count(storage.count()).runs(storage.runs());
            return storage.bufferedFallback() ? plan.directOrBuffered() : plan.direct();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("@EnabledIfStorage: " + e.getMessage(), e);
        }
    }

    /**
     * @param workload the parameter's annotation, or null for the defaults
     * @param directory where to measure
     * @return the workload plan, direct I/O
     * @throws IllegalArgumentException naming the setting and the value if one is not valid
     */
    static WorkloadPlan workload(MeasuredWorkload workload, Path directory) {
        MeasuredWorkload w = workload == null ? Defaults.WORKLOAD : workload;
        try {
            // null: the duration must carry its unit
            WorkloadPlan plan = DriveSpeed.workload(directory).preset(w.preset()).size(w.size())
                    .duration(Nanoseconds.parse(w.duration(), null)).direct();
            if (w.readPercent() == 100) {
                return plan.read();
            }
            return w.readPercent() == 0 ? plan.write() : plan.readPercent(w.readPercent());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("@MeasuredWorkload: " + e.getMessage(), e);
        }
    }

    /**
     * Runs a workload, buffered where the file system refuses O_DIRECT if the test allows it.
     *
     * @param plan the direct plan
     * @param bufferedFallback whether to fall back
     * @return the report
     * @throws IOException if it could not be measured
     */
    static WorkloadReport run(WorkloadPlan plan, boolean bufferedFallback) throws IOException {
        try {
            return plan.run();
        } catch (DirectIoUnsupportedException e) {
            if (!bufferedFallback) {
                throw e;
            }
            return plan.buffered().run();
        }
    }

    /** Holds the defaults of {@link MeasuredWorkload}, for a parameter without it. */
    private static final class Defaults {
        static final MeasuredWorkload WORKLOAD;

        static {
            try {
                WORKLOAD = Defaults.class.getDeclaredMethod("annotated", WorkloadReport.class)
                        .getParameters()[0].getAnnotation(MeasuredWorkload.class);
            } catch (NoSuchMethodException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        @SuppressWarnings("unused")
        private static void annotated(@MeasuredWorkload WorkloadReport report) {
        }
    }
}
