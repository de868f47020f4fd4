package io.github.drivespeed.micrometer;

import static io.github.drivespeed.micrometer.DriveSpeedMeterBinderTest.randomReads;
import static io.github.drivespeed.micrometer.DriveSpeedMeterBinderTest.sequential;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.Verdict;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.target.TargetInfo;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A binder of one finished run: the schedule's meters, holding that run's figures. */
class ReportBinderTest {

    @TempDir
    Path dir;

    private static double gauge(PrometheusMeterRegistry registry, String name, String... tags) {
        return registry.get(name).tags(tags).gauge().value();
    }

    @Test
    void aRunsReportsFillTheMetersOnceAndTheScrapeHasTheQuantiles() throws Exception {
        SpeedReport s = sequential(dir).run();
        WorkloadReport w = randomReads(dir).run();
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        DriveSpeedMeterBinder binder = DriveSpeedMeterBinder.ofReports(List.of(s, w));
        binder.bindTo(registry);

        TargetInfo target = s.target();
        assertThat(binder.tags().stream().map(t -> t.getKey() + "=" + t.getValue()).toList())
                .containsExactlyInAnyOrder("path=" + target.directory(),
                        "device=" + target.blockDevice().map(b -> b.sysfsName()).orElse("none"),
                        "fs_type=" + target.fileSystemType());
        boolean drives = s.verdict().outcome() == Verdict.Outcome.MEASURED
                && w.verdict().outcome() == Verdict.Outcome.MEASURED;
        String outcome = drives ? "success" : "flagged";
        assertThat(registry.get(DriveSpeedMeterBinder.MEASUREMENTS).tags("outcome", outcome)
                .counter().count()).isEqualTo(1);
        String scrape = registry.scrape();
        assertThat(scrape).contains("# TYPE drivespeed_random_read_clat_seconds summary")
                .contains("# TYPE drivespeed_random_read_bins_seconds histogram");
        if (drives) {
            PassResult reads = w.read().orElseThrow();
            assertThat(gauge(registry, DriveSpeedMeterBinder.SEQUENTIAL_WRITE))
                    .isEqualTo(s.write().median().bytesPerSecond()).isPositive();
            assertThat(gauge(registry, DriveSpeedMeterBinder.RANDOM_READ_IOPS))
                    .isEqualTo(reads.medianIops()).isPositive();
            assertThat(registry.get(DriveSpeedMeterBinder.RANDOM_READ_CLAT).timer().count())
                    .isEqualTo(reads.completionLatency().count()).isPositive();
            for (double p : DriveSpeedMeterBinder.PERCENTILES) {
                assertThat(scrape).containsPattern("(?m)^drivespeed_random_read_clat_seconds\\{"
                        + "[^}]*quantile=\"" + p + "\"\\} [0-9.E-]+$");
            }
        } else {
            assertThat(gauge(registry, DriveSpeedMeterBinder.SEQUENTIAL_WRITE)).isNaN();
        }
    }

    @Test
    void meterNoReportFeedsIsNaNAndAnotherRegistryCountsTheRunToo() throws Exception {
        SpeedReport s = sequential(dir).run();
        DriveSpeedMeterBinder binder = DriveSpeedMeterBinder.ofReports(List.of(s));
        PrometheusMeterRegistry first = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        SimpleMeterRegistry second = new SimpleMeterRegistry();
        binder.bindTo(first);
        binder.bindTo(second);
        assertThat(gauge(first, DriveSpeedMeterBinder.RANDOM_READ_IOPS)).isNaN();
        assertThat(gauge(first, DriveSpeedMeterBinder.RANDOM_READ_LATENCY, "percentile", "0.99"))
                .isNaN();
        assertThat(first.get(DriveSpeedMeterBinder.RANDOM_READ_CLAT).timer().count()).isZero();
        double total = second.get(DriveSpeedMeterBinder.MEASUREMENTS).counters().stream()
                .mapToDouble(c -> c.count()).sum();
        assertThat(total).isEqualTo(1);
    }

    @Test
    void noReportsIsRefused() {
        assertThatThrownBy(() -> DriveSpeedMeterBinder.ofReports(List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("reports must not be empty: []");
    }
}
