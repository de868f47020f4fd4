package io.github.drivespeed.report;

import io.github.drivespeed.parameters.IoMode;
import io.github.drivespeed.parameters.Recording;
import io.github.drivespeed.report.engine.EngineInfo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.drivespeed.parameters.AccessPattern;
import io.github.drivespeed.parameters.DataPattern;
import io.github.drivespeed.parameters.IoEngine;
import io.github.drivespeed.parameters.SequentialParameters;
import io.github.drivespeed.parameters.SustainedParameters;
import io.github.drivespeed.parameters.RunLength;
import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.requirement.Measurements;
import io.github.drivespeed.requirement.RequirementCheck;
import io.github.drivespeed.requirement.RequirementCheck.Status;
import io.github.drivespeed.requirement.StorageRequirement;
import io.github.drivespeed.target.BlockDevice;
import io.github.drivespeed.target.CgroupLimits;
import io.github.drivespeed.target.CgroupVersion;
import io.github.drivespeed.target.DeviceNumber;
import io.github.drivespeed.target.IoLimit;
import io.github.drivespeed.target.IoLimit.Direction;
import io.github.drivespeed.target.IoLimit.Kind;
import io.github.drivespeed.target.IoLimitReached;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.warning.Warning;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The verdict that a cgroup's I/O cap, not the drive, held a figure
 * ({@link Warning#CGROUP_IO_LIMIT}), and the requirement it fails.
 */
class CgroupIoLimitVerdictTest {

    private static final long SECOND = 1_000_000_000L;
    private static final DeviceNumber SDA = new DeviceNumber(8, 0);
    private static final BackendInfo BACKEND = new BackendInfo("java", "test", Optional.empty());
    private static final long EIGHT_MIB = 8 * 1024 * 1024;
    private static final IoLimit WRITE_8_MIB = limit(Direction.WRITE, Kind.BANDWIDTH, EIGHT_MIB);

    private static IoLimit limit(Direction direction, Kind kind, long perSecond) {
        return new IoLimit(SDA, "sda", direction, kind, perSecond, CgroupVersion.V1, "/app");
    }

    private static TargetInfo target(IoLimit... limits) {
        return TargetInfo.builder(Path.of("/data"))
                .device(BlockDevice.builder("sda", SDA, BlockDevice.Kind.DISK).build())
                .cgroupLimits(new CgroupLimits(List.of(limits), Optional.empty())).build();
    }

    /** A pass of 1 s runs moving the given bytes in the given I/Os each. */
    private static PassResult pass(PassKind kind, long ios, long... bytesPerRun) {
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < bytesPerRun.length; i++) {
            samples.add(Sample.of(i + 1, bytesPerRun[i], SECOND, ios, LatencyStats.ofNanos(1000),
                    Timeline.NONE));
        }
        return PassResult.of(kind, samples, Set.of());
    }

    private static SpeedReport sequential(TargetInfo target, PassResult write, PassResult read) {
        return new SpeedReport(target, new SequentialParameters(DataSize.ofMebibytes(8), 8,
                write.runs(), true, false, DataPattern.RANDOM, true, false, false, Optional.empty()), BACKEND, write, read,
                Optional.empty(), Instant.EPOCH, Optional.empty(), 0);
    }

    private static PassResult fastRead() {
        return pass(PassKind.READ, 100, 800_000_000L);
    }

    @Test
    void aWriteMedianAtTheCapIsTheCapsAndSaysWhichCapAndFigure() {
        // 8.30 MB/s against 8 MiB/s (8.39 MB/s): 99 %
        SpeedReport r = sequential(target(WRITE_8_MIB), pass(PassKind.WRITE, 1, 8_300_000,
                8_310_000, 8_290_000), pass(PassKind.READ, 1, 900_000_000));
        assertThat(r.warnings()).containsExactly(Warning.CGROUP_IO_LIMIT);
        assertThat(r.ioLimitsReached()).singleElement().satisfies(x -> {
            assertThat(x.limit().direction()).isEqualTo(Direction.WRITE);
            assertThat(x.figure()).isEqualTo(IoLimitReached.Figure.MEDIAN);
            assertThat(x.perSecond()).isEqualTo(8_300_000.0);
            assertThat(x.limit()).isEqualTo(WRITE_8_MIB);
            assertThat(x.ratio()).isCloseTo(8_300_000.0 / EIGHT_MIB, within(1e-12));
        });
        assertThat(r.details()).contains("  - CGROUP_IO_LIMIT: ").contains("    write median 8.30"
                + " MB/s (7.92 MiB/s) is 99 % of the cap: writes capped at 8.39 MB/s (8.00 MiB/s)"
                + " on sda (8:0) by cgroup v1 /app (blkio.throttle.write_bps_device)\n");
        assertThat(r.target().warnings()).as("the verdict needs the figures").isEmpty();
        assertThat(r.verdict().outcome()).as("the figure is what the process gets")
                .isEqualTo(Verdict.Outcome.MEASURED);
    }

    @Test
    void outsideNinetyToOneHundredTenPercentOfTheCapOrInTheOtherDirectionThereIsNoVerdict() {
        // 7.5 MB/s is 89 % of 8 MiB/s; the read has no cap
        SpeedReport r = sequential(target(WRITE_8_MIB), pass(PassKind.WRITE, 1, 7_500_000),
                pass(PassKind.READ, 1, 8_390_000));
        assertThat(r.warnings()).doesNotContain(Warning.CGROUP_IO_LIMIT);
        assertThat(r.ioLimitsReached()).isEmpty();
        // at 90 % exactly it is
        SpeedReport atNinety = sequential(target(WRITE_8_MIB), pass(PassKind.WRITE, 1,
                (long) Math.ceil(0.9 * EIGHT_MIB)), fastRead());
        assertThat(atNinety.warnings()).contains(Warning.CGROUP_IO_LIMIT);
        // well above the cap, the throttle did not hold it (a short pass through its first slice)
        SpeedReport above = sequential(target(WRITE_8_MIB), pass(PassKind.WRITE, 1,
                (long) (1.11 * EIGHT_MIB)), fastRead());
        assertThat(above.ioLimitsReached()).isEmpty();
        SpeedReport atOneTen = sequential(target(WRITE_8_MIB), pass(PassKind.WRITE, 1,
                (long) Math.floor(1.1 * EIGHT_MIB)), fastRead());
        assertThat(atOneTen.warnings()).contains(Warning.CGROUP_IO_LIMIT);
    }

    @Test
    void anIoCapOnLargeBlocksIsReachedByTheDevicesRequests() {
        // one 8 MiB write a second is 1 IOPS; the kernel split each into 64 requests, and the
        // throttle counts those: 64 a second against a cap of 64 IOPS
        IoLimit iops = limit(Direction.WRITE, Kind.IOPS, 64);
        Sample run = Sample.of(1, EIGHT_MIB, SECOND, 1, LatencyStats.ofNanos(SECOND),
                Timeline.NONE).withAccounting(CacheHandling.DIRECT_IO, Optional.of(new DeviceIo(
                        "sda", 0, 0, EIGHT_MIB, 64, Optional.empty(), List.of())));
        SpeedReport r = sequential(target(iops), PassResult.of(PassKind.WRITE, List.of(run),
                Set.of()), fastRead());
        assertThat(r.ioLimitsReached()).singleElement().satisfies(x -> {
            assertThat(x.figure()).isEqualTo(IoLimitReached.Figure.DEVICE_REQUESTS);
            assertThat(x.perSecond()).isEqualTo(64.0);
        });
        assertThat(r.details()).contains("write device requests 64 IOPS is 100 % of the cap:"
                + " writes capped at 64 IOPS on sda (8:0) by cgroup v1 /app"
                + " (blkio.throttle.write_iops_device)");
        // without the device's counters the 1 IOPS is far from the cap
        SpeedReport uncounted = sequential(target(iops), pass(PassKind.WRITE, 1, EIGHT_MIB),
                fastRead());
        assertThat(uncounted.ioLimitsReached()).isEmpty();
    }

    private static WorkloadReport randomReads(TargetInfo target, long iops) {
        PassResult read = pass(PassKind.READ, iops, iops * 4096);
        WorkloadParameters p = new WorkloadParameters(AccessPattern.RANDOM, 100,
                DataSize.ofKibibytes(4), DataSize.ofMebibytes(64), new RunLength(OptionalLong.empty(), Optional.of(Duration.ofSeconds(1)), Duration.ZERO, Optional.empty()), 1, 8, 0, 1, IoMode.DEFAULT,
                Recording.timeline(Duration.ofMillis(500)), true, 0, Optional.empty());
        return new WorkloadReport(target, p, BACKEND, new EngineInfo(IoEngine.PSYNC,
                Optional.empty(), 1, 1, Optional.empty(), Optional.empty(), Optional.empty()), Optional.of(read),
                Optional.empty(), List.of(), Set.of(), Instant.EPOCH);
    }

    @Test
    void aWorkloadsIopsAtAnIoCapOrItsThroughputAtAByteCapIsTheCaps() {
        IoLimit readIops = limit(Direction.READ, Kind.IOPS, 500);
        WorkloadReport capped = randomReads(target(readIops), 498);
        assertThat(capped.warnings()).contains(Warning.CGROUP_IO_LIMIT);
        assertThat(capped.ioLimitsReached()).singleElement().satisfies(x -> {
            assertThat(x.limit().direction()).isEqualTo(Direction.READ);
            assertThat(x.figure()).isEqualTo(IoLimitReached.Figure.MEDIAN);
            assertThat(x.perSecond()).isEqualTo(498.0);
        });
        assertThat(capped.details()).contains("read median 498 IOPS is 100 % of the cap: reads"
                + " capped at 500 IOPS");
        // a byte cap of 2 MiB/s holds 4 KiB reads at 512 IOPS
        assertThat(randomReads(target(limit(Direction.READ, Kind.BANDWIDTH, 2 * 1024 * 1024)), 510)
                .warnings()).contains(Warning.CGROUP_IO_LIMIT);
        assertThat(randomReads(target(readIops), 300).warnings())
                .doesNotContain(Warning.CGROUP_IO_LIMIT);
    }

    @Test
    void aSustainedWritesBurstAtTheCapIsTheCaps() {
        Sample write = Sample.of(1, 100 * EIGHT_MIB, 100 * SECOND, 100, LatencyStats.ofNanos(1),
                Timeline.NONE);
        SustainedReport r = new SustainedReport(target(WRITE_8_MIB), new SustainedParameters(
                DataSize.ofMebibytes(8), Optional.of(DataSize.ofGibibytes(1)),
                Duration.ofMinutes(2), Duration.ofSeconds(5), Duration.ZERO, true), BACKEND, write, SustainedReport.Stop.DURATION,
                Set.of(Warning.CGROUP_IO_LIMIT), Instant.EPOCH);
        assertThat(r.ioLimitsReached()).singleElement().satisfies(x -> {
            assertThat(x.figure()).isEqualTo(IoLimitReached.Figure.BURST);
            assertThat(x.ratio()).isCloseTo(1.0, within(1e-9));
        });
        assertThat(r.details()).contains("    write burst 8.39 MB/s (8.00 MiB/s) is 100 % of the"
                + " cap: writes capped at 8.39 MB/s");
    }

    @Test
    void aRequirementFailedAtTheCapSaysTheCgroupCapsItAndNamesTheCap() {
        SpeedReport capped = sequential(target(WRITE_8_MIB), pass(PassKind.WRITE, 1, 8_300_000,
                8_310_000), fastRead());
        RequirementCheck check = StorageRequirement.parse("write=20MB/s").check(capped);
        assertThat(check.passed()).isFalse();
        RequirementCheck.Result write = check.results().get(0);
        assertThat(write.status()).isEqualTo(Status.NOT_MET);
        assertThat(write.cgroupLimit()).contains(WRITE_8_MIB);
        assertThat(write.note().orElseThrow()).startsWith("not met: the cgroup caps writes at 8.39 MB/s"
                + " (8.00 MiB/s) (cgroup v1 /app, blkio.throttle.write_bps_device on sda 8:0), so"
                + " the drive may be faster outside it");
        assertThat(write.toString()).contains("0.42x the minimum (not met: the cgroup caps writes"
                + " at 8.39 MB/s (8.00 MiB/s)");

        // a cap only slows: a requirement met under it stays met, and names no cap
        RequirementCheck met = StorageRequirement.parse("write=5MB/s").check(capped);
        assertThat(met.passed()).isTrue();
        assertThat(met.results().get(0).cgroupLimit()).isEmpty();
        assertThat(met.results().get(0).note().orElse("")).doesNotContain("cgroup");

        // a failure without a cap, or with the figure well below it, names none
        SpeedReport slow = sequential(target(WRITE_8_MIB), pass(PassKind.WRITE, 1, 3_000_000),
                fastRead());
        RequirementCheck.Result notCapped = StorageRequirement.parse("write=20MB/s").check(slow)
                .results().get(0);
        assertThat(notCapped.status()).isEqualTo(Status.NOT_MET);
        assertThat(notCapped.cgroupLimit()).isEmpty();
        assertThat(notCapped.note().orElse("")).doesNotContain("cgroup");
    }

    @Test
    void anIopsRequirementFailedAtAReadCapNamesIt() {
        IoLimit readIops = limit(Direction.READ, Kind.IOPS, 500);
        RequirementCheck check = StorageRequirement.parse("randread=1500")
                .check(Measurements.of(randomReads(target(readIops), 499)));
        assertThat(check.results()).singleElement().satisfies(r -> {
            assertThat(r.status()).isEqualTo(Status.NOT_MET);
            assertThat(r.cgroupLimit()).contains(readIops);
            assertThat(r.note().orElseThrow()).startsWith("not met: the cgroup caps reads at 500 IOPS");
        });
    }

    @Test
    void aCapIsNamedOnlyForAFailedCriterion() {
        assertThatThrownBy(() -> new RequirementCheck.Result(
                StorageRequirement.Criterion.SEQUENTIAL_WRITE, Status.MET, Optional.empty(),
                1e6, 2e6, Double.NaN, Optional.empty(), Optional.of(WRITE_8_MIB))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("only for a failed criterion");
    }

    @Test
    void anIopsCapIsNotReachedByLargeBlocksTheDeviceSplitIntoMoreRequestsThanItLets() {
        // measured on the cgroup bed: a 4 x 4 MiB read pass at 362 IOPS (90 % of a 400 IOPS
        // cap) while its device completed 28 requests in 11 ms, 2,532 per second
        CgroupLimits limits = new CgroupLimits(List.of(limit(Direction.READ, Kind.IOPS, 400)),
                Optional.empty());
        assertThat(IoLimitChecks.reachedBy(limits, Direction.READ, IoLimitReached.Figure.MEDIAN,
                1.5e9, IoLimitReached.Figure.MEDIAN, 362, 2532)).isEmpty();
        // small blocks, one request each, at the cap: held
        assertThat(IoLimitChecks.reachedBy(limits, Direction.READ, IoLimitReached.Figure.MEDIAN,
                1.6e6, IoLimitReached.Figure.MEDIAN, 395, 398)).hasSize(1);
        // no device counters: the IOPS alone decide
        assertThat(IoLimitChecks.reachedBy(limits, Direction.READ, IoLimitReached.Figure.MEDIAN,
                1.6e6, IoLimitReached.Figure.MEDIAN, 395, Double.NaN)).hasSize(1);
    }
}
