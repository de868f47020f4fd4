package io.github.drivespeed.cli.chart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.fio.internal.Results;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.TimelinePoint;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.testing.TestFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.TextAnchor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The timeline chart's data: buckets sized to the pass, each write's fdatasync an interval of
 * its own, one series per pass and run; from real measurements, and from traces on a clock the
 * test sets for the pass lengths a test cannot take on every disk.
 */
class TimelineChartDataTest {

    private static final long MS = 1_000_000L;
    private static final long MB = 1_000_000L;

    @TempDir
    Path dir;

    /** A real sequential test in the temporary directory, its passes traced. */
    private record Measured(SpeedReport report, List<PassTrace> traces) { }

    private Measured measure(int runs) throws IOException {
        PassTraceRecorder recorder = new PassTraceRecorder();
        SpeedReport report = DriveSpeed.on(dir).blockSize("64K").count(16).runs(runs)
                .listener(recorder).run();
        assertThat(TestFiles.names(dir)).isEmpty();
        return new Measured(report, recorder.traces());
    }

    /**
     * A trace of {@code blocks} blocks of 1 MB, one every {@code blockNanos}, then
     * {@code syncNanos} more before the pass ends; recorded through the recorder on a clock the
     * test moves.
     */
    private static PassTrace trace(PassKind kind, int run, int blocks, long blockNanos,
            long syncNanos) {
        long[] now = {5_000 * MS};
        PassTraceRecorder recorder = new PassTraceRecorder(() -> now[0]);
        recorder.passStarted(kind, run, blocks * MB);
        for (int i = 1; i <= blocks; i++) {
            now[0] += blockNanos;
            recorder.bytesTransferred(kind, run, i * MB, blocks * MB);
        }
        now[0] += syncNanos;
        recorder.passFinished(kind, Sample.of(run, blocks * MB, blocks * blockNanos + syncNanos));
        return recorder.traces().get(0);
    }

    @Test
    void aOneSecondPassIsCutIntoAHundredBucketsOfTenMillisecondsAtItsRateWithoutSpikes()
            throws IOException {
        // 101 blocks of 1 MB, one every 9.8 ms (989.8 ms), then a 10.2 ms fdatasync: 1 s
        PassTrace write = trace(PassKind.WRITE, 1, 101, 9_800_000L, 10_200_000L);
        assertThat(write.endNanos()).isEqualTo(1_000 * MS);
        Measured real = measure(1);
        TimelineChartData data = TimelineChartData.of(Results.of(real.report()),
                List.of(write, trace(PassKind.READ, 1, 100, 5 * MS, 0)));
        TimelineChartData.Series w = data.series(PassKind.WRITE).get(0);
        assertThat(w.bucketNanos()).isEqualTo(10 * MS);
        // the buckets end where the last block completed, at 989.8 ms: 99 buckets, not 100
        assertThat(w.buckets()).hasSize(99);
        assertThat(w.buckets().get(98).endNanos()).isEqualTo(989_800_000L);
        // each block's bytes spread over the time it took: one rate in every bucket, no spike
        assertThat(w.buckets()).allSatisfy(b -> assertThat(b.megabytesPerSecond())
                .isCloseTo(1e6 / 9_800, within(1e-6)));
        assertThat(data.widths()).isEqualTo("10 ms");
    }

    @Test
    void aTenSecondPassIsCutIntoAHundredBucketsOfAHundredMilliseconds() throws IOException {
        PassTrace write = trace(PassKind.WRITE, 1, 1_000, 10 * MS, 0);
        TimelineChartData data = TimelineChartData.of(Results.of(measure(1).report()),
                List.of(write));
        TimelineChartData.Series w = data.series(PassKind.WRITE).get(0);
        assertThat(w.bucketNanos()).isEqualTo(100 * MS);
        assertThat(w.buckets()).hasSize(100);
        assertThat(w.buckets()).allSatisfy(b -> assertThat(b.megabytesPerSecond())
                .isCloseTo(100, within(1e-6)));
        // a fdatasync too short to measure: an interval of no length, still named
        assertThat(data.syncs()).containsExactly(
                new TimelineChartData.Sync("write", 1, 10_000 * MS, 10_000 * MS));
        IntervalMarker band = (IntervalMarker) ThroughputChart.timeline(data,
                Results.of(measure(1).report())).getXYPlot()
                .getDomainMarkers(Layer.BACKGROUND).iterator().next();
        assertThat(band.getLabel()).isEqualTo("fdatasync: too short to draw");
    }

    @Test
    void theWritesFdatasyncIsAnIntervalOfItsOwnNotAFallToZero() throws IOException {
        // 10 blocks of 1 MB in 100 ms, then a fdatasync of 400 ms: the pass lasts 500 ms
        PassTrace write = trace(PassKind.WRITE, 1, 10, 10 * MS, 400 * MS);
        TimelineChartData data = TimelineChartData.of(Results.of(measure(1).report()),
                List.of(write));
        assertThat(data.syncs()).containsExactly(
                new TimelineChartData.Sync("write", 1, 100 * MS, 500 * MS));
        TimelineChartData.Series w = data.series(PassKind.WRITE).get(0);
        // 500 ms / 80 = 6.25 ms: buckets of 5 ms, to the last completion only
        assertThat(w.bucketNanos()).isEqualTo(5 * MS);
        assertThat(w.buckets()).hasSize(20)
                .allSatisfy(b -> assertThat(b.megabytesPerSecond()).isCloseTo(100,
                        within(1e-6)));
        assertThat(data.endNanos()).isEqualTo(500 * MS);
        JFreeChart chart = ThroughputChart.timeline(data, Results.of(measure(1).report()));
        XYPlot plot = chart.getXYPlot();
        assertThat(plot.getDomainMarkers(Layer.BACKGROUND)).hasSize(1);
        IntervalMarker band = (IntervalMarker) plot.getDomainMarkers(Layer.BACKGROUND)
                .iterator().next();
        assertThat(band.getStartValue()).isEqualTo(0.1);
        assertThat(band.getEndValue()).isEqualTo(0.5);
        assertThat(band.getLabel()).isEqualTo("fdatasync: 400.00 ms");
        List<String> legend = new java.util.ArrayList<>();
        for (int i = 0; i < plot.getLegendItems().getItemCount(); i++) {
            legend.add(plot.getLegendItems().get(i).getLabel());
        }
        assertThat(legend).containsExactly("write", "read", "fdatasync (closing the write)");
        // the write from its trace; the read, with no trace here, from its report's timeline
        assertThat(plot.getDataset().getSeriesCount()).isEqualTo(2);
        assertThat(data.widths()).isEqualTo("5 ms or 500 ms");
    }

    @Test
    void threeRunsAreThreeSeriesOfEachDirectionEachWithItsOwnStrokeAndItsFdatasync()
            throws IOException {
        Measured m = measure(3);
        assertThat(m.traces()).hasSize(6);
        TimelineChartData data = TimelineChartData.of(Results.of(m.report()), m.traces());
        assertThat(data.series(PassKind.WRITE)).extracting(TimelineChartData.Series::name)
                .containsExactly("write run 1", "write run 2", "write run 3");
        assertThat(data.series(PassKind.READ)).extracting(TimelineChartData.Series::name)
                .containsExactly("read run 1", "read run 2", "read run 3");
        assertThat(data.syncs()).extracting(TimelineChartData.Sync::run)
                .containsExactly(1, 2, 3);
        for (TimelineChartData.Series s : data.series()) {
            // every byte of the pass is in the buckets, up to the last block's completion
            double bytes = s.buckets().stream().mapToDouble(b -> b.megabytesPerSecond() * 1e-3
                    * (b.endNanos() - b.startNanos())).sum();
            assertThat(bytes).isCloseTo(16 * 64 * 1024, within(1.0));
        }
        assertThat(data.syncs()).allSatisfy(sync -> assertThat(sync.endNanos())
                .isGreaterThanOrEqualTo(sync.startNanos()));
        JFreeChart chart = ThroughputChart.timeline(data, Results.of(m.report()));
        XYPlot plot = chart.getXYPlot();
        assertThat(plot.getDataset().getSeriesCount()).isEqualTo(6);
        assertThat(chart.getLegend()).isNotNull();
        var renderer = plot.getRenderer();
        // the runs of a direction differ in stroke and in colour
        assertThat(List.of(renderer.getSeriesStroke(0), renderer.getSeriesStroke(1),
                renderer.getSeriesStroke(2))).doesNotHaveDuplicates();
        assertThat(List.of(renderer.getSeriesPaint(0), renderer.getSeriesPaint(1),
                renderer.getSeriesPaint(2), renderer.getSeriesPaint(3))).doesNotHaveDuplicates();
        List<String> labels = new java.util.ArrayList<>();
        for (Object marker : plot.getDomainMarkers(Layer.BACKGROUND)) {
            labels.add(((IntervalMarker) marker).getLabel());
        }
        assertThat(labels).hasSize(3).allMatch(l -> l.matches("fdatasync run [123]: (.* [mu]?s|too short to draw)"));
        // each label reads from its band's start towards the chart's middle: never cut by an edge
        for (Object marker : plot.getDomainMarkers(Layer.BACKGROUND)) {
            IntervalMarker band = (IntervalMarker) marker;
            assertThat(band.getLabelTextAnchor()).isEqualTo(band.getStartValue()
                    < data.endNanos() / 2e9 ? TextAnchor.TOP_LEFT : TextAnchor.TOP_RIGHT);
        }
    }

    @Test
    void aPassWithNoTraceIsDrawnFromItsReportsTimeline() throws IOException {
        Measured m = measure(2);
        TimelineChartData data = TimelineChartData.of(Results.of(m.report()), List.of());
        assertThat(data.series()).hasSize(4);
        assertThat(data.syncs()).isEmpty();
        assertThat(data.bucketWidths()).containsExactly(500 * MS);
        assertThat(data.series(PassKind.WRITE).get(0).buckets())
                .hasSameSizeAs(m.report().write().samples().get(0).timeline()
                        .points());
    }

    @Test
    void aTimedRunsLastStubOfAnIntervalIsDrawnWithTheIntervalBeforeItNotAsAFallToZero() {
        // a timed workload's timeline as it ends: the one 4 KiB write in flight at the deadline
        // completing 1.7 ms into the next interval
        List<TimelinePoint> points = List.of(new TimelinePoint(0, 500 * MS, 40 * MB, 9_766),
                new TimelinePoint(500 * MS, 1_000 * MS, 42 * MB, 10_254),
                new TimelinePoint(1_000 * MS, 1_001_700_000L, 4_096, 1));

        List<TimelineChartData.Bucket> buckets = TimelineChartData.buckets(points, 500 * MS);

        assertThat(buckets).hasSize(2);
        assertThat(buckets.get(0).megabytesPerSecond()).isCloseTo(80.0, within(1e-9));
        assertThat(buckets.get(1).startNanos()).isEqualTo(500 * MS);
        assertThat(buckets.get(1).endNanos()).isEqualTo(1_001_700_000L);
        assertThat(buckets.get(1).megabytesPerSecond())
                .isCloseTo((42 * MB + 4_096) * 1e3 / 501_700_000L, within(1e-9));
    }

    @Test
    void aLastIntervalOfATenthOrMoreIsDrawnAtItsOwnRate() {
        List<TimelinePoint> points = List.of(new TimelinePoint(0, 500 * MS, 40 * MB, 9_766),
                new TimelinePoint(500 * MS, 550 * MS, 1 * MB, 245));

        List<TimelineChartData.Bucket> buckets = TimelineChartData.buckets(points, 500 * MS);

        assertThat(buckets).hasSize(2);
        assertThat(buckets.get(1).megabytesPerSecond()).isCloseTo(20.0, within(1e-9));
    }
}
