package io.github.drivespeed.cli.chart;

/**
 * The width of the chart's buckets, sized to the pass: the widest step of the 1-2-5 series
 * (1 ms, 2 ms, 5 ms, 10 ms, ...) that still cuts the pass into at least {@link #FEWEST} buckets,
 * so a pass gets from 80 to 199 buckets (a 1 s pass 100 of 10 ms, a 10 s pass 100 of 100 ms),
 * and never narrower than {@link #NARROWEST_NANOS}: a pass under 80 ms gets fewer buckets of
 * 1 ms. Below a millisecond the chart would show the callback's jitter and the scheduler's, not
 * the drive; and a bucket narrower than one block's time shows that block's rate (each block's
 * bytes are spread over the time it took, {@link TimelineChartData}), not finer detail.
 */
public final class BucketWidth {

    /** The fewest buckets a pass of at least 80 ms is cut into. */
    public static final int FEWEST = 80;

    /** The narrowest bucket: 1 ms. */
    public static final long NARROWEST_NANOS = 1_000_000L;

    private static final long[] STEPS = {1, 2, 5};

    private BucketWidth() {
    }

    /**
     * The bucket width for a pass.
     *
     * @param passNanos the pass's length in nanoseconds
     * @return the width in nanoseconds, a step of the 1-2-5 series from 1 ms up
     */
    public static long forPass(long passNanos) {
        long widest = passNanos / FEWEST;
        long width = NARROWEST_NANOS;
        for (long decade = NARROWEST_NANOS; decade <= Long.MAX_VALUE / 10; decade *= 10) {
            for (long step : STEPS) {
                long candidate = step * decade;
                if (candidate > widest) {
                    return width;
                }
                width = candidate;
            }
        }
        return width;
    }

    /**
     * A width as people write it: {@code 10 ms}, {@code 2 s}, {@code 500 ms}.
     *
     * @param nanos the width in nanoseconds
     * @return the width in the largest whole unit
     */
    public static String format(long nanos) {
        if (nanos % 1_000_000_000L == 0) {
            return nanos / 1_000_000_000L + " s";
        }
        if (nanos % 1_000_000L == 0) {
            return nanos / 1_000_000L + " ms";
        }
        if (nanos % 1_000L == 0) {
            return nanos / 1_000L + " us";
        }
        return nanos + " ns";
    }
}
