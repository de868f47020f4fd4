package io.github.drivespeed.report;

import io.github.drivespeed.unit.Nanoseconds;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The distribution of one latency of the I/Os of a pass, in nanoseconds from
 * {@link System#nanoTime()}: {@link Sample#latency()} (fio's {@code lat}: each I/O from just
 * before its read or write call, or its submission, to just after the call returned, or its
 * completion was reaped), or with asynchronous I/O one of its two parts,
 * {@link Latencies#submission()} (fio's {@code slat}) and {@link Latencies#completion()}
 * (fio's {@code clat}). An immutable value.
 *
 * <p>{@link #minNanos()}, {@link #maxNanos()}, {@link #meanNanos()} and
 * {@link #standardDeviationNanos()} are exact. Percentiles come from a histogram with three
 * significant decimal digits (HdrHistogram's, kept inside drivespeed-core): {@link #percentileNanos(double)} is the nearest-rank value (the
 * smallest recorded value with at least {@code p} percent of the values at or below it), rounded
 * up within 0.1 % and never outside {@code [min, max]}. A figure that cannot be computed (any
 * figure of no I/Os, the standard deviation of one) is NaN, or -1 for the {@code long} ones.
 * The distribution itself is {@link #buckets()}, and in fio's bins {@link #fioBins()}.
 *
 * @since 0.1.0
 */
public final class LatencyStats {

    /**
     * The percentiles fio prints by default for clat ({@code percentile_list} in the fio HOWTO):
     * 1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99, 99.5, 99.9, 99.95, 99.99.
     */
    public static final List<Double> FIO_PERCENTILES = List.of(1.0, 5.0, 10.0, 20.0, 30.0, 40.0,
            50.0, 60.0, 70.0, 80.0, 90.0, 95.0, 99.0, 99.5, 99.9, 99.95, 99.99);

    /** Highest latency the histogram tells apart: one hour in nanoseconds; larger ones clamp. */
    public static final long HIGHEST_TRACKABLE_NANOS = 3_600_000_000_000L;
    /** Significant decimal digits the histogram keeps. */
    public static final int SIGNIFICANT_DIGITS = 3;

    /** No I/Os: count 0, every figure not available. */
    public static final LatencyStats NONE = new LatencyStats(null, 0, -1, -1, 0, 0);

    private final Histogram histogram;
    private final long count;
    private final long minNanos;
    private final long maxNanos;
    private final long sumNanos;
    private final double sumOfSquaresNanos;

    private LatencyStats(Histogram histogram, long count, long minNanos, long maxNanos,
            long sumNanos, double sumOfSquaresNanos) {
        this.histogram = histogram;
        this.count = count;
        this.minNanos = minNanos;
        this.maxNanos = maxNanos;
        this.sumNanos = sumNanos;
        this.sumOfSquaresNanos = sumOfSquaresNanos;
    }

    private static Histogram newHistogram() {
        return new Histogram(1, HIGHEST_TRACKABLE_NANOS, SIGNIFICANT_DIGITS);
    }

    /**
     * The statistics of latencies given one by one, each as the measurement engine records it:
     * min, max, mean and standard deviation exact, the distribution with
     * {@link #SIGNIFICANT_DIGITS} digits (a latency above {@link #HIGHEST_TRACKABLE_NANOS} is
     * counted there in the distribution only).
     *
     * @param latenciesNanos each I/O's latency in nanoseconds, {@code >= 0}
     * @return the statistics; {@link #NONE} when none is given
     * @throws IllegalArgumentException if a latency is negative
     */
    public static LatencyStats ofNanos(long... latenciesNanos) {
        if (latenciesNanos.length == 0) {
            return NONE;
        }
        Histogram h = newHistogram();
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        long sum = 0;
        double squares = 0;
        for (long n : latenciesNanos) {
            if (n < 0) {
                throw new IllegalArgumentException("latency must be >= 0 ns: " + n);
            }
            h.recordValue(Math.min(n, HIGHEST_TRACKABLE_NANOS));
            min = Math.min(min, n);
            max = Math.max(max, n);
            sum += n;
            squares += (double) n * n;
        }
        return new LatencyStats(h, latenciesNanos.length, min, max, sum, squares);
    }

    /**
     * The statistics of a distribution given as buckets (as {@link #buckets()} returns them),
     * with the exact figures kept beside it. Used by the measurement engine; each bucket's I/Os
     * are counted at its {@link LatencyBucket#lowestNanos()}, so the buckets of one
     * {@code LatencyStats} give back the same distribution, percentiles and all.
     *
     * @param buckets the I/Os, in any order
     * @param minNanos smallest value exactly
     * @param maxNanos largest value exactly
     * @param sumNanos sum of the values
     * @param sumOfSquaresNanos sum of the squares of the values (ns^2)
     * @return the statistics; {@link #NONE} when there are no buckets
     * @throws IllegalArgumentException if the figures contradict each other, or a bucket starts
     *     above {@link #HIGHEST_TRACKABLE_NANOS}
     */
    public static LatencyStats of(Collection<LatencyBucket> buckets, long minNanos,
            long maxNanos, long sumNanos, double sumOfSquaresNanos) {
        if (buckets.isEmpty()) {
            return NONE;
        }
        if (minNanos < 0 || maxNanos < minNanos || sumNanos < 0 || sumOfSquaresNanos < 0) {
            throw new IllegalArgumentException("inconsistent latency figures: min " + minNanos
                    + " ns, max " + maxNanos + " ns, sum " + sumNanos + " ns");
        }
        Histogram h = newHistogram();
        for (LatencyBucket b : buckets) {
            if (b.lowestNanos() > HIGHEST_TRACKABLE_NANOS) {
                throw new IllegalArgumentException("latency bucket starts above "
                        + HIGHEST_TRACKABLE_NANOS + " ns: " + b.lowestNanos() + " ns");
            }
            h.recordValueWithCount(b.lowestNanos(), b.count());
        }
        return new LatencyStats(h, h.getTotalCount(), minNanos, maxNanos, sumNanos,
                sumOfSquaresNanos);
    }

    /**
     * Pools the I/Os of several passes (for example of every run) into one distribution.
     *
     * @param parts the statistics to pool
     * @return their union; {@link #NONE} when none has I/Os
     */
    public static LatencyStats merge(Collection<LatencyStats> parts) {
        Histogram all = null;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        long sum = 0;
        double squares = 0;
        for (LatencyStats p : parts) {
            if (p.count == 0) {
                continue;
            }
            if (all == null) {
                all = newHistogram();
            }
            all.add(p.histogram);
            min = Math.min(min, p.minNanos);
            max = Math.max(max, p.maxNanos);
            sum += p.sumNanos;
            squares += p.sumOfSquaresNanos;
        }
        return all == null ? NONE : new LatencyStats(all, all.getTotalCount(), min, max, sum,
                squares);
    }

    /**
     * Pools these I/Os with another's, as {@link #merge(Collection)} of the two.
     *
     * @param other the other distribution
     * @return their union; {@link #NONE} when neither has I/Os
     */
    public LatencyStats merge(LatencyStats other) {
        return merge(List.of(this, other));
    }

    /** {@return the number of I/Os timed} */
    public long count() {
        return count;
    }

    /** {@return the fastest I/O in nanoseconds, or -1 when there were none} */
    public long minNanos() {
        return minNanos;
    }

    /** {@return the slowest I/O in nanoseconds, or -1 when there were none} */
    public long maxNanos() {
        return maxNanos;
    }

    /** {@return the arithmetic mean in nanoseconds, or NaN when there were no I/Os} */
    public double meanNanos() {
        return count == 0 ? Double.NaN : (double) sumNanos / count;
    }

    /**
     * {@return the sample standard deviation (divisor n - 1, as fio) in nanoseconds, or NaN when
     * fewer than two I/Os were timed}
     */
    public double standardDeviationNanos() {
        if (count < 2) {
            return Double.NaN;
        }
        double mean = (double) sumNanos / count;
        double variance = (sumOfSquaresNanos - count * mean * mean) / (count - 1);
        return Math.sqrt(Math.max(0, variance));
    }

    /**
     * The latency at a percentile.
     *
     * @param percentile in {@code (0, 100]}; 100 gives {@link #maxNanos()}
     * @return nanoseconds, or -1 when there were no I/Os
     * @throws IllegalArgumentException if the percentile is outside {@code (0, 100]}
     */
    public long percentileNanos(double percentile) {
        if (!(percentile > 0 && percentile <= 100)) {
            throw new IllegalArgumentException("percentile must be in (0, 100]: " + percentile);
        }
        if (count == 0) {
            return -1;
        }
        if (percentile == 100) {
            return maxNanos;
        }
        long v = histogram.getValueAtPercentile(percentile);
        return Math.max(minNanos, Math.min(maxNanos, v));
    }

    /**
     * The distribution itself, for exporting it whole (for example into a metrics system's
     * histogram or summary): every I/O counted in the bucket that holds its latency, buckets at
     * most 0.1 % of their values wide ({@link #SIGNIFICANT_DIGITS} significant digits, 1 ns
     * wide below 2048 ns), up to {@link #HIGHEST_TRACKABLE_NANOS}.
     *
     * @return the buckets that hold I/Os, in ascending order, their counts adding up to
     *     {@link #count()}; empty when there were no I/Os
     */
    public List<LatencyBucket> buckets() {
        if (count == 0) {
            return List.of();
        }
        List<LatencyBucket> buckets = new ArrayList<>();
        for (HistogramIterationValue v : histogram.recordedValues()) {
            long value = v.getValueIteratedTo();
            buckets.add(new LatencyBucket(histogram.lowestEquivalentValue(value),
                    histogram.highestEquivalentValue(value), v.getCountAtValueIteratedTo()));
        }
        return List.copyOf(buckets);
    }

    /**
     * {@return the I/Os counted in fio's latency bins, as fio's json+ output writes them in
     * {@code clat_ns.bins}}
     */
    public FioLatencyBins fioBins() {
        return FioLatencyBins.of(buckets());
    }

    /** {@return the median latency in nanoseconds (the 50th percentile), or -1 with no I/Os} */
    public long medianNanos() {
        return percentileNanos(50);
    }

    /**
     * {@return {@link #FIO_PERCENTILES} mapped to their latencies in nanoseconds, in ascending
     * order; empty when there were no I/Os}
     */
    public Map<Double, Long> fioPercentilesNanos() {
        if (count == 0) {
            return Map.of();
        }
        Map<Double, Long> m = new LinkedHashMap<>();
        for (double p : FIO_PERCENTILES) {
            m.put(p, percentileNanos(p));
        }
        return Collections.unmodifiableMap(m);
    }

    /**
     * One line naming what the latency is, for example {@code clat (n=1000): min 80.1 us, mean
     * 95.3 us, max 1.20 ms, stdev 12.0 us, p50 91.2 us, p99 180.2 us, p99.9 410.5 us};
     * {@code clat: no I/Os} when empty.
     *
     * @param name what it is: fio's {@code slat}, {@code clat} or {@code lat}
     * @return the line
     */
    String summary(String name) {
        if (count == 0) {
            return name + ": no I/Os";
        }
        return name + " (n=" + count + "): min " + Nanoseconds.format(minNanos) + ", mean "
                + Nanoseconds.format(meanNanos()) + ", max " + Nanoseconds.format(maxNanos) + ", stdev "
                + Nanoseconds.format(standardDeviationNanos()) + ", p50 " + Nanoseconds.format(percentileNanos(50))
                + ", p99 " + Nanoseconds.format(percentileNanos(99)) + ", p99.9 "
                + Nanoseconds.format(percentileNanos(99.9));
    }

    /** {@link #summary(String)} as {@code latency (n=...): ...}: a value does not know which it is. */
    @Override
    public String toString() {
        return summary("latency");
    }
}
