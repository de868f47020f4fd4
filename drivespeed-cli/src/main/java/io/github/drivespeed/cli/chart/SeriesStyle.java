package io.github.drivespeed.cli.chart;

import io.github.drivespeed.report.PassKind;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Stroke;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;

/**
 * How the chart's lines look apart: a colour for each line of a direction in turn (writes warm,
 * reads cool, both strong on white), and a stroke for each run (run 1 solid, run 2 dashed,
 * run 3 dotted, run 4 dash-dotted, then again), so that runs at the same rate, drawn over each
 * other, all stay visible.
 */
final class SeriesStyle {

    private static final Color[] WRITES = {
        new Color(0xd62728), new Color(0xff7f0e), new Color(0x8c564b), new Color(0xe377c2),
        new Color(0xbcbd22), new Color(0x7f7f7f)};
    private static final Color[] READS = {
        new Color(0x1f77b4), new Color(0x2ca02c), new Color(0x9467bd), new Color(0x17becf),
        new Color(0x393b79), new Color(0x000000)};
    /** Strong colours that stay apart on white (no yellow or pale tints), by index. */
    private static final Color[] PALETTE = {
        new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0xff7f0e),
        new Color(0x9467bd), new Color(0x8c564b), new Color(0x17becf), new Color(0xe377c2),
        new Color(0x7f7f7f), new Color(0x000000), new Color(0xbcbd22), new Color(0x393b79)};
    private static final float WIDTH = 2.5f;
    private static final Stroke[] RUNS = {
        new BasicStroke(WIDTH),
        new BasicStroke(WIDTH, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f,
                new float[] {9f, 5f}, 0f),
        new BasicStroke(WIDTH, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND, 10f,
                new float[] {1f, 5f}, 0f),
        new BasicStroke(WIDTH, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f,
                new float[] {9f, 4f, 2f, 4f}, 0f)};

    private SeriesStyle() {
    }

    /**
     * Styles the timeline's lines: the colour by direction and turn, the stroke by run.
     *
     * @param renderer the renderer of the series, in the same order
     * @param series the series
     */
    static void apply(XYLineAndShapeRenderer renderer, List<TimelineChartData.Series> series) {
        Map<PassKind, Integer> turns = new EnumMap<>(PassKind.class);
        for (int i = 0; i < series.size(); i++) {
            TimelineChartData.Series s = series.get(i);
            int turn = turns.merge(s.kind(), 1, Integer::sum) - 1;
            Color[] colours = s.kind() == PassKind.WRITE ? WRITES
                    : s.kind() == PassKind.READ ? READS : PALETTE;
            renderer.setSeriesPaint(i, colours[turn % colours.length]);
            renderer.setSeriesStroke(i, stroke(s.run()));
        }
    }

    /**
     * Styles lines by their index alone: solid, each in the next colour.
     *
     * @param renderer the renderer
     * @param series how many series it draws
     */
    static void applyByIndex(XYLineAndShapeRenderer renderer, int series) {
        for (int i = 0; i < series; i++) {
            renderer.setSeriesStroke(i, RUNS[0]);
            renderer.setSeriesPaint(i, PALETTE[i % PALETTE.length]);
        }
    }

    /**
     * The stroke of a run's line.
     *
     * @param run the run, from 1
     * @return the run's stroke
     */
    static Stroke stroke(int run) {
        return RUNS[(run - 1) % RUNS.length];
    }
}
