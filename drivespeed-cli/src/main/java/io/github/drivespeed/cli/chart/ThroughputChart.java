package io.github.drivespeed.cli.chart;

import io.github.drivespeed.fio.internal.Results;
import io.github.drivespeed.report.WorkloadTable;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.unit.Nanoseconds;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Rectangle;
import java.awt.Font;
import java.io.IOException;
import java.io.OutputStream;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.Optional;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.SeriesRenderingOrder;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Throughput charts as PNG, drawn headless with JFreeChart: the timeline of every pass (MB/s per
 * bucket against the time since the pass started, {@link TimelineChartData}), and for a
 * block-size sweep the
 * median throughput against the block size. {@link #WIDTH} x {@link #HEIGHT} pixels; MB/s is
 * 10^6 bytes per second, as everywhere in drivespeed.
 */
public final class ThroughputChart {

    /** Width of the PNG in pixels. */
    public static final int WIDTH = 800;
    /** Height of the PNG in pixels. */
    public static final int HEIGHT = 500;

    static {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    /** The fdatasync band: a translucent grey, and its edges a little darker. */
    private static final Color SYNC_BAND = new Color(0x80, 0x80, 0x80, 0x38);
    private static final Color SYNC_EDGE = new Color(0x60, 0x60, 0x60, 0x90);

    private static final Font AXIS_LABEL = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
    private static final Font TICKS = new Font(Font.SANS_SERIF, Font.PLAIN, 12);

    private ThroughputChart() {
    }

    /**
     * The timeline of every pass of every job, drawn from {@link TimelineChartData}: one line
     * per job, direction and run, each bucket a flat step at its rate; writes in warm colours,
     * reads in cool ones, run 1 solid, run 2 dashed, run 3 dotted (later runs drawn over earlier
     * ones, so that none hides another); each write's closing fdatasync a shaded band, labelled
     * with its run and length.
     *
     * @param data what to draw
     * @param results the same jobs, for the titles
     * @return the chart
     */
    public static JFreeChart timeline(TimelineChartData data, Results results) {
        XYSeriesCollection lines = new XYSeriesCollection();
        for (TimelineChartData.Series s : data.series()) {
            XYSeries series = new XYSeries(s.name(), false, true);
            for (TimelineChartData.Bucket b : s.buckets()) {
                series.add(b.startNanos() / 1e9, b.megabytesPerSecond());
                series.add(b.endNanos() / 1e9, b.megabytesPerSecond());
            }
            lines.addSeries(series);
        }
        NumberAxis x = new NumberAxis("time since the pass started (s)");
        if (data.endNanos() > 0) {
            x.setRange(0, data.endNanos() / 1e9 * 1.02);
        }
        NumberAxis y = new NumberAxis("throughput (MB/s, 1 MB = 10^6 bytes)");
        y.setAutoRangeIncludesZero(true);
        y.setUpperMargin(0.12); // room for the fdatasync labels above the lines
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
        SeriesStyle.apply(renderer, data.series());
        XYPlot plot = new XYPlot(lines, x, y, renderer);
        plot.setSeriesRenderingOrder(SeriesRenderingOrder.FORWARD);
        for (int i = 0; i < data.syncs().size(); i++) {
            plot.addDomainMarker(syncMarker(data.syncs().get(i), i, data.syncs().size() > 1,
                    data.endNanos()), Layer.BACKGROUND);
        }
        if (!data.syncs().isEmpty()) {
            LegendItemCollection legend = new LegendItemCollection();
            legend.addAll(plot.getLegendItems());
            LegendItem band = new LegendItem("fdatasync (closing the write)", null, null, null,
                    new Rectangle(-6, -6, 12, 12), SYNC_BAND, new BasicStroke(1f), SYNC_EDGE);
            legend.add(band);
            plot.setFixedLegendItems(legend);
        }
        String widths = data.widths();
        return chart("Throughput per " + (widths.isEmpty() ? "interval" : widths) + ": "
                + results.target().map(t -> t.directory().toString()).orElse(""),
                subtitle(results), plot);
    }

    /**
     * A write's fdatasync: a band from its last block's completion to the pass's end, its label
     * (with its run when there are several) below the one before; the label reads from the
     * band's start towards the middle of the chart (rightwards from a band in the left half,
     * leftwards from one in the right half), so that the plot's edge never cuts it.
     */
    private static IntervalMarker syncMarker(TimelineChartData.Sync sync, int index,
            boolean several, long chartEndNanos) {
        IntervalMarker band = new IntervalMarker(sync.startNanos() / 1e9, sync.endNanos() / 1e9);
        band.setPaint(SYNC_BAND);
        band.setOutlinePaint(SYNC_EDGE);
        band.setLabel("fdatasync" + (several ? " run " + sync.run() : "")
                + ": " + (sync.elapsedNanos() > 0 ? Nanoseconds.format(sync.elapsedNanos())
                        : "too short to draw"));
        band.setLabelFont(TICKS);
        band.setLabelPaint(Color.DARK_GRAY);
        band.setLabelAnchor(RectangleAnchor.TOP_LEFT);
        band.setLabelTextAnchor(sync.startNanos() < chartEndNanos / 2 ? TextAnchor.TOP_LEFT
                : TextAnchor.TOP_RIGHT);
        band.setLabelOffset(new RectangleInsets(4 + 15 * index, 4, 4, 4));
        return band;
    }

    /**
     * A block-size sweep: the median throughput of each row (one line per direction) against
     * its block size, on a base-2 logarithmic axis labelled in binary units.
     *
     * @param table the sweep's rows
     * @param results the same rows as results, for the titles
     * @return the chart
     */
    public static JFreeChart blockSizeSweep(WorkloadTable table, Results results) {
        XYSeries reads = new XYSeries("read");
        XYSeries writes = new XYSeries("write");
        for (WorkloadTable.Row row : table.rows()) {
            double bs = row.report().parameters().blockSize().bytes();
            row.report().read().ifPresent(p -> reads.add(bs, p.median().megabytesPerSecond()));
            row.report().write().ifPresent(p -> writes.add(bs, p.median().megabytesPerSecond()));
        }
        XYSeriesCollection data = new XYSeriesCollection();
        if (!reads.isEmpty()) {
            data.addSeries(reads);
        }
        if (!writes.isEmpty()) {
            data.addSeries(writes);
        }
        LogAxis x = new LogAxis("block size (log scale)");
        x.setBase(2);
        x.setTickUnit(new NumberTickUnit(2)); // a label every fourfold step: 4 KiB, 16 KiB, ...; a point at each
        x.setNumberFormatOverride(new BlockSizeFormat());
        x.setSmallestValue(512);
        NumberAxis y = new NumberAxis("throughput, median of runs (MB/s, 1 MB = 10^6 bytes)");
        y.setAutoRangeIncludesZero(true);
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        SeriesStyle.applyByIndex(renderer, data.getSeriesCount());
        XYPlot plot = new XYPlot(data, x, y, renderer);
        String rw = table.rows().get(0).report().parameters().fioRw();
        return chart("Throughput against block size (" + rw + "): "
                + results.target().map(t -> t.directory().toString()).orElse(""),
                subtitle(results), plot);
    }

    /**
     * Writes the chart as a PNG of {@link #WIDTH} x {@link #HEIGHT} pixels.
     *
     * @param chart the chart
     * @param out where to; not closed
     * @throws IOException if writing fails
     */
    public static void writePng(JFreeChart chart, OutputStream out) throws IOException {
        ChartUtils.writeChartAsPNG(out, chart, WIDTH, HEIGHT);
    }

    private static String subtitle(Results results) {
        if (results.target().isEmpty()) {
            return results.backend().map(b -> b.name() + " backend").orElse("");
        }
        var target = results.target().get();
        String device = target.blockDevice().map(d -> d.identity()).orElse("no block device");
        Optional<String> backend = results.backend().map(b -> b.name() + " backend");
        return target.fileSystemType() + " on " + device
                + backend.map(b -> "; " + b).orElse("");
    }

    private static JFreeChart chart(String title, String subtitle, XYPlot plot) {
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        plot.getDomainAxis().setLabelFont(AXIS_LABEL);
        plot.getRangeAxis().setLabelFont(AXIS_LABEL);
        plot.getDomainAxis().setTickLabelFont(TICKS);
        plot.getRangeAxis().setTickLabelFont(TICKS);
        JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 15), plot,
                true);
        chart.addSubtitle(new TextTitle(subtitle, new Font(Font.SANS_SERIF, Font.PLAIN, 12)));
        chart.setBackgroundPaint(Color.WHITE);
        return chart;
    }

    /** Prints a power-of-two byte count the way {@link DataSize} does: {@code 4 KiB}. */
    private static final class BlockSizeFormat extends NumberFormat {
        private static final long serialVersionUID = 1L;

        @Override
        public StringBuffer format(double number, StringBuffer to, FieldPosition pos) {
            return to.append(DataSize.ofBytes(Math.round(number)));
        }

        @Override
        public StringBuffer format(long number, StringBuffer to, FieldPosition pos) {
            return to.append(DataSize.ofBytes(number));
        }

        @Override
        public Number parse(String source, ParsePosition pos) {
            throw new UnsupportedOperationException("format only");
        }
    }
}
