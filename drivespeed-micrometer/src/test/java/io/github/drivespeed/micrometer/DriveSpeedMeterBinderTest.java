package io.github.drivespeed.micrometer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.SequentialPlan;
import io.github.drivespeed.WorkloadPlan;
import io.github.drivespeed.parameters.Preset;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.testing.TestFiles;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.distribution.CountAtBucket;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The binder on a real temporary directory: the gauges read the scheduled measurement's figures,
 * NaN before it and after a failure, the timer holds every timed read, the counter each outcome.
 */
class DriveSpeedMeterBinderTest {

    @TempDir
    Path dir;

    static SequentialPlan sequential(Path target) {
        return DriveSpeed.on(target).blockSize("64K").count(16).runs(1).directOrBuffered();
    }

    static WorkloadPlan randomReads(Path target) {
        return DriveSpeed.workload(target).preset(Preset.RND4K_Q1T1).size("4M")
                .duration(Duration.ofMillis(200)).directOrBuffered();
    }

    static MeasurementSchedule schedule(Path target, Duration initialDelay, Duration interval) {
        return new MeasurementSchedule(sequential(target), randomReads(target), initialDelay,
                interval);
    }

    static double gauge(MeterRegistry registry, String name, String... tags) {
        return registry.get(name).tags(tags).gauge().value();
    }

    static double outcomes(MeterRegistry registry, MeasurementOutcome outcome) {
        return registry.get(DriveSpeedMeterBinder.MEASUREMENTS)
                .tags("outcome", outcome.tagValue()).counter().count();
    }

    /** Waits until the counter of measurements reaches {@code n}, at most two minutes. */
    static void awaitMeasurements(MeterRegistry registry, int n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (total(registry) < n && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(total(registry)).as("measurements").isGreaterThanOrEqualTo(n);
    }

    private static double total(MeterRegistry registry) {
        return registry.get(DriveSpeedMeterBinder.MEASUREMENTS).counters().stream()
                .mapToDouble(c -> c.count()).sum();
    }

    @Test
    void afterOneScheduledMeasurementTheMetersHoldItsFigures() throws Exception {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        AtomicReference<String> thread = new AtomicReference<>();
        try (MeasurementSchedule schedule = schedule(dir, Duration.ZERO, Duration.ofHours(1))) {
            schedule.addListener(m -> thread.set(Thread.currentThread().getName()));
            new DriveSpeedMeterBinder(schedule).bindTo(registry);
            schedule.start();
            awaitMeasurements(registry, 1);
            Measurement m = schedule.latest().orElseThrow();
            assertThat(thread.get()).isEqualTo("drivespeed-measurement");
            PassResult reads = m.randomReads().orElseThrow();
            Timer clat = registry.get(DriveSpeedMeterBinder.RANDOM_READ_CLAT).timer();
            assertThat(outcomes(registry, m.outcome())).isEqualTo(1);
            if (m.outcome() == MeasurementOutcome.SUCCESS) {
                assertThat(gauge(registry, DriveSpeedMeterBinder.SEQUENTIAL_WRITE))
                        .isEqualTo(m.sequential().write().median().bytesPerSecond())
                        .isPositive();
                assertThat(gauge(registry, DriveSpeedMeterBinder.SEQUENTIAL_READ))
                        .isEqualTo(m.sequential().read().median().bytesPerSecond())
                        .isPositive();
                assertThat(gauge(registry, DriveSpeedMeterBinder.RANDOM_READ_IOPS))
                        .isEqualTo(reads.medianIops()).isPositive();
                assertThat(gauge(registry, DriveSpeedMeterBinder.RANDOM_READ_LATENCY,
                        "percentile", "0.99"))
                        .isEqualTo(reads.completionLatency().percentileNanos(99) / 1e9).isPositive();
                assertThat(gauge(registry, DriveSpeedMeterBinder.RANDOM_READ_LATENCY,
                        "percentile", "0.5")).isEqualTo(reads.completionLatency().medianNanos() / 1e9);
                assertTimerHoldsEveryRead(clat, reads);
                assertBinsHoldEveryRead(
                        registry.get(DriveSpeedMeterBinder.RANDOM_READ_BINS).timer(), reads);
            } else {
                // another build used the disk meanwhile: flagged, so no figure and no timing
                assertThat(gauge(registry, DriveSpeedMeterBinder.SEQUENTIAL_WRITE)).isNaN();
                assertThat(clat.count()).isZero();
            }
            assertThat(outcomes(registry, MeasurementOutcome.FAILURE)).isZero();
        }
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    private static void assertTimerHoldsEveryRead(Timer clat, PassResult reads) {
        assertThat(clat.count()).as("every timed I/O").isEqualTo(reads.completionLatency().count());
        assertThat(clat.max(TimeUnit.NANOSECONDS)).isEqualTo(reads.completionLatency().maxNanos());
        assertThat(clat.getId().getBaseUnit()).isEqualTo("seconds");
    }

    /**
     * fio's bins are the buckets of a timer of their own: a timer with buckets loses its
     * quantiles in Prometheus.
     */
    private static void assertBinsHoldEveryRead(Timer bins, PassResult reads) {
        assertThat(bins.count()).as("every timed I/O").isEqualTo(reads.completionLatency().count());
        CountAtBucket[] buckets = bins.takeSnapshot().histogramCounts();
        assertThat(buckets).extracting(b -> b.bucket(TimeUnit.NANOSECONDS))
                .containsExactlyElementsOf(LatencyHistogram.FIO_BIN_EDGES.stream()
                        .map(d -> (double) d.toNanos()).toList());
        // the last edge, 2 s, holds every read that took at most 2 s
        long upTo2s = reads.completionLatency().maxNanos() <= 2_000_000_000L ? reads.completionLatency().count() : -1;
        if (upTo2s >= 0) {
            assertThat(buckets[buckets.length - 1].count()).isEqualTo(upTo2s);
        }
    }

    @Test
    void beforeTheFirstMeasurementTheGaugesAreNaNAndAScrapeMeasuresNothing() throws Exception {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (MeasurementSchedule schedule = schedule(dir, Duration.ofHours(1), Duration.ofHours(1))) {
            new DriveSpeedMeterBinder(schedule).bindTo(registry);
            schedule.start();
            for (String name : List.of(DriveSpeedMeterBinder.SEQUENTIAL_WRITE,
                    DriveSpeedMeterBinder.SEQUENTIAL_READ, DriveSpeedMeterBinder.RANDOM_READ_IOPS)) {
                assertThat(gauge(registry, name)).as(name).isNaN();
            }
            assertThat(registry.get(DriveSpeedMeterBinder.RANDOM_READ_LATENCY).gauges())
                    .hasSize(3).allSatisfy(g -> assertThat(g.value()).isNaN());
            assertThat(registry.get(DriveSpeedMeterBinder.RANDOM_READ_CLAT).timer().count())
                    .isZero();
            assertThat(schedule.latest()).isEmpty();
        }
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    /**
     * A measurement that fails after one that ended leaves NaN, not the earlier figures: the
     * directory is removed between the two (while the listener holds the measuring thread).
     */
    @Test
    void afterAFailedMeasurementTheGaugesAreNaNNotTheEarlierFigures() throws Exception {
        Path watched = Files.createDirectory(dir.resolve("watched"));
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        CountDownLatch removed = new CountDownLatch(1);
        try (MeasurementSchedule schedule = schedule(watched, Duration.ZERO,
                Duration.ofMillis(10))) {
            new DriveSpeedMeterBinder(schedule).bindTo(registry);
            schedule.addListener(m -> await(removed));
            schedule.start();
            awaitMeasurements(registry, 1);
            Measurement first = schedule.latest().orElseThrow();
            if (first.outcome() == MeasurementOutcome.SUCCESS) {
                assertThat(gauge(registry, DriveSpeedMeterBinder.SEQUENTIAL_READ)).isPositive();
            }
            Files.delete(watched);
            removed.countDown();
            awaitMeasurements(registry, 2);
            // every measurement after the first failed: the directory is gone
            assertThat(outcomes(registry, MeasurementOutcome.FAILURE)).isPositive();
            assertThat(outcomes(registry, MeasurementOutcome.SUCCESS)
                    + outcomes(registry, MeasurementOutcome.FLAGGED)).isEqualTo(1);
            assertThat(schedule.latest()).isEmpty();
            assertThat(schedule.lastFailure()).isPresent();
            assertThat(gauge(registry, DriveSpeedMeterBinder.SEQUENTIAL_READ)).isNaN();
            assertThat(gauge(registry, DriveSpeedMeterBinder.RANDOM_READ_IOPS)).isNaN();
            assertThat(gauge(registry, DriveSpeedMeterBinder.RANDOM_READ_LATENCY,
                    "percentile", "0.99")).isNaN();
        }
        assertThat(watched).doesNotExist();
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(2, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void everyMeterCarriesThePathTheDeviceAndTheFileSystemType() throws Exception {
        TargetInfo target = DriveSpeed.probe(dir);
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (MeasurementSchedule schedule = schedule(dir, Duration.ofHours(1), Duration.ofHours(1))) {
            new DriveSpeedMeterBinder(schedule).bindTo(registry);
        }
        String device = target.blockDevice().map(d -> d.sysfsName()).orElse("none");
        assertThat(registry.getMeters()).isNotEmpty().allSatisfy(m -> {
            assertThat(m.getId().getTag("path")).isEqualTo(dir.toString());
            assertThat(m.getId().getTag("device")).isEqualTo(device);
            assertThat(m.getId().getTag("fs_type")).isEqualTo(target.fileSystemType())
                    .isNotBlank();
        });
    }

    @Test
    void aDirectoryThatCannotBeProbedIsTaggedUnknown() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (MeasurementSchedule schedule = schedule(dir.resolve("absent"), Duration.ofHours(1),
                Duration.ofHours(1))) {
            new DriveSpeedMeterBinder(schedule).bindTo(registry);
        }
        assertThat(registry.get(DriveSpeedMeterBinder.MEASUREMENTS).counters()).hasSize(3)
                .allSatisfy(c -> assertThat(c.getId().getTag("device")).isEqualTo("unknown"));
    }

    /**
     * Hierarchical back ends (JMX, Graphite) need no meter name to be a dotted prefix of another.
     * A registry without native histograms (as this one) adds Micrometer's own gauges under a
     * timer's name, {@code .percentile} and {@code .histogram}, as it does for every timer: a
     * timer is a node with children there already; those are the only names that extend one.
     */
    @Test
    void noMeterNameIsADottedPrefixOfAnother() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (MeasurementSchedule schedule = schedule(dir, Duration.ofHours(1), Duration.ofHours(1))) {
            new DriveSpeedMeterBinder(schedule).bindTo(registry);
        }
        List<String> names = registry.getMeters().stream().map(Meter::getId).map(Meter.Id::getName)
                .distinct().toList();
        // the percentiles' gauges under the one timer, the buckets' under the other
        List<String> derived = List.of(DriveSpeedMeterBinder.RANDOM_READ_CLAT + ".percentile",
                DriveSpeedMeterBinder.RANDOM_READ_BINS + ".histogram");
        assertThat(names).containsAll(DriveSpeedMeterBinder.METER_NAMES)
                .containsAll(derived).hasSize(DriveSpeedMeterBinder.METER_NAMES.size() + 2);
        List<String> ours = DriveSpeedMeterBinder.METER_NAMES;
        for (String a : ours) {
            assertThat(names).as("names starting with %s.", a)
                    .noneMatch(b -> b.startsWith(a + ".") && !derived.contains(b));
        }
    }

    @Test
    void badSettingsAreRefusedNamingThem() {
        assertThatThrownBy(() -> new MeasurementSchedule(sequential(dir),
                randomReads(dir.resolve("x")), Duration.ZERO, Duration.ofHours(1)))
                .hasMessageStartingWith("the two plans must measure one directory: ");
        assertThatThrownBy(() -> schedule(dir, Duration.ZERO, Duration.ZERO))
                .hasMessage("interval must be > 0: PT0S");
        assertThatThrownBy(() -> schedule(dir, Duration.ofSeconds(-1), Duration.ofHours(1)))
                .hasMessage("initialDelay must be >= 0: PT-1S");
    }
}
