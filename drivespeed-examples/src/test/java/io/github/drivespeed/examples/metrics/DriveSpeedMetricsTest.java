package io.github.drivespeed.examples.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.SequentialPlan;
import io.github.drivespeed.WorkloadPlan;
import io.github.drivespeed.parameters.Preset;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.testing.TestFiles;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The binder measures a real temporary directory on its own thread and the gauges of a
 * {@link SimpleMeterRegistry} then read that measurement's figures.
 */
class DriveSpeedMetricsTest {

    @TempDir
    Path dir;

    private SequentialPlan sequential(Path target) {
        return DriveSpeed.on(target).blockSize("64K").count(16).runs(1).directOrBuffered();
    }

    private WorkloadPlan randomReads(Path target) {
        return DriveSpeed.workload(target).preset(Preset.RND4K_Q1T1).size("4M")
                .duration(Duration.ofMillis(200));
    }

    private static double gauge(SimpleMeterRegistry registry, String name, String... tags) {
        return registry.get(name).tags(tags).gauge().value();
    }

    @Test
    void afterOneScheduledMeasurementTheGaugesReadItsFigures() throws Exception {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        CountDownLatch measured = new CountDownLatch(1);
        AtomicReference<String> thread = new AtomicReference<>();
        try (DriveSpeedMetrics metrics = new DriveSpeedMetrics(sequential(dir), randomReads(dir),
                Duration.ZERO, Duration.ofHours(1), m -> {
                    thread.set(Thread.currentThread().getName());
                    measured.countDown();
                })) {
            metrics.bindTo(registry);
            assertThat(measured.await(2, TimeUnit.MINUTES)).as("one measurement").isTrue();
            DriveSpeedMetrics.Measurement m = metrics.latest().orElseThrow();
            assertThat(thread.get()).isEqualTo("drivespeed-metrics");
            String path = dir.toString();

            assertThat(gauge(registry, "drivespeed.sequential.write", "path", path))
                    .isEqualTo(m.sequential().write().median().bytesPerSecond()).isPositive();
            assertThat(gauge(registry, "drivespeed.sequential.read", "path", path))
                    .isEqualTo(m.sequential().read().median().bytesPerSecond()).isPositive();
            PassResult reads = m.workload().read().orElseThrow();
            assertThat(gauge(registry, "drivespeed.random.read", "path", path))
                    .isEqualTo(reads.medianIops()).isPositive();
            assertThat(gauge(registry, "drivespeed.random.read.latency", "path", path,
                    "percentile", "0.99"))
                    .isEqualTo(reads.latency().percentileNanos(99) / 1e9).isPositive();
            assertThat(gauge(registry, "drivespeed.random.read.latency", "path", path,
                    "percentile", "0.5"))
                    .isEqualTo(reads.latency().medianNanos() / 1e9);
            assertThat(registry.get("drivespeed.random.read.latency").gauges()).hasSize(3);

            DistributionSummary clat = registry.get("drivespeed.random.read.clat")
                    .tags("path", path).summary();
            assertThat(clat.count()).as("every timed I/O").isEqualTo(reads.latency().count());
            assertThat(clat.getId().getBaseUnit()).isEqualTo("seconds");
            // the histogram's buckets are within 0.1 % of the exact values
            assertThat(clat.max()).isCloseTo(reads.latency().maxNanos() / 1e9,
                    org.assertj.core.data.Percentage.withPercentage(0.2));
            assertThat(registry.get("drivespeed.measurements").tags("outcome", "success")
                    .counter().count()).isEqualTo(1);
            assertThat(registry.get("drivespeed.measurements").tags("outcome", "failure")
                    .counter().count()).isZero();
        }
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void beforeTheFirstMeasurementNothingIsMeasuredAndTheGaugesAreNaN() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (DriveSpeedMetrics metrics = new DriveSpeedMetrics(sequential(dir), randomReads(dir),
                Duration.ofHours(1), Duration.ofHours(1))) {
            metrics.bindTo(registry);
            // a scrape reads the gauges: it never measures
            assertThat(gauge(registry, "drivespeed.sequential.write", "path", dir.toString()))
                    .isNaN();
            assertThat(metrics.latest()).isEmpty();
        }
        assertThat(dir.toFile().list()).isEmpty();
    }

    @Test
    void aFailedMeasurementIsCountedAndLeavesNoFigure() throws Exception {
        Path absent = dir.resolve("absent");
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (DriveSpeedMetrics metrics = new DriveSpeedMetrics(sequential(absent),
                randomReads(absent), Duration.ZERO, Duration.ofHours(1))) {
            metrics.bindTo(registry);
            var failures = registry.get("drivespeed.measurements").tags("outcome", "failure")
                    .counter();
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
            while (failures.count() < 1 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(failures.count()).isEqualTo(1);
            assertThat(gauge(registry, "drivespeed.sequential.write", "path", absent.toString()))
                    .isNaN();
        }
        assertThat(absent).doesNotExist();
    }

    @Test
    void badSettingsAreRefusedAtOnce() {
        assertThatThrownBy(() -> new DriveSpeedMetrics(sequential(dir), randomReads(dir.resolve("x")),
                Duration.ZERO, Duration.ofHours(1)))
                .hasMessageStartingWith("the two plans must measure one directory: ");
        assertThatThrownBy(() -> new DriveSpeedMetrics(sequential(dir), randomReads(dir),
                Duration.ZERO, Duration.ZERO))
                .hasMessage("interval must be > 0: PT0S");
        assertThatThrownBy(() -> new DriveSpeedMetrics(sequential(dir), randomReads(dir),
                Duration.ofSeconds(-1), Duration.ofHours(1)))
                .hasMessage("initialDelay must be >= 0: PT-1S");
    }
}
