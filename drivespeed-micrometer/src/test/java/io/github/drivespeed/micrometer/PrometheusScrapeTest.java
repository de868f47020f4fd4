package io.github.drivespeed.micrometer;

import static io.github.drivespeed.micrometer.DriveSpeedMeterBinderTest.awaitMeasurements;
import static io.github.drivespeed.micrometer.DriveSpeedMeterBinderTest.schedule;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.report.LatencyStats;
import io.github.drivespeed.testing.TestFiles;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What Prometheus scrapes: the names with their units, the tags, NaN where there is no figure. */
class PrometheusScrapeTest {

    @TempDir
    Path dir;

    /** The value of the one sample line starting with {@code series}, as Prometheus reads it. */
    private static double sample(String scrape, String series) {
        List<String> lines = Arrays.stream(scrape.split("\n"))
                .filter(l -> l.startsWith(series + " ")).toList();
        assertThat(lines).as("lines of %s in%n%s", series, scrape).hasSize(1);
        return Double.parseDouble(lines.get(0).substring(series.length() + 1).strip());
    }

    /**
     * Prometheus' labels: the binder's tags and {@code more}, in the order of their names, but a
     * histogram bucket's {@code le} last, as the exposition format writes them.
     */
    private static String labels(String device, String fsType, Path path, String... more) {
        java.util.TreeMap<String, String> labels = new java.util.TreeMap<>(java.util.Map.of(
                "device", device, "fs_type", fsType, "path", path.toString()));
        for (int i = 0; i < more.length; i += 2) {
            labels.put(more[i], more[i + 1]);
        }
        String le = labels.remove("le");
        return labels.entrySet().stream().map(e -> e.getKey() + "=\"" + e.getValue() + "\"")
                .collect(java.util.stream.Collectors.joining(",", "{",
                        le == null ? "}" : ",le=\"" + le + "\"}"));
    }

    private static String tag(DriveSpeedMeterBinder binder, String key) {
        return binder.tags().stream().filter(t -> t.getKey().equals(key)).findFirst()
                .orElseThrow().getValue();
    }

    @Test
    void theScrapeShowsNaNBeforeTheFirstMeasurementAndTheFiguresAfterIt() throws Exception {
        Path watched = Files.createDirectory(dir.resolve("watched"));
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        try (MeasurementSchedule schedule = schedule(watched, Duration.ZERO, Duration.ofHours(1))) {
            DriveSpeedMeterBinder binder = new DriveSpeedMeterBinder(schedule);
            binder.bindTo(registry);
            // device and fs_type as the probe found them
            String device = tag(binder, "device");
            String fsType = tag(binder, "fs_type");

            String before = registry.scrape();
            assertThat(before).contains("# TYPE drivespeed_sequential_write_rate_bytes_per_second"
                    + " gauge");
            assertThat(sample(before, "drivespeed_sequential_write_rate_bytes_per_second"
                    + labels(device, fsType, watched))).isNaN();
            assertThat(sample(before, "drivespeed_random_read_iops_operations_per_second"
                    + labels(device, fsType, watched))).isNaN();
            assertThat(sample(before, "drivespeed_random_read_latency_seconds"
                    + labels(device, fsType, watched, "percentile", "0.99"))).isNaN();
            assertThat(sample(before, "drivespeed_measurements_total"
                    + labels(device, fsType, watched, "outcome", "success"))).isZero();

            schedule.start();
            awaitMeasurements(registry, 1);
            Measurement m = schedule.latest().orElseThrow();
            String after = registry.scrape();
            assertThat(sample(after, "drivespeed_measurements_total"
                    + labels(device, fsType, watched, "outcome", m.outcome().tagValue()))).isEqualTo(1);
            double write = sample(after, "drivespeed_sequential_write_rate_bytes_per_second"
                    + labels(device, fsType, watched));
            double p99 = sample(after, "drivespeed_random_read_latency_seconds"
                    + labels(device, fsType, watched, "percentile", "0.99"));
            double reads = sample(after, "drivespeed_random_read_clat_seconds_count"
                    + labels(device, fsType, watched));
            double within2s = sample(after, "drivespeed_random_read_bins_seconds_bucket"
                    + labels(device, fsType, watched, "le", "2.0"));
            double binned = sample(after, "drivespeed_random_read_bins_seconds_count"
                    + labels(device, fsType, watched));
            // fio's latency bins, 2 us to 2 s, as the histogram's buckets
            assertThat(after).contains("# TYPE drivespeed_random_read_bins_seconds histogram")
                    .contains("drivespeed_random_read_bins_seconds_bucket"
                    + labels(device, fsType, watched, "le", "2.0E-6") + " ")
                    .contains("drivespeed_random_read_bins_seconds_bucket"
                    + labels(device, fsType, watched, "le", "0.001") + " ");
            // the clat timer's percentiles, as a summary's quantiles
            assertThat(after).contains("# TYPE drivespeed_random_read_clat_seconds summary");
            double q99 = sample(after, "drivespeed_random_read_clat_seconds"
                    + labels(device, fsType, watched, "quantile", "0.99"));
            assertThat(binned).isEqualTo(reads);
            if (m.outcome() == MeasurementOutcome.SUCCESS) {
                assertThat(write).isEqualTo(m.sequential().write().median().bytesPerSecond());
                assertThat(p99).isEqualTo(m.randomReads().orElseThrow().completionLatency()
                        .percentileNanos(99) / 1e9);
                assertThat(reads).isEqualTo(m.randomReads().orElseThrow().completionLatency()
                        .count()).isPositive();
                assertThat(within2s).isEqualTo(reads);
                // Micrometer's own estimate from its histogram: within the reads' range
                LatencyStats clat = m.randomReads().orElseThrow().completionLatency();
                assertThat(q99).isPositive()
                        .isBetween(clat.percentileNanos(50) / 1e9 * 0.9, clat.maxNanos() / 1e9 * 1.1);
            } else {
                assertThat(write).isNaN();
                assertThat(p99).isNaN();
                assertThat(reads).isZero();
                assertThat(q99).isZero();
            }
        }
        assertThat(TestFiles.names(watched)).isEmpty();
    }
}
