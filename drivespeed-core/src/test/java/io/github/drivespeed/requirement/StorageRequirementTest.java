package io.github.drivespeed.requirement;

import io.github.drivespeed.parameters.IoMode;
import io.github.drivespeed.parameters.Recording;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.parameters.AccessPattern;
import io.github.drivespeed.parameters.DataPattern;
import io.github.drivespeed.parameters.IoEngine;
import io.github.drivespeed.parameters.SequentialParameters;
import io.github.drivespeed.parameters.SustainedParameters;
import io.github.drivespeed.parameters.RunLength;
import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.report.BackendInfo;
import io.github.drivespeed.report.medium.CacheCliff;
import io.github.drivespeed.report.medium.RateDrop;
import io.github.drivespeed.report.engine.EngineInfo;
import io.github.drivespeed.report.LatencyStats;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.SustainedReport;
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
            Optional.empty(), Optional.empty(), Optional.empty());

    /** A sequential report whose runs wrote and read at the given MB/s (1 s each). */
    static SpeedReport sequential(double[] writeMbps, double[] readMbps) {
        return new SpeedReport(TARGET, new SequentialParameters(DataSize.ofMebibytes(1), 8, writeMbps.length,
                true, false, DataPattern.RANDOM, true, false, false, Optional.empty()), BACKEND, pass(PassKind.WRITE, writeMbps),
                pass(PassKind.READ, readMbps), Optional.empty(), Instant.EPOCH, Optional.empty(), 0);
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
                DataSize.ofKibibytes(4), DataSize.ofMebibytes(64), new RunLength(OptionalLong.empty(), Optional.of(Duration.ofSeconds(1)), Duration.ZERO, Optional.empty()), 1, 1, 0, iops.length, IoMode.DEFAULT,
                Recording.timeline(Duration.ofMillis(500)), true, 0, Optional.empty());
        return new WorkloadReport(TARGET, p, BACKEND, PSYNC, reads ? Optional.of(pass)
                : Optional.empty(), reads ? Optional.empty() : Optional.of(pass), List.of(),
                Set.of(), Instant.EPOCH);
    }

    @Test
    void aSequentialMinimumIsCheckedAgainstTheSlowestRunNotTheMedian() {
        // median 40 MB/s, slowest run 25 MB/s: write=30MB/s fails by the slowest run
        SpeedReport r = sequential(new double[] {40, 25, 45}, new double[] {90, 90, 90});
        RequirementCheck at30 = StorageRequirement.parse("write=30MB/s").check(r);
        assertThat(at30.passed()).isFalse();
        assertThat(at30.outcome()).isEqualTo(RequirementCheck.Outcome.NOT_MET);
        RequirementCheck.Result write = at30.results().get(0);
        assertThat(write.criterion()).isEqualTo(Criterion.SEQUENTIAL_WRITE);
        assertThat(write.status()).isEqualTo(Status.NOT_MET);
        assertThat(write.whyNotJudged()).isEmpty();
        assertThat(write.required()).isEqualTo(30e6);
        assertThat(write.measured()).isCloseTo(25e6, within(1.0));
        assertThat(write.marginRatio()).isCloseTo(25.0 / 30, within(1e-9));
        assertThat(write.toString()).isEqualTo("failed: sequential write >= 30.0 MB/s (28.6 MiB/s):"
                + " slowest measured 25.0 MB/s (23.8 MiB/s), 0.83x the minimum (too short to know"
                + " whether it is sustained: no test wrote past the drive's write cache; run a sustained test)");
        RequirementCheck at10 = StorageRequirement.parse("write=10MB/s").check(r);
        assertThat(at10.passed()).isTrue();
        assertThat(at10.outcome()).isEqualTo(RequirementCheck.Outcome.MET);
        assertThat(at10.worstMarginRatio()).isCloseTo(2.5, within(1e-9));
        assertThat(at10.toString()).startsWith("requirement write=10MB/s: met\n");
    }

    /**
     * The case: a V30 card whose cache took the whole pass. A sustained class is never
     * met on a burst: not judged (inconclusive), never met and never a failure.
     */
    @Test
    void aSustainedClassIsNotJudgedOnABurst() {
        SpeedReport burst = sequential(new double[] {287, 290, 301}, new double[] {90, 90, 90});
        RequirementCheck v30 = SdClass.V30.requirement().check(burst);
        assertThat(v30.outcome()).isEqualTo(RequirementCheck.Outcome.NOT_JUDGED);
        assertThat(v30.passed()).isFalse();
        assertThat(v30.failures()).isEmpty();
        assertThat(v30.worstMarginRatio()).isNaN();
        assertThat(v30.notJudged()).singleElement().satisfies(r -> {
            assertThat(r.criterion()).isEqualTo(Criterion.SUSTAINED_WRITE);
            assertThat(r.status()).isEqualTo(Status.NOT_JUDGED);
            assertThat(r.whyNotJudged()).contains(RequirementCheck.NotJudged.BURST_ONLY);
            assertThat(r.measured()).isNaN();
            assertThat(r.toString()).isEqualTo("not judged: sustained write >= 30.0 MB/s"
                    + " (28.6 MiB/s): burst only: no write went past the drive's write cache"
                    + " (the slowest write measured ran at 287.0 MB/s (273.7 MiB/s), which may be"
                    + " the cache's speed); a sustained test (DriveSpeed.sustained, --sustained)"
                    + " writes past it");
        });
        assertThat(v30.toString()).startsWith("requirement SD Video Speed Class 30 (V30): NOT"
                + " JUDGED\n");
    }

    /**
     * A write pass whose rate fell at the drive's write cache went past it: the class is judged
     * on the slower of the rate after the fall and the slowest run. A buffered pass's fall is
     * the page cache's dirty limit, not the drive's cache: still a burst.
     */
    @Test
    void aSequentialPassPastTheDrivesCacheJudgesASustainedClass() {
        SpeedReport cliff = withWriteCliff(CacheCliff.Cause.DRIVE_WRITE_CACHE);
        RequirementCheck v30 = SdClass.V30.requirement().check(cliff);
        assertThat(v30.outcome()).isEqualTo(RequirementCheck.Outcome.NOT_MET);
        assertThat(v30.results().get(0).measured()).isEqualTo(20e6);
        assertThat(SdClass.C10.requirement().check(cliff).outcome())
                .isEqualTo(RequirementCheck.Outcome.MET);
        RequirementCheck pageCache = SdClass.C10.requirement().check(
                withWriteCliff(CacheCliff.Cause.PAGE_CACHE));
        assertThat(pageCache.results().get(0).whyNotJudged())
                .contains(RequirementCheck.NotJudged.BURST_ONLY);
    }

    /** Runs of 60 and 40 MB/s, the first falling from 200 to 20 MB/s after 32 MiB. */
    private static SpeedReport withWriteCliff(CacheCliff.Cause cause) {
        SpeedReport r = sequential(new double[] {60, 40}, new double[] {90, 90});
        List<Sample> writes = new java.util.ArrayList<>(r.write().samples());
        writes.set(0, writes.get(0).withCacheCliff(Optional.of(new CacheCliff(new RateDrop(32 << 20,
                SECOND / 6, 200e6, 20e6), cause))));
        return new SpeedReport(TARGET, r.parameters(), BACKEND, PassResult.of(PassKind.WRITE,
                writes, Set.of(cause == CacheCliff.Cause.PAGE_CACHE
                        ? Warning.PAGE_CACHE_DIRTY_LIMIT : Warning.WRITE_CACHE_CLIFF)),
                r.read(), Optional.empty(), Instant.EPOCH, Optional.empty(), 0);
    }

    /**
     * A sustained write judges a sustained class: the rate after the cache; where the rate
     * never fell, the whole write's rate once it went as far as a sustained test goes (half the
     * free space here); a write cut short by a smaller size given is a burst.
     */
    @Test
    void aSustainedWriteJudgesASustainedClassOnlyPastTheCache() {
        SustainedReport fell = sustained(DataSize.ofMebibytes(300), Optional.empty(),
                Optional.of(new CacheCliff(new RateDrop(32 << 20, SECOND / 6, 200e6, 20e6),
                        CacheCliff.Cause.DRIVE_WRITE_CACHE)));
        assertThat(fell.sustained()).contains(Throughput.ofBytesPerSecond(20e6));
        RequirementCheck v30 = SdClass.V30.requirement().check(Measurements.of(fell));
        assertThat(v30.outcome()).isEqualTo(RequirementCheck.Outcome.NOT_MET);
        assertThat(v30.failures()).singleElement().satisfies(r -> assertThat(r.measured())
                .isEqualTo(20e6));
        // 1 GiB free: half of it, 512 MiB, written at one rate
        SustainedReport steady = sustained(DataSize.ofMebibytes(512), Optional.empty(),
                Optional.empty());
        assertThat(steady.heldToTheDefaultExtent()).isTrue();
        assertThat(SdClass.V30.requirement().check(Measurements.of(steady)).outcome())
                .isEqualTo(RequirementCheck.Outcome.MET);
        assertThat(steady.details()).contains("cache:      none found: the rate held over the"
                + " whole write");
        // the same rate over a size given of 64 MiB: burst only
        SustainedReport cut = sustained(DataSize.ofMebibytes(64),
                Optional.of(DataSize.ofMebibytes(64)), Optional.empty());
        assertThat(cut.sustained()).isEmpty();
        assertThat(cut.details()).contains("cache:      not exceeded");
        RequirementCheck burst = SdClass.V30.requirement().check(Measurements.of(cut));
        assertThat(burst.outcome()).isEqualTo(RequirementCheck.Outcome.NOT_JUDGED);
        assertThat(burst.notJudged()).singleElement().satisfies(r -> {
            assertThat(r.whyNotJudged()).contains(RequirementCheck.NotJudged.BURST_ONLY);
            assertThat(r.note().orElseThrow()).startsWith("the sustained write stopped at the size or time"
                    + " given");
        });
        // a plain sequential minimum takes the cut-short write's rate (6.7 MB/s), as a burst may
        assertThat(StorageRequirement.parse("write=6MB/s").check(Measurements.of(cut))
                .outcome()).isEqualTo(RequirementCheck.Outcome.MET);
    }

    /** A sustained write past the cache whose drive another measurement shared is left out. */
    @Test
    void aSharedSustainedWriteIsNotTheDrives() {
        SustainedReport fell = sustained(DataSize.ofMebibytes(300), Optional.empty(),
                Optional.of(new CacheCliff(new RateDrop(32 << 20, SECOND / 6, 200e6, 50e6),
                        CacheCliff.Cause.DRIVE_WRITE_CACHE)), Warning.CONCURRENT_MEASUREMENT);
        RequirementCheck v30 = SdClass.V30.requirement().check(Measurements.of(fell)
                .with(sequential(new double[] {300}, new double[] {300})));
        assertThat(v30.outcome()).isEqualTo(RequirementCheck.Outcome.NOT_JUDGED);
        assertThat(v30.results().get(0).whyNotJudged())
                .contains(RequirementCheck.NotJudged.NOT_THE_DRIVES);
        assertThat(v30.results().get(0).toString()).endsWith("figures left out as not the"
                + " drive's: CONCURRENT_MEASUREMENT");
    }

    /** A failure decides the verdict, whatever else was not judged. */
    @Test
    void aFailureOutweighsACriterionNotJudged() {
        Measurements m = Measurements.of(sequential(new double[] {300}, new double[] {300}))
                .with(random4k(true, new double[] {900}, 300_000));
        RequirementCheck a1 = SdClass.A1.requirement().check(m);
        assertThat(a1.results()).extracting(RequirementCheck.Result::status).containsExactly(
                Status.NOT_JUDGED, Status.NOT_MET, Status.NOT_JUDGED);
        assertThat(a1.outcome()).isEqualTo(RequirementCheck.Outcome.NOT_MET);
        assertThat(a1.toString()).startsWith("requirement SD Application Performance Class 1"
                + " (A1): NOT met\n");
    }

    @Test
    void aResultSaysWhyItWasNotJudgedExactlyWhenItWasNot() {
        assertThatThrownBy(() -> new RequirementCheck.Result(Criterion.SUSTAINED_WRITE,
                Status.NOT_JUDGED, Optional.empty(), 30e6, Double.NaN, Double.NaN, Optional.empty(), Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RequirementCheck.Result(Criterion.SUSTAINED_WRITE,
                Status.MET, Optional.of(RequirementCheck.NotJudged.BURST_ONLY), 30e6, 40e6,
                Double.NaN, Optional.empty(), Optional.empty())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RequirementCheck.Result(Criterion.SUSTAINED_WRITE,
                Status.MET, Optional.empty(), 30e6, 20e6, Double.NaN, Optional.empty(),
                Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RequirementCheck.Result.judged(Criterion.SUSTAINED_WRITE, 30e6,
                Double.NaN, Double.NaN, Optional.empty())).isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * A sustained write of 1 MiB blocks on a file system with 1 GiB free, {@code written} in
     * 10 s at one rate unless a cliff is given.
     */
    private static SustainedReport sustained(DataSize written, Optional<DataSize> sizeGiven,
            Optional<CacheCliff> cliff, Warning... more) {
        TargetInfo target = TargetInfo.builder(Path.of("/media/card"))
                .totalSpaceBytes(2 * DataSize.GIBIBYTE).usableSpaceBytes(DataSize.GIBIBYTE).build();
        Sample write = Sample.of(1, written.bytes(), 10 * SECOND).withCacheCliff(cliff);
        Set<Warning> warnings = java.util.EnumSet.noneOf(Warning.class);
        cliff.ifPresent(c -> warnings.add(Warning.WRITE_CACHE_CLIFF));
        warnings.addAll(List.of(more));
        return new SustainedReport(target, new SustainedParameters(DataSize.ofMebibytes(1),
                sizeGiven, Duration.ofSeconds(120), Duration.ofSeconds(10), Duration.ZERO, true),
                BACKEND, write, cliff.isPresent() ? SustainedReport.Stop.STEADY_AFTER_DROP
                        : SustainedReport.Stop.SIZE, warnings, Instant.EPOCH);
    }

    @Test
    void aReadThePageCacheMayHaveServedIsNotAMeasurementOfTheDrive() {
        SpeedReport fromCache = new SpeedReport(TARGET, new SequentialParameters(DataSize.ofMebibytes(1),
                8, 1, false, false, DataPattern.RANDOM, true, false, false, Optional.empty()), BACKEND, pass(PassKind.WRITE,
                new double[] {50}), PassResult.of(PassKind.READ, List.of(Sample.of(1,
                        7_000_000_000L, SECOND)), Set.of(Warning.READ_MAY_INCLUDE_PAGE_CACHE,
                        Warning.READ_SERVED_FROM_CACHE)), Optional.empty(), Instant.EPOCH, Optional.empty(), 0);
        RequirementCheck check = StorageRequirement.parse("read=2GB/s").check(fromCache);
        assertThat(check.passed()).isFalse();
        assertThat(check.outcome()).isEqualTo(RequirementCheck.Outcome.NOT_JUDGED);
        assertThat(check.results()).singleElement().satisfies(r -> {
            assertThat(r.status()).isEqualTo(RequirementCheck.Status.NOT_JUDGED);
            assertThat(r.whyNotJudged()).contains(RequirementCheck.NotJudged.NOT_THE_DRIVES);
        });
        // the write pass of the same report still counts
        assertThat(StorageRequirement.parse("write=40MB/s").check(fromCache).passed()).isTrue();
    }

    @Test
    void aFigureOfAMediumThatLostDataNeverSatisfiesARequirementAndSaysWhy() {
        SpeedReport lost = new SpeedReport(TARGET, new SequentialParameters(DataSize.ofMebibytes(1),
                8, 1, true, false, DataPattern.RANDOM, true, false, false, Optional.empty()), BACKEND, PassResult.of(PassKind.WRITE,
                List.of(Sample.of(1, 400_000_000L, SECOND)), Set.of(Warning.DATA_LOSS)),
                PassResult.of(PassKind.READ, List.of(Sample.of(1, 900_000_000L, SECOND)),
                        Set.of(Warning.DATA_LOSS)), Optional.empty(), Instant.EPOCH,
                Optional.empty(), 0);
        RequirementCheck check = StorageRequirement.parse("write=30MB/s").check(lost);
        assertThat(check.passed()).isFalse();
        assertThat(check.outcome()).isEqualTo(RequirementCheck.Outcome.NOT_JUDGED);
        assertThat(check.results()).singleElement().satisfies(r -> {
            assertThat(r.status()).isEqualTo(RequirementCheck.Status.NOT_JUDGED);
            assertThat(r.whyNotJudged()).contains(RequirementCheck.NotJudged.NOT_THE_DRIVES);
            assertThat(r.note().orElseThrow()).isEqualTo("DATA_LOSS");
            assertThat(r.toString()).isEqualTo("not judged: sequential write >= 30.0 MB/s (28.6"
                    + " MiB/s): figures left out as not the drive's: DATA_LOSS");
        });
        // the same figures without the loss would pass: the warning alone decides
        assertThat(StorageRequirement.parse("write=30MB/s").check(sequential(new double[] {400},
                new double[] {900})).passed()).isTrue();
        // and a sustained class on the lost medium is left out too, not a burst
        assertThat(SdClass.V30.requirement().check(lost).results().get(0).whyNotJudged())
                .contains(RequirementCheck.NotJudged.NOT_THE_DRIVES);
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
                true, false, DataPattern.RANDOM, true, false, false, Optional.empty()), BACKEND, PassResult.of(PassKind.WRITE,
                List.of(Sample.of(1, 50_000_000L, SECOND)), Set.of(warning)),
                PassResult.of(PassKind.READ, List.of(Sample.of(1, 100_000_000L, SECOND)),
                        Set.of(warning)), Optional.empty(), Instant.EPOCH, Optional.empty(), 0);
    }

    @Test
    void exactlyTheBoundPasses() {
        SpeedReport r = sequential(new double[] {10}, new double[] {10});
        assertThat(StorageRequirement.parse("write=10MB/s").check(r).passed()).isTrue();
        SustainedReport steady = sustained(DataSize.ofMebibytes(100), Optional.empty(),
                Optional.empty());
        assertThat(steady.heldToTheDefaultExtent()).isFalse();
        SustainedReport atTen = sustained(DataSize.ofBytes(537_395_200), Optional.empty(),
                Optional.empty());
        assertThat(atTen.write().throughput().bytesPerSecond()).isEqualTo(53_739_520);
        assertThat(StorageRequirement.named("x").minSustainedWrite(Throughput.ofBytesPerSecond(
                53_739_520)).check(Measurements.of(atTen)).passed()).isTrue();
    }

    @Test
    void appPerformanceNeedsRandomFiguresAndSaysWhatWasNotMeasured() {
        SpeedReport seq = sequential(new double[] {20, 22}, new double[] {50, 50});
        RequirementCheck onlySequential = SdClass.A1.requirement().check(seq);
        assertThat(onlySequential.passed()).isFalse();
        assertThat(onlySequential.outcome()).isEqualTo(RequirementCheck.Outcome.NOT_JUDGED);
        assertThat(onlySequential.results()).extracting(RequirementCheck.Result::status)
                .containsExactly(Status.NOT_JUDGED, Status.NOT_JUDGED, Status.NOT_JUDGED);
        assertThat(onlySequential.results()).extracting(r -> r.whyNotJudged().orElseThrow())
                .containsExactly(RequirementCheck.NotJudged.BURST_ONLY,
                        RequirementCheck.NotJudged.NOT_MEASURED,
                        RequirementCheck.NotJudged.NOT_MEASURED);
        assertThat(onlySequential.failures()).isEmpty();
        assertThat(onlySequential.notJudged()).hasSize(3);
        assertThat(onlySequential.worstMarginRatio()).isNaN();
        assertThat(onlySequential.notJudged().get(1).toString()).isEqualTo(
                "not judged: random 4 KiB read IOPS >= 1500 IOPS: not measured: no result holds"
                        + " this figure");

        // the sustained sequential 10 MB/s is judged past the cache: 12 MB/s after it
        Measurements all = Measurements.of(seq)
                .with(sustained(DataSize.ofMebibytes(200), Optional.empty(), Optional.of(
                        new CacheCliff(new RateDrop(32 << 20, SECOND / 6, 200e6, 12e6),
                                CacheCliff.Cause.DRIVE_WRITE_CACHE))))
                .with(random4k(true, new double[] {2100, 1600}, 300_000))
                .with(random4k(false, new double[] {700}, 900_000));
        RequirementCheck a1 = SdClass.A1.requirement().check(all);
        assertThat(a1.passed()).isTrue();
        assertThat(a1.results().get(0).measured()).isEqualTo(12e6);
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
                "failed: random 4 KiB completion latency p99 <= 5.00 ms: highest measured"
                        + " 30.0");
    }

    @Test
    void sequentialWorkloadsAndMixesDoNotStandInForTheirCriteria() {
        WorkloadReport rnd8k = random4k(true, new double[] {5000}, 1000);
        WorkloadParameters p = rnd8k.parameters();
        WorkloadReport eightK = new WorkloadReport(TARGET, new WorkloadParameters(p.pattern(),
                100, DataSize.ofKibibytes(8), p.size(), new RunLength(p.length().count(), p.length().duration(), p.length().rampTime(), Optional.empty()),
                1, 1, 0, 1, IoMode.DEFAULT, p.recording(), true, 0, Optional.empty()), BACKEND, PSYNC, rnd8k.read(),
                Optional.empty(), List.of(), Set.of(), Instant.EPOCH);
        RequirementCheck c = StorageRequirement.named("x").minRandomReadIops(100)
                .check(Measurements.of(eightK));
        assertThat(c.results().get(0).whyNotJudged()).contains(RequirementCheck.NotJudged.NOT_MEASURED);
    }

    @Test
    void andKeepsTheStricterBoundOfEach() {
        StorageRequirement both = SdClass.A1.requirement().and(SdClass.V30.requirement());
        assertThat(both.name()).isEqualTo("SD Application Performance Class 1 (A1) + SD Video"
                + " Speed Class 30 (V30)");
        assertThat(both.bounds()).containsEntry(Criterion.SUSTAINED_WRITE, 30e6)
                .containsEntry(Criterion.RANDOM_4K_READ_IOPS, 1500.0)
                .containsEntry(Criterion.RANDOM_4K_WRITE_IOPS, 500.0);
        assertThat(both.source().orElseThrow()).contains("Application Performance Class", "Speed Class");
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
            assertThat(r.bounds().get(Criterion.SUSTAINED_WRITE)).as(all[i].name())
                    .isEqualTo(expected[i][0] * 1e6);
            assertThat(r.needsSustainedWrite()).isTrue();
            assertThat(r.needsSequentialTest()).isFalse();
            if (expected[i][1] > 0) {
                assertThat(r.bounds()).containsEntry(Criterion.RANDOM_4K_READ_IOPS, expected[i][1])
                        .containsEntry(Criterion.RANDOM_4K_WRITE_IOPS, expected[i][2]);
                assertThat(r.source().orElseThrow()).contains("application-performance-class");
            } else {
                assertThat(r.bounds()).containsOnlyKeys(Criterion.SUSTAINED_WRITE);
                assertThat(r.source().orElseThrow()).contains("speed-class");
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
                .containsEntry(Criterion.SUSTAINED_WRITE, 10e6)
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
        StorageRequirement sustained = StorageRequirement.parse("sustained=25MiB/s");
        assertThat(sustained.bounds()).containsOnlyKeys(Criterion.SUSTAINED_WRITE)
                .containsEntry(Criterion.SUSTAINED_WRITE, 25.0 * (1 << 20));
        assertThat(sustained.needsSustainedWrite()).isTrue();
        assertThat(sustained.needsSequentialTest()).isFalse();
        assertThat(sustained.toString()).isEqualTo("sustained=25MiB/s: sustained write >= 26.2"
                + " MB/s (25.0 MiB/s)");
    }

    /** A figure far below its minimum keeps two significant digits: 0.0022x, not 0.00x. */
    @Test
    void aRatioFarBelowTheMinimumDoesNotReadAsZero() {
        assertThat(RequirementCheck.timesText(0.002209)).isEqualTo("0.0022");
        assertThat(RequirementCheck.timesText(0.05)).isEqualTo("0.050");
        assertThat(RequirementCheck.timesText(0.83)).isEqualTo("0.83");
        assertThat(RequirementCheck.timesText(1.5)).isEqualTo("1.50");
        assertThat(RequirementCheck.timesText(0)).isEqualTo("0.00");
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
        // a bound with another sign than '=' is a bound, not an unknown SD class
        assertThatThrownBy(() -> StorageRequirement.parse("write>10MB/s"))
                .hasMessage("requirement term 'write>10MB/s' not understood: a bound is written"
                        + " KEY=VALUE, as write=10MB/s (a minimum)");
        assertThatThrownBy(() -> StorageRequirement.parse("V30, Read >= 30MB/s"))
                .hasMessage("requirement term 'Read >= 30MB/s' not understood: a bound is written"
                        + " KEY=VALUE, as read=30MB/s (a minimum)");
        assertThatThrownBy(() -> StorageRequirement.parse("p99.9<10ms"))
                .hasMessage("requirement term 'p99.9<10ms' not understood: a bound is written"
                        + " KEY=VALUE, as p99.9=10ms (a maximum)");
        assertThatThrownBy(() -> StorageRequirement.parse("randread 1500"))
                .hasMessage("requirement term 'randread 1500' not understood: a bound is written"
                        + " KEY=VALUE, as randread=1500 (a minimum)");
        assertThat(StorageRequirement.parse("class 10")).isEqualTo(SdClass.C10.requirement());
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

    /**
     * Which run measures which criterion ({@link Criterion#measuredBy}): the rule a caller holds
     * a requirement against before running, and the one the check itself takes its workloads by
     * (the tests above hold the check to it).
     */
    @Test
    void eachCriterionIsMeasuredByTheRunsThatHoldItsFigureAndNoOther() {
        WorkloadParameters randomRead = WorkloadParameters.defaults()
                .withPattern(AccessPattern.RANDOM).withReadPercent(100)
                .withBlockSize(DataSize.ofKibibytes(4));
        WorkloadParameters randomWrite = randomRead.withReadPercent(0);
        WorkloadParameters randomMix = randomRead.withReadPercent(50);
        WorkloadParameters random8k = randomRead.withBlockSize(DataSize.ofKibibytes(8));
        WorkloadParameters sequentialWrite = randomWrite.withPattern(AccessPattern.SEQUENTIAL);
        SequentialParameters sequentialTest = SequentialParameters.defaults();
        SustainedParameters sustained = SustainedParameters.defaults();

        assertThat(Criterion.RANDOM_4K_READ_IOPS.measuredBy(randomRead)).isTrue();
        assertThat(Criterion.RANDOM_4K_READ_IOPS.measuredBy(randomWrite)).isFalse();
        assertThat(Criterion.RANDOM_4K_WRITE_IOPS.measuredBy(randomWrite)).isTrue();
        assertThat(Criterion.RANDOM_4K_LATENCY.measuredBy(randomWrite)).isTrue();
        assertThat(Criterion.RANDOM_4K_LATENCY.measuredBy(randomRead)).isTrue();
        for (Criterion c : List.of(Criterion.RANDOM_4K_READ_IOPS, Criterion.RANDOM_4K_WRITE_IOPS,
                Criterion.RANDOM_4K_LATENCY)) {
            assertThat(c.measuredBy(randomMix)).as("%s, a mix", c).isFalse();
            assertThat(c.measuredBy(random8k)).as("%s, 8 KiB", c).isFalse();
            assertThat(c.measuredBy(sequentialTest)).as("%s, sequential test", c).isFalse();
        }
        assertThat(Criterion.SEQUENTIAL_READ.measuredBy(sequentialTest)).isTrue();
        assertThat(Criterion.SEQUENTIAL_READ.measuredBy(sustained)).isFalse();
        assertThat(Criterion.SEQUENTIAL_WRITE.measuredBy(sustained)).isTrue();
        assertThat(Criterion.SEQUENTIAL_WRITE.measuredBy(sequentialWrite)).isFalse();
        // a sequential write workload gives a sustained minimum a burst figure only
        assertThat(Criterion.SUSTAINED_WRITE.measuredBy(sequentialWrite)).isTrue();
        assertThat(Criterion.SUSTAINED_WRITE.measuredBy(randomWrite)).isFalse();
        assertThat(Criterion.SUSTAINED_WRITE.measuredBy(sequentialWrite.withReadPercent(100)))
                .isFalse();

    }
}
