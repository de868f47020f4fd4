package io.github.drivespeed.test;

import static io.github.drivespeed.test.StorageExtensionFixtures.PROPERTY;
import static io.github.drivespeed.test.StorageExtensionFixtures.RECEIVED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.testing.TestFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/**
 * {@link EnabledIfStorage} run as a user's test would be, through the JUnit Platform test kit:
 * it skips with the reason where the target is absent or not the kind named, runs where it is,
 * injects measured reports and publishes their figures, and fails on a bad setting.
 */
class StorageExtensionTest {

    @TempDir
    Path dir;

    @BeforeEach
    void clear() {
        RECEIVED.clear();
    }

    private static EngineExecutionResults run(Class<?> fixture, String directory) {
        var kit = EngineTestKit.engine("junit-jupiter").selectors(selectClass(fixture));
        if (directory != null) {
            kit = kit.configurationParameter(PROPERTY, directory);
        }
        return kit.execute();
    }

    private static List<String> skipReasons(EngineExecutionResults results) {
        return results.allEvents().skipped().stream()
                .map(e -> e.getRequiredPayload(String.class)).collect(Collectors.toList());
    }

    private static Map<String, String> entries(EngineExecutionResults results) {
        Map<String, String> all = new LinkedHashMap<>();
        for (Event e : results.testEvents().reportingEntryPublished().list()) {
            all.putAll(e.getRequiredPayload(ReportEntry.class).getKeyValuePairs());
        }
        return all;
    }

    private static Throwable failure(EngineExecutionResults results) {
        return results.testEvents().failed().list().get(0)
                .getRequiredPayload(org.junit.platform.engine.TestExecutionResult.class)
                .getThrowable().orElseThrow();
    }

    @Test
    void anAbsentTargetIsSkippedWithTheReasonAndNothingIsCreated() {
        Path absent = dir.resolve("card-not-inserted");
        EngineExecutionResults r = run(StorageExtensionFixtures.Sequential.class,
                absent.toString());
        r.testEvents().assertStatistics(s -> s.skipped(1).started(0));
        assertThat(skipReasons(r)).containsExactly("storage absent: " + absent
                + " does not exist (from system property or configuration parameter "
                + PROPERTY + ")");
        assertThat(RECEIVED).isEmpty();
        assertThat(absent).doesNotExist();
    }

    @Test
    void noTargetNamedAnywhereIsSkippedSayingHowToNameOne() {
        EngineExecutionResults r = run(StorageExtensionFixtures.Sequential.class, null);
        r.testEvents().assertStatistics(s -> s.skipped(1).started(0));
        assertThat(skipReasons(r)).singleElement().asString()
                .startsWith("no storage to test: set the system property " + PROPERTY)
                .contains("DRIVESPEED_FIXTURE_DIR");
    }

    @Test
    void aFileInsteadOfADirectoryIsSkipped() throws IOException {
        Path file = Files.writeString(dir.resolve("not-a-dir"), "x");
        EngineExecutionResults r = run(StorageExtensionFixtures.Sequential.class, file.toString());
        r.testEvents().assertStatistics(s -> s.skipped(1));
        assertThat(skipReasons(r)).singleElement().asString()
                .startsWith("storage is not a directory: " + file);
    }

    @Test
    void aPresentTargetRunsWithOneMeasuredReportInjectedAndPublished() throws IOException {
        EngineExecutionResults r = run(StorageExtensionFixtures.Sequential.class, dir.toString());
        r.testEvents().assertStatistics(s -> s.started(1).succeeded(1).failed(0));
        assertThat(RECEIVED).hasSize(3);
        SpeedReport report = (SpeedReport) RECEIVED.get(0);
        assertThat(RECEIVED.get(1)).as("measured once per test").isSameAs(report);
        assertThat(((TargetInfo) RECEIVED.get(2)).directory()).isEqualTo(dir);
        assertThat(report.target().directory()).isEqualTo(dir);
        assertThat(report.parameters().blockSize().bytes()).isEqualTo(64 * 1024);
        assertThat(report.parameters().count()).isEqualTo(16);
        assertThat(report.write().samples()).hasSize(1);

        Map<String, String> entries = entries(r);
        assertThat(entries).containsOnlyKeys("drivespeed.target", "drivespeed.backend",
                "drivespeed.write.median", "drivespeed.read.median", "drivespeed.warnings");
        assertThat(entries.get("drivespeed.write.median"))
                .isEqualTo(report.write().median().toString()).endsWith(" MiB/s)");
        assertThat(entries.get("drivespeed.read.median"))
                .isEqualTo(report.read().median().toString());
        assertThat(entries.get("drivespeed.target")).startsWith(dir.toString());
        assertThat(entries.get("drivespeed.backend")).isEqualTo(report.backend().name());
        assertThat(TestFiles.names(dir)).as("test files left behind").isEmpty();
    }

    @Test
    void aWorkloadParameterIsMeasuredAsItsAnnotationSays() throws IOException {
        EngineExecutionResults r = run(StorageExtensionFixtures.Workload.class, dir.toString());
        r.testEvents().assertStatistics(s -> s.started(1).succeeded(1));
        WorkloadReport report = (WorkloadReport) RECEIVED.get(0);
        assertThat(report.parameters().size().bytes()).isEqualTo(4L << 20);
        assertThat(report.parameters().blockSize().bytes()).isEqualTo(4096);
        assertThat(report.read()).isPresent();
        assertThat(report.write()).isEmpty();
        Map<String, String> entries = entries(r);
        assertThat(entries).containsKeys("drivespeed.workload", "drivespeed.workload.read.iops",
                "drivespeed.workload.read.latency.p99").doesNotContainKey(
                "drivespeed.workload.write.iops");
        assertThat(entries.get("drivespeed.workload.read.iops")).endsWith(" IOPS");
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void theFileSystemNamedRunsAndAnotherIsSkipped() {
        // @TempDir is on the build's disk (ext4 here); /dev/shm is tmpfs on Linux
        TargetInfo here = probe(dir);
        EngineExecutionResults onDisk = run(StorageExtensionFixtures.FileSystemNamed.class,
                dir.toString());
        if (List.of("ext4", "xfs", "btrfs").contains(here.fileSystemType())) {
            onDisk.testEvents().assertStatistics(s -> s.succeeded(1));
        }
        EngineExecutionResults inMemory = run(StorageExtensionFixtures.FileSystemNamed.class,
                "/dev/shm");
        inMemory.testEvents().assertStatistics(s -> s.skipped(1));
        assertThat(skipReasons(inMemory)).singleElement().asString()
                .isEqualTo("storage /dev/shm is on tmpfs, not one of [ext4, xfs, btrfs]"
                        + " (@EnabledIfStorage(fileSystem))");
    }

    @Test
    void aWarningNamedInSkipIfSkipsAndItsAbsenceRuns() {
        EngineExecutionResults inMemory = run(StorageExtensionFixtures.NotInMemory.class,
                "/dev/shm");
        inMemory.testEvents().assertStatistics(s -> s.skipped(1));
        assertThat(skipReasons(inMemory)).singleElement().asString()
                .startsWith("storage /dev/shm has warning MEMORY_FILE_SYSTEM (")
                .endsWith("), which @EnabledIfStorage(skipIf) excludes");
        if (!probe(dir).warnings().contains(io.github.drivespeed.warning.Warning.MEMORY_FILE_SYSTEM)) {
            run(StorageExtensionFixtures.NotInMemory.class, dir.toString()).testEvents()
                    .assertStatistics(s -> s.succeeded(1));
        }
    }

    @Test
    void lessFreeSpaceThanMinFreeIsSkippedNamingBoth() {
        EngineExecutionResults r = run(StorageExtensionFixtures.HugeMinimum.class, dir.toString());
        r.testEvents().assertStatistics(s -> s.skipped(1));
        assertThat(skipReasons(r)).singleElement().asString()
                .startsWith("storage " + dir + " has ")
                .contains(" usable, less than @EnabledIfStorage(minFree) 1000 TiB (");
        assertThat(RECEIVED).isEmpty();
    }

    @Test
    void aBadSettingFailsNamingItEvenWhereTheTargetIsAbsent() {
        EngineExecutionResults r = run(StorageExtensionFixtures.BadMinimum.class,
                dir.resolve("absent").toString());
        r.testEvents().assertStatistics(s -> s.failed(1).skipped(0));
        assertThat(failure(r)).hasMessageContaining("@EnabledIfStorage minFree: ")
                .hasMessageContaining("1.5G");
        EngineExecutionResults count = run(StorageExtensionFixtures.BadCount.class,
                dir.toString());
        count.testEvents().assertStatistics(s -> s.failed(1));
        assertThat(failure(count)).hasMessageContaining("@EnabledIfStorage: count must be >= 1: 0");
        assertThat(RECEIVED).isEmpty();
    }

    @Test
    void onAClassItAppliesToEveryTest() {
        EngineExecutionResults absent = run(StorageExtensionFixtures.OnTheClass.class,
                dir.resolve("absent").toString());
        absent.containerEvents().assertStatistics(s -> s.skipped(1));
        absent.testEvents().assertStatistics(s -> s.started(0));
        EngineExecutionResults present = run(StorageExtensionFixtures.OnTheClass.class,
                dir.toString());
        present.testEvents().assertStatistics(s -> s.succeeded(2));
        assertThat(RECEIVED).hasSize(2);
    }

    @Test
    void withoutTheAnnotationNoReportIsResolved() {
        EngineExecutionResults r = run(StorageExtensionFixtures.Unannotated.class, dir.toString());
        r.testEvents().assertStatistics(s -> s.failed(1));
        assertThat(failure(r)).hasMessageContaining("No ParameterResolver registered");
    }

    private static TargetInfo probe(Path directory) {
        try {
            return io.github.drivespeed.DriveSpeed.probe(directory);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
