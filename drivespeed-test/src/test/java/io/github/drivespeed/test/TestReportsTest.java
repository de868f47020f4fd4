package io.github.drivespeed.test;

import static io.github.drivespeed.test.assertions.DriveSpeedAssertions.assertThat;
import static io.github.drivespeed.test.assertions.DriveSpeedAssertions.assertThatThrownBy;
import static io.github.drivespeed.test.assertions.DriveSpeedAssertions.megabytesPerSecond;

import io.github.drivespeed.parameters.CapacityParameters;
import io.github.drivespeed.report.CapacityCheckReport;
import io.github.drivespeed.report.CapacityProbeReport;
import io.github.drivespeed.report.medium.DataLossKind;
import io.github.drivespeed.report.DeviceReport;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.Report;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.SustainedReport;
import io.github.drivespeed.report.Verdict;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.report.medium.CacheEstimate;
import io.github.drivespeed.report.medium.WarmUpWrite;
import io.github.drivespeed.requirement.Measurements;
import io.github.drivespeed.requirement.RequirementCheck;
import io.github.drivespeed.requirement.SdClass;
import io.github.drivespeed.requirement.StorageRequirement;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.warning.Warning;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The built reports hold the figures they were given, pass drivespeed's own checks and its
 * assertions, and carry the verdict drivespeed would give such figures.
 */
class TestReportsTest {

    @Test
    void aSequentialReportHasTheRatesGivenAndThePlansDefaults() {
        SpeedReport r = TestReports.speedReport()
                .write(megabytesPerSecond(30), megabytesPerSecond(32), megabytesPerSecond(31))
                .read(megabytesPerSecond(90)).build();
        assertThat(r).write().median().isAtLeast(megabytesPerSecond(31))
                .isAtMost(megabytesPerSecond(31));
        assertThat(r.write().min().megabytesPerSecond()).isEqualTo(30.0);
        assertThat(r.read().runs()).isEqualTo(1);
        assertThat(r.parameters().blockSize()).isEqualTo(DataSize.ofMebibytes(8));
        assertThat(r.target().directory()).isEqualTo(TestReports.DIRECTORY);
        assertThat(r.backend().name()).isEqualTo("test");
        assertThat(r.startedAt()).isEqualTo(TestReports.STARTED_AT);
        assertThat(r).hasNoWarnings();
        assertThat(r.verdict()).isEqualTo(Verdict.MEASURED);
        // 10 MB/s written: met by the slowest run
        assertThat(r).meets("write=10MB/s");
        // an SD card's class 10 is a sustained minimum: a sequential test that stayed in the
        // drive's write cache does not judge it
        assertThat(SdClass.C10.requirement().check(r)).isNotJudged().hasNotJudged(
                StorageRequirement.Criterion.SUSTAINED_WRITE, RequirementCheck.NotJudged.BURST_ONLY);
        assertThatThrownBy(() -> assertThat(r).meets(SdClass.C10.requirement()))
                .hasMessageContaining("but it was not judged")
                .hasMessageContaining("burst only: no write went past the drive's write cache");
    }

    @Test
    void aFigureACacheServedIsFlaggedAndMeetsNoRequirement() {
        SpeedReport r = TestReports.speedReport().write(megabytesPerSecond(30))
                .read(TestReports.pass(PassKind.READ, Set.of(Warning.READ_SERVED_FROM_CACHE),
                        megabytesPerSecond(900)))
                .build();
        assertThat(r.verdict().outcome()).isEqualTo(Verdict.Outcome.FLAGGED);
        assertThat(r.verdict().reasons()).containsExactly(Warning.READ_SERVED_FROM_CACHE);
        assertThat(r).hasWarning(Warning.READ_SERVED_FROM_CACHE);
        assertThatThrownBy(() -> assertThat(r).meets("read=100MB/s"))
                .isInstanceOf(AssertionError.class);
    }

    @Test
    void aWorkloadsRunsCompleteIosOfItsBlockSize() {
        WorkloadReport r = TestReports.workloadReport().read(megabytesPerSecond(4.096)).build();
        // 4 096 000 bytes in one second, in 4 KiB I/Os: 1000 IOPS
        assertThat(r).read().medianIops().isAtLeast(1000).isAtMost(1000);
        assertThat(r.write()).isEmpty();
        assertThat(r.engine().threads()).isEqualTo(1);
        assertThat(r.verdict().figuresAreTheDrives()).isTrue();
        assertThat(TestReports.workloadReport().warning(Warning.FOREIGN_IO)
                .write(megabytesPerSecond(1)).build().verdict().outcome())
                .isEqualTo(Verdict.Outcome.FLAGGED);
    }

    @Test
    void aSustainedWritePastItsCacheHasTheBurstTheCacheAndTheRateAfter() {
        SustainedReport r = TestReports.sustainedReport()
                .cacheExceeded(DataSize.ofMebibytes(96), megabytesPerSecond(200),
                        megabytesPerSecond(10))
                .build();
        assertThat(r.cacheExceeded()).isTrue();
        assertThat(r.cacheBytes().getAsLong()).isEqualTo(96 * DataSize.MEBIBYTE);
        assertThat(r.burst().megabytesPerSecond()).isEqualTo(200.0);
        assertThat(r.sustained().orElseThrow().megabytesPerSecond()).isEqualTo(10.0);
        assertThat(r.stop()).isEqualTo(SustainedReport.Stop.STEADY_AFTER_DROP);
        assertThat(r.warnings()).containsExactly(Warning.WRITE_CACHE_CLIFF);
        // a card that held 50 MB/s for the whole 120 s: that is its sustained rate, V30 met
        SustainedReport steady = TestReports.sustainedReport().rate(megabytesPerSecond(50))
                .build();
        assertThat(steady.sustained()).contains(megabytesPerSecond(50));
        assertThat(steady.write().elapsedNanos()).isEqualTo(120_000_000_000L);
        assertThat(steady).meets("V30");
        // the one past its cache at 10 MB/s: C10 met, V30 failed
        assertThat(r).meets(SdClass.C10.requirement());
        assertThat(SdClass.V30.requirement().check(Measurements.of(r)))
                .hasFailed(StorageRequirement.Criterion.SUSTAINED_WRITE);
        assertThatThrownBy(() -> TestReports.sustainedReport().cacheExceeded(
                DataSize.ofMebibytes(1), megabytesPerSecond(20), megabytesPerSecond(15)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("below half the burst rate");
    }

    @Test
    void lostDataAndCounterfeitMediaHaveTheirVerdicts() {
        CapacityCheckReport lost = TestReports.capacityCheckReport()
                .written(DataSize.ofGibibytes(2))
                .lostFrom(DataSize.ofGibibytes(1), DataLossKind.ALIASED).build();
        assertThat(lost.passed()).isFalse();
        assertThat(lost.usableBytes()).isEqualTo(DataSize.GIBIBYTE);
        assertThat(lost.fill().files()).isEqualTo(2);
        assertThat(lost.verdict().outcome()).isEqualTo(Verdict.Outcome.DATA_LOST);
        assertThat(lost.warnings()).contains(Warning.DATA_LOSS);
        assertThat(TestReports.capacityCheckReport()
                .parameters(new CapacityParameters(Optional.of(DataSize.ofGibibytes(1)),
                        Optional.empty(), true))
                .build().fill().stop()).isEqualTo(CapacityCheckReport.Stop.SIZE);

        CapacityProbeReport wraps = TestReports.capacityProbeReport()
                .wrapsAround(DataSize.ofGibibytes(4)).build();
        assertThat(wraps.genuine()).isFalse();
        assertThat(wraps.wrapPeriodBytes()).hasValue(4 * DataSize.GIBIBYTE);
        assertThat(wraps.verdict().outcome()).isEqualTo(Verdict.Outcome.COUNTERFEIT);
        assertThat(TestReports.capacityProbeReport()
                .damagedFrom(DataSize.ofMebibytes(64), DataLossKind.UNREADABLE).build()
                .verdict().outcome()).isEqualTo(Verdict.Outcome.DATA_LOST);
        assertThat(TestReports.capacityProbeReport().build().verdict())
                .isEqualTo(Verdict.MEASURED);
    }

    @Test
    void whatTheChecksOfAMediumFoundIsCarried() {
        CacheEstimate cache = new CacheEstimate(192 << 20, 4096, 256 << 20);
        CapacityProbeReport limbo = TestReports.capacityProbeReport()
                .keepsOnly(DataSize.ofMebibytes(64), DataLossKind.ZEROS).cacheEstimate(cache)
                .build();
        assertThat(limbo.cacheEstimate()).contains(cache);
        assertThat(limbo.details()).contains("a cache of the last 192.0 MiB written");
        assertThatThrownBy(() -> TestReports.capacityProbeReport().cacheEstimate(cache).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("LIMBO and WRAP only");

        WarmUpWrite warmUp = new WarmUpWrite(64 << 20, 4_000_000_000L);
        SpeedReport r = TestReports.speedReport().write(megabytesPerSecond(400))
                .read(megabytesPerSecond(500)).warmUpWrite(warmUp).build();
        assertThat(r.warmUpWrite()).contains(warmUp);
        assertThat(warmUp.slowerThan(r.write().median())).isTrue();
    }

    @Test
    void aDeviceReportNamesItsDevice() {
        DeviceReport r = TestReports.deviceReport().read(megabytesPerSecond(40)).build();
        assertThat(r.device()).isEqualTo(TestReports.DEVICE);
        assertThat(r.parameters().write()).isFalse();
        assertThat(r.target().path()).isEqualTo(Path.of("/dev/test"));
    }

    @Test
    void everyKindBuildsAndIsVisitedAsItself() {
        List<Report> all = List.of(
                TestReports.speedReport().write(megabytesPerSecond(1))
                        .read(megabytesPerSecond(1)).build(),
                TestReports.workloadReport().read(megabytesPerSecond(1)).build(),
                TestReports.sustainedReport().rate(megabytesPerSecond(1)).build(),
                TestReports.deviceReport().read(megabytesPerSecond(1)).build(),
                TestReports.capacityCheckReport().build(),
                TestReports.capacityProbeReport().build());
        Report.Visitor<String> kind = new Report.Visitor<>() {
            @Override
            public String visit(SpeedReport r) {
                return "sequential";
            }

            @Override
            public String visit(WorkloadReport r) {
                return "workload";
            }

            @Override
            public String visit(SustainedReport r) {
                return "sustained";
            }

            @Override
            public String visit(DeviceReport r) {
                return "device";
            }

            @Override
            public String visit(CapacityCheckReport r) {
                return "capacity check";
            }

            @Override
            public String visit(CapacityProbeReport r) {
                return "capacity probe";
            }
        };
        assertThat(all.stream().map(r -> r.accept(kind)).toList()).containsExactly("sequential",
                "workload", "sustained", "device", "capacity check", "capacity probe");
        assertThat(all).allSatisfy(r -> assertThat(r.backend().name()).isEqualTo("test"));
    }

    @Test
    void aReportWithoutItsPassesIsRefusedNamingTheSetter() {
        assertThatThrownBy(() -> TestReports.speedReport().write(megabytesPerSecond(1)).build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("set read(...) before build()");
        assertThatThrownBy(() -> TestReports.workloadReport().build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a workload report needs reads or writes");
        assertThatThrownBy(() -> TestReports.pass(PassKind.READ))
                .hasMessage("a pass needs at least one run's rate");
    }
}
