package io.github.drivespeed.report.view;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.parameters.DataPattern;
import io.github.drivespeed.parameters.SequentialParameters;
import io.github.drivespeed.parameters.SustainedParameters;
import io.github.drivespeed.report.BackendInfo;
import io.github.drivespeed.report.LatencyStats;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Report;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.SustainedReport;
import io.github.drivespeed.report.Timeline;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.warning.Warning;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The one shape of every report: kind, settings by name with units, passes, warnings, verdict. */
class ReportViewTest {

    private static final long SECOND = 1_000_000_000L;
    private static final BackendInfo BACKEND = new BackendInfo("java", "test", Optional.empty());
    private static final TargetInfo TARGET = TargetInfo.builder(Path.of("/data")).build();

    private static PassResult pass(PassKind kind, long bytes) {
        return PassResult.of(kind, List.of(Sample.of(1, bytes, SECOND, bytes / 4096,
                LatencyStats.ofNanos(1000), Timeline.NONE)), Set.of());
    }

    private static SpeedReport sequential(Optional<PassResult> cachedRead) {
        return new SpeedReport(TARGET, new SequentialParameters(DataSize.ofMebibytes(8), 4, 1,
                true, false, DataPattern.RANDOM, false, false, true, Optional.empty()), BACKEND, pass(PassKind.WRITE, 32 << 20),
                pass(PassKind.READ, 64 << 20), cachedRead, Instant.EPOCH, Optional.empty(), 0);
    }

    @Test
    void sequentialTestGivesItsSettingsInOrderWithTheirUnits() {
        ReportView view = ReportView.of(sequential(Optional.empty()));

        assertThat(view.kind()).isEqualTo(ReportView.Kind.SEQUENTIAL);
        assertThat(view.kind().text()).isEqualTo("sequential");
        assertThat(view.settings().byName().keySet()).containsExactly("bs", "count", "size",
                "runs", "direct", "dsync", "data", "verify", "drop_caches", "buffered_fallback");
        assertThat(view.settings().flag("verify")).contains(false);
        assertThat(view.settings().flag("buffered_fallback")).contains(true);
        assertThat(view.settings().size("bs")).contains(DataSize.ofMebibytes(8));
        assertThat(view.settings().size("size")).contains(DataSize.ofMebibytes(32));
        assertThat(view.settings().count("runs")).hasValue(1);
        assertThat(view.settings().flag("direct")).contains(true);
        assertThat(view.settings().text("data")).contains(DataPattern.RANDOM.toString());
        assertThat(view.settings().count("bs")).isEmpty();
        assertThat(view.settings().get("iodepth")).isEmpty();
    }

    @Test
    void passesComeInTheOrderRunTheCachedReadLast() {
        SpeedReport report = sequential(Optional.of(pass(PassKind.CACHED_READ, 1 << 30)));
        ReportView view = ReportView.of(report);

        assertThat(view.passes()).extracting(PassResult::kind)
                .containsExactly(PassKind.WRITE, PassKind.READ, PassKind.CACHED_READ);
        assertThat(view.passes().get(1).median().bytesPerSecond()).isEqualTo(64 << 20);
        assertThat(view.cpu()).isEmpty();
    }

    @Test
    void warningsVerdictTargetAndBackendAreTheReports() {
        Report report = sequential(Optional.empty());
        ReportView view = ReportView.of(report);

        assertThat(view.warnings()).isEqualTo(report.warnings());
        assertThat(view.verdict()).isEqualTo(report.verdict());
        assertThat(view.target()).isSameAs(TARGET);
        assertThat(view.backend()).isSameAs(BACKEND);
        assertThat(view.startedAt()).isEqualTo(Instant.EPOCH);
    }

    @Test
    void sustainedWriteIsOneWritePassWithItsWarnings() {
        SustainedReport report = new SustainedReport(TARGET, new SustainedParameters(
                DataSize.ofMebibytes(8), Optional.empty(), Duration.ofMinutes(2),
                Duration.ofSeconds(5), Duration.ZERO, true), BACKEND,
                Sample.of(1, 256 << 20, SECOND, 32, LatencyStats.ofNanos(1000), Timeline.NONE),
                SustainedReport.Stop.DURATION, Set.of(Warning.SYNC_MOUNT), Instant.EPOCH);
        ReportView view = ReportView.of(report);

        assertThat(view.kind()).isEqualTo(ReportView.Kind.SUSTAINED);
        assertThat(view.passes()).singleElement().satisfies(p -> {
            assertThat(p.kind()).isEqualTo(PassKind.WRITE);
            assertThat(p.totalBytes()).isEqualTo(256 << 20);
            assertThat(p.warnings()).containsExactly(Warning.SYNC_MOUNT);
        });
        assertThat(view.settings().byName().keySet()).containsExactly("bs", "runtime",
                "steady_for", "idle_before", "direct");
        assertThat(view.settings().time("idle_before")).contains(Duration.ZERO);
        assertThat(view.warnings()).containsExactly(Warning.SYNC_MOUNT);
    }
}
