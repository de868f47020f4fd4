package io.github.drivespeed.cli.output.fio;

import io.github.drivespeed.report.LatencyStats;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * fio's latency bins ({@code io_u_plat} in fio's {@code stat.h}, fio 3.x): 29 groups of 64 bins
 * each, bin width 1 ns below 128 ns and doubling with each power of two above, so that every
 * value is kept within 1/64 of itself. {@link #valueToIndex} and {@link #indexToValue} are
 * {@code plat_val_to_idx} and {@code plat_idx_to_val} of fio's {@code stat.c}; the json+ keys are
 * {@code indexToValue} of the bins that hold I/Os.
 *
 * <p>drivespeed's histogram (HdrHistogram, 1 ns resolution, three significant digits) has bins
 * whose edges are powers of two times its sub-bucket width, never wider than fio's bin at the same
 * value and aligned to it; so each of its bins falls wholly inside one fio bin and the conversion
 * {@link #of(LatencyStats)} moves every I/O into the bin fio would have counted it in, exactly
 * (latencies above {@link LatencyStats#HIGHEST_TRACKABLE_NANOS} clamp as in both tools).
 */
public final class FioBins {

    /** fio's {@code FIO_IO_U_PLAT_BITS}. */
    public static final int PLAT_BITS = 6;
    /** fio's {@code FIO_IO_U_PLAT_VAL}: bins per group. */
    public static final int PLAT_VAL = 1 << PLAT_BITS;
    /** fio's {@code FIO_IO_U_PLAT_GROUP_NR}. */
    public static final int PLAT_GROUP_NR = 29;
    /** fio's {@code FIO_IO_U_PLAT_NR}: the number of bins. */
    public static final int PLAT_NR = PLAT_GROUP_NR * PLAT_VAL;

    private final long[] counts;
    private final long total;

    private FioBins(long[] counts) {
        this.counts = counts;
        long n = 0;
        for (long c : counts) {
            n += c;
        }
        this.total = n;
    }

    /**
     * {@return its I/Os counted in fio's bins}
     *
     * @param latency a pass's latency distribution
     */
    public static FioBins of(LatencyStats latency) {
        long[] counts = new long[PLAT_NR];
        if (latency.count() > 0) {
            Histogram h = latency.histogram();
            for (HistogramIterationValue v : h.recordedValues()) {
                long low = h.lowestEquivalentValue(v.getValueIteratedTo());
                counts[valueToIndex(low)] += v.getCountAtValueIteratedTo();
            }
        }
        return new FioBins(counts);
    }

    /**
     * fio's {@code plat_val_to_idx}.
     *
     * @param nanos a latency in nanoseconds, {@code >= 0}
     * @return the index of the bin fio counts it in
     */
    public static int valueToIndex(long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("latency must be >= 0 ns: " + nanos);
        }
        int msb = nanos == 0 ? 0 : 63 - Long.numberOfLeadingZeros(nanos);
        if (msb <= PLAT_BITS) {
            return (int) nanos;
        }
        int errorBits = msb - PLAT_BITS;
        int base = (errorBits + 1) << PLAT_BITS;
        int offset = (int) ((PLAT_VAL - 1) & (nanos >> errorBits));
        return Math.min(base + offset, PLAT_NR - 1);
    }

    /**
     * fio's {@code plat_idx_to_val}: the middle of a bin (its lower edge below 128 ns).
     *
     * @param index a bin, in {@code [0, PLAT_NR)}
     * @return the value fio prints for it, in nanoseconds
     */
    public static long indexToValue(int index) {
        if (index < 0 || index >= PLAT_NR) {
            throw new IllegalArgumentException("bin index must be in [0, " + PLAT_NR + "): "
                    + index);
        }
        if (index < (PLAT_VAL << 1)) {
            return index;
        }
        int errorBits = (index >> PLAT_BITS) - 1;
        long base = 1L << (errorBits + PLAT_BITS);
        long k = index % PLAT_VAL;
        return base + (long) ((k + 0.5) * (1L << errorBits));
    }

    /** {@return the I/Os counted} */
    public long total() {
        return total;
    }

    /**
     * {@return the bins that hold I/Os, keyed by {@link #indexToValue} in ascending order, as json+
     * writes them}
     */
    public Map<Long, Long> nonEmpty() {
        Map<Long, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < PLAT_NR; i++) {
            if (counts[i] != 0) {
                m.put(indexToValue(i), counts[i]);
            }
        }
        return m;
    }

    /**
     * fio's {@code calc_clat_percentiles}: for each percentile, the value of the first bin at
     * which the running count reaches it.
     *
     * @param percentiles ascending, in {@code (0, 100]}
     * @return each percentile's value in nanoseconds, in the order given; empty with no I/Os
     */
    public Map<Double, Long> percentiles(List<Double> percentiles) {
        Map<Double, Long> m = new LinkedHashMap<>();
        if (total == 0) {
            return m;
        }
        long sum = 0;
        int j = 0;
        for (int i = 0; i < PLAT_NR && j < percentiles.size(); i++) {
            sum += counts[i];
            while (j < percentiles.size() && sum >= percentiles.get(j) / 100.0 * total) {
                m.put(percentiles.get(j), indexToValue(i));
                j++;
            }
        }
        return m;
    }

    /**
     * The share of the I/Os in each of fio's coarse latency buckets ({@code io_u_mark_latency}:
     * whole nanoseconds, microseconds or milliseconds, each bucket named by its exclusive upper
     * edge), in percent of {@code totalIos} with fio's rounding (a non-empty bucket is at least
     * 0.01). The histogram keeps three significant digits, so an I/O within 0.1 % of a bucket's
     * edge may be counted in the bucket beside it.
     *
     * @param latency the distribution
     * @param totalIos the I/Os of the job (every direction)
     * @return the 10 nanosecond, 10 microsecond and 12 millisecond buckets' shares, in that order
     */
    static double[] coarseShares(LatencyStats latency, long totalIos) {
        long[] n = new long[FioLayout.LATENCY_NS_KEYS.size() + FioLayout.LATENCY_US_KEYS.size()
                + FioLayout.LATENCY_MS_KEYS.size()];
        if (latency.count() > 0) {
            Histogram h = latency.histogram();
            // these edges are decimal, the histogram's bins binary: a value within 0.1 % of an
            // edge (the histogram's resolution) may land in the neighbouring bucket
            for (HistogramIterationValue v : h.recordedValues()) {
                long mid = h.medianEquivalentValue(v.getValueIteratedTo());
                n[coarseIndex(mid)] += v.getCountAtValueIteratedTo();
            }
        }
        double[] share = new double[n.length];
        for (int i = 0; i < n.length; i++) {
            if (totalIos > 0) {
                share[i] = 100.0 * n[i] / totalIos;
                if (share[i] < 0.01 && n[i] > 0) {
                    share[i] = 0.01;
                }
            }
        }
        return share;
    }

    private static final long[] EDGES = {2, 4, 10, 20, 50, 100, 250, 500, 750, 1000};

    /** Index into the 32 coarse buckets: 0-9 ns, 10-19 us, 20-31 ms. */
    private static int coarseIndex(long nanos) {
        if (nanos < 1000) {
            return edge(nanos);
        }
        if (nanos < 1_000_000) {
            return 10 + edge(nanos / 1000);
        }
        long ms = nanos / 1_000_000;
        return 20 + (ms >= 2000 ? 11 : ms >= 1000 ? 10 : edge(ms));
    }

    private static int edge(long v) {
        for (int i = 0; i < EDGES.length; i++) {
            if (v < EDGES[i]) {
                return i;
            }
        }
        return EDGES.length - 1;
    }
}
