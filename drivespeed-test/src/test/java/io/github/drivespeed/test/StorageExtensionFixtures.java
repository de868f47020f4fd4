package io.github.drivespeed.test;

import io.github.drivespeed.parameters.Preset;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.warning.Warning;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * Test classes that {@link StorageExtensionTest} runs through the JUnit Platform test kit, each
 * pointed at its directory with the configuration parameter {@value #PROPERTY}. Nested, so that
 * Surefire does not run them on their own.
 */
final class StorageExtensionFixtures {

    /** The property every fixture reads its directory from. */
    static final String PROPERTY = "drivespeed.fixture.dir";

    /** What the fixtures' tests were given, in order. */
    static final List<Object> RECEIVED = new CopyOnWriteArrayList<>();

    private StorageExtensionFixtures() {
    }

    static class Sequential {
        @Test
        @EnabledIfStorage(property = PROPERTY, blockSize = "64K", count = 16, runs = 1)
        void measures(SpeedReport report, SpeedReport sameReport, TargetInfo target) {
            RECEIVED.add(report);
            RECEIVED.add(sameReport);
            RECEIVED.add(target);
        }
    }

    static class Workload {
        @Test
        @EnabledIfStorage(property = PROPERTY)
        void measures(@MeasuredWorkload(preset = Preset.RND4K_Q1T1, size = "4M",
                duration = "200ms") WorkloadReport report) {
            RECEIVED.add(report);
        }
    }

    static class FileSystemNamed {
        @Test
        @EnabledIfStorage(property = PROPERTY, fileSystemTypes = {"ext4", "xfs", "btrfs"},
                blockSize = "64K", count = 4, runs = 1)
        void runs(SpeedReport report) {
            RECEIVED.add(report);
        }
    }

    static class NotInMemory {
        @Test
        @EnabledIfStorage(property = PROPERTY, skipIf = Warning.MEMORY_FILE_SYSTEM)
        void runs(TargetInfo target) {
            RECEIVED.add(target);
        }
    }

    static class HugeMinimum {
        @Test
        @EnabledIfStorage(property = PROPERTY, minFree = "1000T")
        void runs() {
            RECEIVED.add("ran");
        }
    }

    static class BadMinimum {
        @Test
        @EnabledIfStorage(property = PROPERTY, minFree = "1.5G")
        void runs() {
            RECEIVED.add("ran");
        }
    }

    static class BadCount {
        @Test
        @EnabledIfStorage(property = PROPERTY, count = 0)
        void runs() {
            RECEIVED.add("ran");
        }
    }

    @EnabledIfStorage(property = PROPERTY)
    static class OnTheClass {
        @Test
        void first(TargetInfo target) {
            RECEIVED.add(target);
        }

        @Test
        void second(TargetInfo target) {
            RECEIVED.add(target);
        }
    }

    static class Unannotated {
        @Test
        void cannotTakeAReport(SpeedReport report) {
            RECEIVED.add(report);
        }
    }
}
