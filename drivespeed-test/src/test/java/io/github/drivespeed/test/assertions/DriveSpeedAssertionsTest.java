package io.github.drivespeed.test.assertions;

import static io.github.drivespeed.test.assertions.DriveSpeedAssertions.assertThat;
import static io.github.drivespeed.test.assertions.DriveSpeedAssertions.assertThatThrownBy;
import static io.github.drivespeed.test.assertions.DriveSpeedAssertions.megabytesPerSecond;
import static io.github.drivespeed.test.assertions.DriveSpeedAssertions.mebibytesPerSecond;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.parameters.Preset;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.SustainedReport;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.requirement.Measurements;
import io.github.drivespeed.requirement.RequirementCheck;
import io.github.drivespeed.requirement.SdClass;
import io.github.drivespeed.requirement.StorageRequirement;
import io.github.drivespeed.test.TestReports;
import io.github.drivespeed.testing.SharedDisk;
import io.github.drivespeed.unit.Throughput;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The assertions pass where the report holds and fail, with figures in units, where it does
 * not: each check is shown both ways, on real reports of a temporary directory and on passes of
 * known figures.
 */
class DriveSpeedAssertionsTest {

    @TempDir
    static Path dir;

    static SpeedReport zeros;
    static WorkloadReport randomReads;

    @BeforeAll
    static void measure() throws IOException {
        // zero-filled data: the report carries ZERO_FILLED_DATA, a warning to pin both ways
        zeros = DriveSpeed.on(dir).blockSize("64K").count(16).runs(1).zeros().directOrBuffered()
                .run();
        randomReads = DriveSpeed.workload(dir).preset(Preset.RND4K_Q1T1).size("4M")
                .duration(Duration.ofMillis(200)).run();
    }

    /** One run that moved 30 MB in one second: exactly 30 MB/s. */
    private static PassResult thirtyMegabytesPerSecond() {
        return PassResult.of(PassKind.WRITE, List.of(Sample.of(1, 30_000_000, 1_000_000_000)),
                Set.of());
    }

    @Test
    void aThroughputBoundFailsWithBothFiguresInBothUnits() {
        assertThat(thirtyMegabytesPerSecond()).median().isAtLeast(megabytesPerSecond(30))
                .isAtMost(megabytesPerSecond(30));
        assertThatThrownBy(() -> assertThat(thirtyMegabytesPerSecond()).median()
                .isAtLeast(megabytesPerSecond(40)))
                .isInstanceOf(AssertionError.class)
                .hasMessage("Expecting the median throughput of the write pass to be at least"
                        + " 40.0 MB/s (38.1 MiB/s) but was 30.0 MB/s (28.6 MiB/s) (75.0 % of it)");
        assertThatThrownBy(() -> assertThat(thirtyMegabytesPerSecond()).max()
                .isAtMost(mebibytesPerSecond(20)))
                .hasMessage("Expecting the fastest run's throughput of the write pass to be at most"
                        + " 21.0 MB/s (20.0 MiB/s) but was 30.0 MB/s (28.6 MiB/s) (143.1 % of it)");
    }

    @Test
    void aFigureThatIsNotAvailableFailsEveryBound() {
        // the standard deviation of one run is not available
        Throughput stdev = thirtyMegabytesPerSecond().standardDeviation();
        assertThatThrownBy(() -> assertThat(stdev).isAvailable())
                .hasMessage("Expecting the throughput to be available, but it could not be"
                        + " computed (n/a)");
        assertThatThrownBy(() -> assertThat(stdev).isAtMost(megabytesPerSecond(1)))
                .hasMessageContaining("is not available (n/a)");
        assertThatThrownBy(() -> assertThat(megabytesPerSecond(1)).isAtLeast(stdev))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theRealReportNavigatesToItsPasses() {
        assertThat(zeros).write().median().isAvailable().isAtLeast(megabytesPerSecond(0.001));
        assertThat(zeros).read().overall().isAtLeast(megabytesPerSecond(0.001));
        assertThatThrownBy(() -> assertThat(zeros).read().min()
                .isAtLeast(megabytesPerSecond(1e12)))
                .hasMessageStartingWith("Expecting the slowest run's throughput of the read pass on "
                        + dir + " to be at least 1000000000000.0 MB/s (953674316406.3 MiB/s) but"
                        + " was ")
                .hasMessageContaining(" MB/s (");
    }

    @Test
    void warningsArePinnedBothWays() {
        assertThat(zeros).hasWarning(Warning.ZERO_FILLED_DATA)
                .write().hasWarning(Warning.ZERO_FILLED_DATA);
        assertThatThrownBy(() -> assertThat(zeros).hasNoWarning(Warning.ZERO_FILLED_DATA))
                .hasMessageStartingWith("Expecting the report on " + dir
                        + " to have no warning ZERO_FILLED_DATA, but it has: "
                        + Warning.ZERO_FILLED_DATA.message());
        assertThatThrownBy(() -> assertThat(zeros).hasNoWarnings())
                .hasMessageContaining("ZERO_FILLED_DATA: " + Warning.ZERO_FILLED_DATA.message());
        assertThat(thirtyMegabytesPerSecond()).hasNoWarnings()
                .hasNoWarning(Warning.ZERO_FILLED_DATA);
        assertThatThrownBy(() -> assertThat(thirtyMegabytesPerSecond())
                .hasWarning(Warning.SYNC_MOUNT))
                .hasMessage("Expecting the write pass to have warning SYNC_MOUNT ("
                        + Warning.SYNC_MOUNT.message() + "), but its warnings are []");
    }

    @Test
    void latencyPercentilesAreBoundedInDurationsAndPrintedInFioUnits() {
        assertThat(randomReads).read().latency().hasAtLeastIos(1)
                .percentile(99).isAtMost(Duration.ofMinutes(1)).isAtLeast(Duration.ofNanos(1));
        assertThat(randomReads).read().latency().median().isAtMost(Duration.ofMinutes(1));
        assertThatThrownBy(() -> assertThat(randomReads).read().latency().max()
                .isAtMost(Duration.ofNanos(1)))
                .hasMessageStartingWith("Expecting p100 latency of the reads of the workload on "
                        + dir + " to be at most 1 ns but was ");
        assertThatThrownBy(() -> assertThat(randomReads).read().completionLatency()
                .percentile(99.9).isAtMost(Duration.ofNanos(1)))
                .hasMessageStartingWith("Expecting p99.9 completion latency of the reads of the"
                        + " workload on " + dir + " to be at most 1 ns but was ")
                .hasMessageEndingWith(" I/Os)");
        assertThatThrownBy(() -> assertThat(thirtyMegabytesPerSecond()).latency().max()
                .isAtMost(Duration.ofSeconds(1)))
                .hasMessageContaining("no I/Os were timed");
    }

    @Test
    void iopsAndMissingDirectionsFailNamingThem() {
        assertThat(randomReads).read().medianIops().isAtLeast(1);
        assertThatThrownBy(() -> assertThat(randomReads).read().medianIops().isAtLeast(1e12))
                .hasMessageStartingWith("Expecting the median IOPS of the reads of the workload on "
                        + dir + " to be at least 1000000000000 IOPS but was ")
                .hasMessageEndingWith(" IOPS");
        assertThatThrownBy(() -> assertThat(randomReads).write())
                .hasMessageStartingWith("Expecting the workload on " + dir
                        + " to have measured writes, but it did not (");
    }

    /**
     * A requirement the figures meet passes, one they miss fails listing the criteria in units.
     * The figures come from the shared disk ({@code @TempDir}): on a machine where other builds
     * measure or write there too, they are rightly flagged {@code CONCURRENT_MEASUREMENT} or
     * {@code FOREIGN_IO} and left out of every requirement, so a met requirement is asserted
     * only for figures without those flags; flagged ones must fail it naming the flags.
     */
    @Test
    void requirementsPassOrListTheCriteriaInUnits() throws Throwable {
        String slow = "write=1kB/s,read=1kB/s";
        metOrLeftOutAsShared(() -> assertThat(zeros).meets(slow),
                StorageRequirement.parse(slow).check(zeros), zeros.warnings());
        metOrLeftOutAsShared(() -> assertThat(randomReads).meets("randread=1"),
                StorageRequirement.parse("randread=1").check(Measurements.of(randomReads)),
                randomReads.warnings());
        boolean shared = !SharedDisk.flags(zeros.write().warnings()).isEmpty();
        String bound = "sequential write >= 1000000.0 MB/s (953674.3 MiB/s): ";
        assertThatThrownBy(() -> assertThat(zeros).meets("write=1000GB/s"))
                .hasMessageStartingWith("Expecting the report on " + dir
                        + " to meet write=1000GB/s")
                .hasMessageContaining(shared ? ", but it was not judged: 1 of 1 criteria could"
                        + " not be:" : ", but 1 of 1 criteria failed:")
                .hasMessageContaining(shared ? "not judged: " + bound
                        : "failed: " + bound + "slowest measured ");
        StorageRequirement fast = StorageRequirement.parse("write=1000GB/s");
        if (shared) {
            SharedDisk.assertMetOrLeftOutAsShared(fast.check(zeros), zeros.write().warnings());
        } else {
            assertThat(fast.check(zeros)).hasFailed(StorageRequirement.Criterion.SEQUENTIAL_WRITE);
        }
        assertThatThrownBy(() -> assertThat(fast.check(zeros)).hasPassed())
                .hasMessageContaining("sequential write >= 1000000.0 MB/s");
        assertThatThrownBy(() -> assertThat(StorageRequirement.parse("write=1kB/s").check(zeros))
                .hasFailed(StorageRequirement.Criterion.SEQUENTIAL_WRITE))
                .hasMessageContaining("to fail on sequential write, but it did not");
    }

    /**
     * An SD class on a burst is not judged: the assertions say so apart from a failure, and
     * {@code isNotJudged}, {@code hasNotJudged} pin it; a sustained write judges the class.
     */
    @Test
    void aClassOnABurstIsNotJudgedAndTheAssertionsSaySo() {
        SpeedReport burst = TestReports.speedReport().write(megabytesPerSecond(300))
                .read(megabytesPerSecond(300)).build();
        RequirementCheck v30 = SdClass.V30.requirement().check(burst);
        assertThat(v30).isNotJudged().hasNotJudged(StorageRequirement.Criterion.SUSTAINED_WRITE,
                RequirementCheck.NotJudged.BURST_ONLY);
        assertThatThrownBy(() -> assertThat(v30).hasNotJudged(
                StorageRequirement.Criterion.SUSTAINED_WRITE,
                RequirementCheck.NotJudged.NOT_THE_DRIVES))
                .hasMessageContaining("to leave sustained write not judged (figures left out as"
                        + " not the drive's), but it did not");
        assertThatThrownBy(() -> assertThat(burst).meets("V30"))
                .hasMessageStartingWith("Expecting the report on /test to meet SD Video Speed"
                        + " Class 30 (V30)")
                .hasMessageContaining("but it was not judged: 1 of 1 criteria could not be:")
                .hasMessageContaining("requirement SD Video Speed Class 30 (V30): NOT JUDGED");
        assertThatThrownBy(() -> assertThat(StorageRequirement.parse("write=1MB/s")
                .check(burst)).isNotJudged())
                .hasMessageContaining("not to be judged on write=1MB/s: sequential write >= 1.00"
                        + " MB/s (0.954 MiB/s), but it was:\nrequirement write=1MB/s: met");
        // 64 MiB in a second, ended by a size given: a burst, not judged either
        SustainedReport cut = TestReports.sustainedReport()
                .write(Sample.of(1, 64L << 20, 1_000_000_000L), SustainedReport.Stop.SIZE).build();
        assertThatThrownBy(() -> assertThat(cut).meets("V30"))
                .hasMessageContaining("the sustained write on /test to meet")
                .hasMessageContaining("burst only: the sustained write stopped at the size or"
                        + " time given");
        assertThat(TestReports.sustainedReport().rate(megabytesPerSecond(31)).build())
                .meets("V30").hasNoWarnings();
    }

    /**
     * Asserts that a report meets a requirement ({@code meets}, {@code check}) where its figures
     * carry none of the shared disk's flags, and that the assertion fails naming them where they
     * do.
     */
    private static void metOrLeftOutAsShared(ThrowingCallable meets, RequirementCheck check,
            Set<Warning> warnings) throws Throwable {
        SharedDisk.assertMetOrLeftOutAsShared(check, warnings);
        if (SharedDisk.flags(warnings).isEmpty()) {
            meets.call();
        } else {
            assertThatThrownBy(meets).hasMessageContaining("not judged: ")
                    .hasMessageFindingMatch(SharedDisk.LEFT_OUT_AS_SHARED.pattern());
        }
    }

    @Test
    void assertJsOwnAssertionsComeWithTheSameImport() {
        assertThat(List.of(1, 2)).hasSize(2);
        assertThat("MB/s").startsWith("MB");
    }
}
