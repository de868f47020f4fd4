package io.github.drivespeed.requirement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.parameters.AccessPattern;
import io.github.drivespeed.parameters.DataPattern;
import io.github.drivespeed.parameters.IoEngine;
import io.github.drivespeed.parameters.SequentialParameters;
import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.report.BackendInfo;
import io.github.drivespeed.report.EngineInfo;
import io.github.drivespeed.report.LatencyStats;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.Timeline;
import io.github.drivespeed.report.Verdict;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.requirement.RequirementCheck.Status;
import io.github.drivespeed.requirement.StorageRequirement.Criterion;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.testing.SharedDisk;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.unit.Throughput;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StorageRequirementTest {

    private static final long SECOND = 1_000_000_000L;
    private static final TargetInfo TARGET = TargetInfo.builder(Path.of("/media/card")).build();
    private static final BackendInfo BACKEND = new BackendInfo("java", "test", Optional.empty());
    private static final EngineInfo PSYNC = new EngineInfo(IoEngine.PSYNC, Optional.empty(), 1, 1,
            "", Optional.empty());

    /** A sequential report whose runs wrote and read at the given MB/s (1 s each). */
    static SpeedReport sequential(double[] writeMbps, double[] readMbps) {
        return new SpeedReport(TARGET, new SequentialParameters(DataSize.ofMebibytes(1), 8, writeMbps.length,
                true, false, DataPattern.RANDOM), BACKEND, pass(PassKind.WRITE, writeMbps),
                pass(PassKind.READ, readMbps), Optional.empty(), Instant.EPOCH);
    }

    private static PassResult pass(PassKind kind, double[] mbps) {
        List<Sample> samples = new java.util.ArrayList<>();
        for (int i = 0; i < mbps.length; i++) {
            samples.add(Sample.of(i + 1, (long) (mbps[i] * 1e6), SECOND));
        }
        return PassResult.of(kind, samples, Set.of());
    }

    /** A random 4 KiB read-only or write-only workload: per run IOPS over 1 s, latencies given. */
    static WorkloadReport random4k(boolean reads, double[] iops, long... latencyNanos) {
        LatencyStats lat = LatencyStats.ofNanos(latencyNanos);
        List<Sample> samples = new java.util.ArrayList<>();
        for (int i = 0; i < iops.length; i++) {
            long ios = (long) iops[i];
            samples.add(Sample.of(i + 1, ios * 4096, SECOND, ios, lat, Timeline.NONE));
        }
        PassResult pass = PassResult.of(reads ? PassKind.READ : PassKind.WRITE, samples, Set.of());
        WorkloadParameters p = new WorkloadParameters(AccessPattern.RANDOM, reads ? 100 : 0,
                DataSize.ofKibibytes(4), DataSize.ofMebibytes(64), OptionalLong.empty(),
                Optional.of(Duration.ofSeconds(1)), Duration.ZERO, 1, 1, 0, iops.length, true,
                Duration.ofMillis(500), true, Optional.empty(), 0, Optional.empty());
        return new WorkloadReport(TARGET, p, BACKEND, PSYNC, reads ? Optional.of(pass)
                : Optional.empty(), reads ? Optional.empty() : Optional.of(pass), List.of(),
                Set.of(), Instant.EPOCH);
    }

    @Test
    void aSustainedMinimumIsCheckedAgainstTheSlowestRunNotTheMedian() {
        // median 40 MB/s, slowest run 25 MB/s: V30 fails by the slowest run
        SpeedReport r = sequential(new double[] {40, 25, 45}, new double[] {90, 90, 90});
        RequirementCheck v30 = SdClass.V30.requirement().check(r);
        assertThat(v30.passed()).isFalse();
        RequirementCheck.Result write = v30.results().get(0);
        assertThat(write.criterion()).isEqualTo(Criterion.SEQUENTIAL_WRITE);
        assertThat(write.status()).isEqualTo(Status.FAILED);
        assertThat(write.required()).isEqualTo(30e6);
        assertThat(write.measured()).isCloseTo(25e6, within(1.0));
        assertThat(write.marginRatio()).isCloseTo(25.0 / 30, within(1e-9));
        assertThat(write.toString()).isEqualTo("failed: sequential write >= 30.0 MB/s (28.6 MiB/s):"
                + " measured 25.0 MB/s (23.8 MiB/s), 0.83x the minimum (too short to know whether it is"
                + " sustained: no test wrote past the drive's write cache; run a sustained test)");
        RequirementCheck v10 = SdClass.V10.requirement().check(r);
        assertThat(v10.passed()).isTrue();
        assertThat(v10.worstMarginRatio()).isCloseTo(2.5, within(1e-9));
        assertThat(v10.toString()).startsWith("requirement SD Video Speed Class 10 (V10): met\n");
    }

    @Test
    void aReadThePageCacheMayHaveServedIsNotAMeasurementOfTheDrive() {
        SpeedReport fromCache = new SpeedReport(TARGET, new SequentialParameters(DataSize.ofMebibytes(1),
                8, 1, false, false, DataPattern.RANDOM), BACKEND, pass(PassKind.WRITE,
                new double[] {50}), PassResult.of(PassKind.READ, List.of(Sample.of(1,
                        7_000_000_000L, SECOND)), Set.of(Warning.READ_MAY_INCLUDE_PAGE_CACHE,
                        Warning.READ_SERVED_FROM_CACHE)), Optional.empty(), Instant.EPOCH);
        RequirementCheck check = StorageRequirement.parse("read=2GB/s").check(fromCache);
        assertThat(check.passed()).isFalse();
        assertThat(check.results()).singleElement().satisfies(r -> assertThat(r.status())
                .isEqualTo(RequirementCheck.Status.NOT_MEASURED));
        // the write pass of the same report still counts
        assertThat(StorageRequirement.parse("write=40MB/s").check(fromCache).passed()).isTrue();
    }

    @Test
    void aFigureOfAMediumThatLostDataNeverSatisfiesARequirementAndSaysWhy() {
        SpeedReport lost = new SpeedReport(TARGET, new SequentialParameters(DataSize.ofMebibytes(1),
                8, 1, true, false, DataPattern.RANDOM), BACKEND, PassResult.of(PassKind.WRITE,
                List.of(Sample.of(1, 400_000_000L, SECOND)), Set.of(Warning.DATA_LOSS)),
                PassResult.of(PassKind.READ, List.of(Sample.of(1, 900_000_000L, SECOND)),
                        Set.of(Warning.DATA_LOSS)), Optional.empty(), Instant.EPOCH);
        RequirementCheck check = SdClass.V30.requirement().check(lost);
        assertThat(check.passed()).isFalse();
        assertThat(check.results()).singleElement().satisfies(r -> {
            assertThat(r.status()).isEqualTo(RequirementCheck.Status.NOT_MEASURED);
            assertThat(r.note()).isEqualTo("figures left out as not the drive's: [DATA_LOSS]");
        });
        // the same figures without the loss would pass: the warning alone decides
        assertThat(SdClass.V30.requirement().check(sequential(new double[] {400},
                new double[] {900})).passed()).isTrue();
    }

    @Test
    void aDriveWhoseConcurrencyCouldNotBeCheckedStillSatisfiesARequirementASharedOneDoesNot() {
        SpeedReport unchecked = flaggedBoth(Warning.CONCURRENCY_UNCHECKED);
        assertThat(unchecked.warnings()).containsExactly(Warning.CONCURRENCY_UNCHECKED);
        assertThat(unchecked.verdict().outcome()).isEqualTo(Verdict.Outcome.MEASURED);
        assertThat(StorageRequirement.parse("write=40MB/s,read=80MB/s").check(unchecked)
                .passed()).isTrue();
        // the same figures from a drive another measurement shared are left out
        SpeedReport shared = flaggedBoth(Warning.CONCURRENT_MEASUREMENT);
        assertThat(shared.verdict().outcome()).isEqualTo(Verdict.Outcome.FLAGGED);
        assertThat(StorageRequirement.parse("write=40MB/s,read=80MB/s").check(shared).passed())
                .isFalse();
    }

    /** A 50 MB/s write and a 100 MB/s read, both passes carrying {@code warning}. */
    private static SpeedReport flaggedBoth(Warning warning) {
        return new SpeedReport(TARGET, new SequentialParameters(DataSize.ofMebibytes(1), 8, 1,
                true, false, DataPattern.RANDOM), BACKEND, PassResult.of(PassKind.WRITE,
                List.of(Sample.of(1, 50_000_000L, SECOND)), Set.of(warning)),
                PassResult.of(PassKind.READ, List.of(Sample.of(1, 100_000_000L, SECOND)),
                        Set.of(warning)), Optional.empty(), Instant.EPOCH);
    }

    @Test
    void exactlyTheBoundPasses() {
        SpeedReport r = sequential(new double[] {10}, new double[] {10});
        assertThat(SdClass.C10.requirement().check(r).passed()).isTrue();
    }

    @Test
    void appPerformanceNeedsRandomFiguresAndSaysWhatWasNotMeasured() {
        SpeedReport seq = sequential(new double[] {20, 22}, new double[] {50, 50});
        RequirementCheck onlySequential = SdClass.A1.requirement().check(seq);
        assertThat(onlySequential.passed()).isFalse();
        assertThat(onlySequential.results()).extracting(RequirementCheck.Result::status)
                .containsExactly(Status.PASSED, Status.NOT_MEASURED, Status.NOT_MEASURED);
        assertThat(onlySequential.failures()).hasSize(2);
        assertThat(onlySequential.worstMarginRatio()).isNaN();
        assertThat(onlySequential.failures().get(0).toString()).isEqualTo(
                "not measured: random 4 KiB read IOPS >= 1500 IOPS: no result holds this figure");

        Measurements all = Measurements.of(seq)
                .with(random4k(true, new double[] {2100, 1600}, 300_000))
                .with(random4k(false, new double[] {700}, 900_000));
        RequirementCheck a1 = SdClass.A1.requirement().check(all);
        assertThat(a1.passed()).isTrue();
        assertThat(a1.results().get(1).measured()).isEqualTo(1600);
        assertThat(a1.worstMarginRatio()).isCloseTo(1600.0 / 1500, within(1e-9));
        RequirementCheck a2 = SdClass.A2.requirement().check(all);
        assertThat(a2.passed()).isFalse();
        assertThat(a2.failures()).extracting(RequirementCheck.Result::criterion)
                .containsExactly(Criterion.RANDOM_4K_READ_IOPS, Criterion.RANDOM_4K_WRITE_IOPS);
    }

    @Test
    void aLatencyBoundTakesTheWorstDirectionAtItsPercentile() {
        Measurements m = Measurements.empty()
                .with(random4k(true, new double[] {1000}, 100_000, 200_000, 30_000_000))
                .with(random4k(false, new double[] {1000}, 4_000_000));
        StorageRequirement p50 = StorageRequirement.named("db")
                .maxRandomLatency(50, Duration.ofMillis(5));
        RequirementCheck c = p50.check(m);
        assertThat(c.passed()).isTrue();
        assertThat(c.results().get(0).measured()).isCloseTo(4e6, within(4e3));
        assertThat(c.results().get(0).marginRatio()).isGreaterThan(1);
        RequirementCheck p99 = StorageRequirement.named("db")
                .maxRandomLatency(99, Duration.ofMillis(5)).check(m);
        assertThat(p99.passed()).isFalse();
        assertThat(p99.results().get(0).toString()).startsWith(
                "failed: random 4 KiB completion latency p99 <= 5.00 ms: measured 30.0");
    }

    @Test
    void sequentialWorkloadsAndMixesDoNotStandInForTheirCriteria() {
        WorkloadReport rnd8k = random4k(true, new double[] {5000}, 1000);
        WorkloadParameters p = rnd8k.parameters();
        WorkloadReport eightK = new WorkloadReport(TARGET, new WorkloadParameters(p.pattern(),
                100, DataSize.ofKibibytes(8), p.size(), p.count(), p.duration(), p.rampTime(),
                1, 1, 0, 1, true, p.timelineInterval(), true, Optional.empty(), 0, Optional.empty()), BACKEND, PSYNC, rnd8k.read(),
                Optional.empty(), List.of(), Set.of(), Instant.EPOCH);
        RequirementCheck c = StorageRequirement.named("x").minRandomReadIops(100)
                .check(Measurements.of(eightK));
        assertThat(c.results().get(0).status()).isEqualTo(Status.NOT_MEASURED);
    }

    @Test
    void andKeepsTheStricterBoundOfEach() {
        StorageRequirement both = SdClass.A1.requirement().and(SdClass.V30.requirement());
        assertThat(both.name()).isEqualTo("SD Application Performance Class 1 (A1) + SD Video"
                + " Speed Class 30 (V30)");
        assertThat(both.bounds()).containsEntry(Criterion.SEQUENTIAL_WRITE, 30e6)
                .containsEntry(Criterion.RANDOM_4K_READ_IOPS, 1500.0)
                .containsEntry(Criterion.RANDOM_4K_WRITE_IOPS, 500.0);
        assertThat(both.source()).contains("Application Performance Class", "Speed Class");
        assertThatThrownBy(() -> StorageRequirement.named("a").maxRandomLatency(99,
                Duration.ofMillis(1)).and(StorageRequirement.named("b").maxRandomLatency(50,
                        Duration.ofMillis(1)))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot combine latency bounds at p99 and p50");
    }

    @Test
    void everySdClassHasItsFiguresAndASource() {
        double[][] expected = {
            {2, 0, 0}, {4, 0, 0}, {6, 0, 0}, {10, 0, 0}, {10, 0, 0}, {30, 0, 0},
            {6, 0, 0}, {10, 0, 0}, {30, 0, 0}, {60, 0, 0}, {90, 0, 0},
            {10, 1500, 500}, {10, 4000, 2000}};
        SdClass[] all = SdClass.values();
        assertThat(all).hasSize(expected.length);
        for (int i = 0; i < all.length; i++) {
            StorageRequirement r = all[i].requirement();
            assertThat(r.bounds().get(Criterion.SEQUENTIAL_WRITE)).as(all[i].name())
                    .isEqualTo(expected[i][0] * 1e6);
            if (expected[i][1] > 0) {
                assertThat(r.bounds()).containsEntry(Criterion.RANDOM_4K_READ_IOPS, expected[i][1])
                        .containsEntry(Criterion.RANDOM_4K_WRITE_IOPS, expected[i][2]);
                assertThat(r.source()).contains("application-performance-class");
            } else {
                assertThat(r.bounds()).containsOnlyKeys(Criterion.SEQUENTIAL_WRITE);
                assertThat(r.source()).contains("speed-class");
            }
            assertThat(r.name()).isEqualTo(all[i].label()).contains("(" + all[i].name() + ")");
        }
    }

    @Test
    void parsesClassNamesAndBounds() {
        assertThat(SdClass.parse("v30")).isEqualTo(SdClass.V30);
        assertThat(SdClass.parse("Class 10")).isEqualTo(SdClass.C10);
        assertThat(SdClass.parse("UHS3")).isEqualTo(SdClass.U3);
        StorageRequirement r = StorageRequirement.parse("A1, write=20MB/s,read=25MiB/s,"
                + "randwrite=800,p99.9=50ms");
        assertThat(r.bounds()).containsEntry(Criterion.SEQUENTIAL_WRITE, 20e6)
                .containsEntry(Criterion.SEQUENTIAL_READ, 25.0 * (1 << 20))
                .containsEntry(Criterion.RANDOM_4K_READ_IOPS, 1500.0)
                .containsEntry(Criterion.RANDOM_4K_WRITE_IOPS, 800.0)
                .containsEntry(Criterion.RANDOM_4K_LATENCY, 50e6);
        assertThat(r.latencyPercentile()).hasValue(99.9);
        assertThat(r.needsSequentialTest()).isTrue();
        assertThat(r.needsRandomReads()).isTrue();
        assertThat(StorageRequirement.parse("randread=10").needsSequentialTest()).isFalse();
        assertThat(StorageRequirement.parse("randread=10").needsRandomWrites()).isFalse();
        assertThat(StorageRequirement.parse("write=1.5 GB/s").bounds())
                .containsEntry(Criterion.SEQUENTIAL_WRITE, 1.5e9);
    }

    @Test
    void badTermsAreNamed() {
        assertThatThrownBy(() -> StorageRequirement.parse("V31"))
                .hasMessageStartingWith("unknown SD class 'V31'; known: C2, C4, C6, C10, U1, U3,"
                        + " V6, V10, V30, V60, V90, A1, A2");
        assertThatThrownBy(() -> StorageRequirement.parse("write=30mb/s"))
                .hasMessageStartingWith("requirement term 'write=30mb/s': rate '30mb/s' not"
                        + " understood");
        assertThatThrownBy(() -> StorageRequirement.parse("speed=30MB/s"))
                .hasMessageStartingWith("requirement term 'speed=30MB/s' not understood");
        assertThatThrownBy(() -> StorageRequirement.parse("p99=10")).hasMessageContaining(
                "time '10' not understood");
        assertThatThrownBy(() -> StorageRequirement.parse("V30,,A1"))
                .hasMessage("empty requirement term in 'V30,,A1': terms are separated by one comma"
                        + " each, as C10,write=30MB/s");
        assertThatThrownBy(() -> StorageRequirement.parse("p0=1ms"))
                .hasMessage("latency percentile must be in (0, 100]: 0.0");
        assertThatThrownBy(() -> StorageRequirement.named("x").minRandomReadIops(0))
                .hasMessage("minRandomReadIops must be finite and > 0: 0.0");
        assertThatThrownBy(() -> StorageRequirement.named(" "))
                .hasMessage("name must not be blank");
    }

    /**
     * A real run is judged by its slowest run: a bound at it passes, one just above fails. The
     * run measures the shared disk ({@code @TempDir}): where another build's measurement or
     * writer used it meanwhile, the write figures are rightly flagged
     * {@code CONCURRENT_MEASUREMENT} or {@code FOREIGN_IO}, and then both bounds must leave
     * them out, naming the flags.
     */
    @Test
    void aRealRunIsCheckedAgainstItsOwnSlowestRun(@TempDir Path dir) throws IOException {
        SpeedReport r = DriveSpeed.on(dir).blockSize("64K").count(16).runs(2).run();
        double slowest = r.write().min().bytesPerSecond();
        StorageRequirement atIt = StorageRequirement.named("at")
                .minSequentialWrite(Throughput.ofBytesPerSecond(slowest));
        StorageRequirement above = StorageRequirement.named("above")
                .minSequentialWrite(Throughput.ofBytesPerSecond(Math.nextUp(slowest)));
        SharedDisk.assertMetOrLeftOutAsShared(atIt.check(r), r.write().warnings());
        assertThat(above.check(r).passed()).isFalse();
        if (SharedDisk.flags(r.write().warnings()).isEmpty()) {
            assertThat(above.check(r).results().get(0).measured()).isEqualTo(slowest);
        } else {
            SharedDisk.assertMetOrLeftOutAsShared(above.check(r), r.write().warnings());
        }
    }
}
