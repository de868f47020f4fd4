package io.github.drivespeed.cli.chart;

import io.github.drivespeed.fio.internal.Results;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Report;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.SustainedReport;
import io.github.drivespeed.report.TimelinePoint;
import io.github.drivespeed.report.WorkloadTable;
import io.github.drivespeed.report.view.ReportView;
import io.github.drivespeed.unit.DataSize;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.io.OutputStream;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.List;
import java.util.Optional;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Throughput charts as PNG, drawn headless with JFreeChart: the timeline of every pass (MB/s per
 * timeline interval against the time since the pass started), and for a block-size sweep the
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

    /** Strong colours that stay apart on white (no yellow or pale tints). */
    private static final Color[] PALETTE = {
        new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0xff7f0e),
        new Color(0x9467bd), new Color(0x8c564b), new Color(0x17becf), new Color(0xe377c2),
        new Color(0x7f7f7f), new Color(0x000000), new Color(0xbcbd22), new Color(0x393b79)};

    private static final Font AXIS_LABEL = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
    private static final Font TICKS = new Font(Font.SANS_SERIF, Font.PLAIN, 12);

    /**
     * The passes of a report whose timelines the chart draws, in order: a sequential test's
     * write and read passes, a workload's reads and writes, a device test's write (if any) and
     * read passes; none of a sustained write or a capacity check or probe, and no cached-read
     * pass (the page cache's speed).
     */
    private static final Report.Visitor<List<PassResult>> TIMED_PASSES =
            new Report.DefaultVisitor<>() {
                @Override
                public List<PassResult> visitDefault(Report r) {
                    return ReportView.of(r).passes().stream()
                            .filter(p -> p.kind() != PassKind.CACHED_READ).toList();
                }

                @Override
                public List<PassResult> visit(SustainedReport r) {
                    return List.of();
                }
            };

    private ThroughputChart() {
    }

    /**
     * The timeline of every pass of every job: one line per job, direction and run, each
     * interval drawn as a flat step at its rate (bytes of the I/Os completed in it over its
     * length), so that a short last interval shows as short.
     *
     * @param results the jobs
     * @return the chart
     */
    public static JFreeChart timeline(Results results) {
        XYSeriesCollection data = new XYSeriesCollection();
        boolean severalJobs = results.jobs().size() > 1;
        for (Results.Job job : results.jobs()) {
            String prefix = severalJobs ? job.name() + ": " : "";
            for (PassResult pass : job.report().accept(TIMED_PASSES)) {
                add(data, prefix, pass);
            }
        }
        NumberAxis x = new NumberAxis("time since the pass started (s)");
        NumberAxis y = new NumberAxis("throughput (MB/s, 1 MB = 10^6 bytes)");
        y.setAutoRangeIncludesZero(true);
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
        style(renderer, data.getSeriesCount());
        XYPlot plot = new XYPlot(data, x, y, renderer);
        long interval = results.jobs().stream()
                .flatMap(j -> j.report().accept(TIMED_PASSES).stream().limit(1))
                .flatMap(p -> p.samples().stream())
                .mapToLong(s -> s.timeline().intervalNanos()).findFirst().orElse(500_000_000L);
        return chart("Throughput per " + (interval / 1_000_000) + " ms: "
                + results.target().map(t -> t.directory().toString()).orElse(""),
                subtitle(results), plot);
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
        style(renderer, data.getSeriesCount());
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

    private static void style(XYLineAndShapeRenderer renderer, int series) {
        for (int i = 0; i < series; i++) {
            renderer.setSeriesStroke(i, new BasicStroke(2.5f));
            renderer.setSeriesPaint(i, PALETTE[i % PALETTE.length]);
        }
    }

    private static void add(XYSeriesCollection data, String prefix, PassResult pass) {
        for (Sample s : pass.samples()) {
            if (s.timeline().points().isEmpty()) {
                continue;
            }
            // a job named after its direction ("RND4K Q1T1 read") does not repeat it
            String kind = pass.kind().toString();
            String name = prefix.endsWith(" " + kind + ": ")
                    ? prefix.substring(0, prefix.length() - 2) : prefix + kind;
            XYSeries series = new XYSeries(name + (pass.runs() > 1 ? " run " + s.run() : ""),
                    false, true);
            for (TimelinePoint p : s.timeline().points()) {
                double mbps = p.throughput().megabytesPerSecond();
                series.add(p.startNanos() / 1e9, mbps);
                series.add(p.endNanos() / 1e9, mbps);
            }
            data.addSeries(series);
        }
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
