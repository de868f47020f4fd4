package io.github.drivespeed.report;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * I/Os counted in fio's latency bins ({@code io_u_plat} in fio's {@code stat.h}, fio 3.x): 29
 * groups of 64 bins each, bin width 1 ns below 128 ns and doubling with each power of two above,
 * so that every value is kept within 1/64 of itself. {@link #valueToIndex} and
 * {@link #indexToValueNanos} are {@code plat_val_to_idx} and {@code plat_idx_to_val} of fio's
 * {@code stat.c}; fio's json+ output keys its {@code bins} by {@code indexToValueNanos} of the
 * bins that hold I/Os ({@link #countsByValueNanos()}). An immutable value.
 *
 * <p>A {@link LatencyStats}' buckets ({@link LatencyBucket}: 1 ns resolution, three significant
 * digits) have edges that are powers of two times their width, never wider than fio's bin at the
 * same value and aligned to it; so each bucket falls wholly inside one fio bin and
 * {@link LatencyStats#fioBins()} counts every I/O in the bin fio would have counted it in,
 * exactly (latencies above {@link LatencyStats#HIGHEST_TRACKABLE_NANOS} clamp as in both tools).
 *
 * @since 0.1.0
 */
public final class FioLatencyBins {

    /** fio's {@code FIO_IO_U_PLAT_BITS}. */
    public static final int PLAT_BITS = 6;
    /** fio's {@code FIO_IO_U_PLAT_VAL}: bins per group. */
    public static final int PLAT_VAL = 1 << PLAT_BITS;
    /** fio's {@code FIO_IO_U_PLAT_GROUP_NR}. */
    public static final int PLAT_GROUP_NR = 29;
    /** fio's {@code FIO_IO_U_PLAT_NR}: the number of bins. */
    public static final int PLAT_NR = PLAT_GROUP_NR * PLAT_VAL;

    private final long[] counts;
    private final long totalCount;

    private FioLatencyBins(long[] counts) {
        this.counts = counts;
        long n = 0;
        for (long c : counts) {
            n += c;
        }
        this.totalCount = n;
    }

    /**
     * {@return the buckets' I/Os counted in fio's bins, each bucket's in the bin that holds its
     * {@link LatencyBucket#lowestNanos()}}
     *
     * @param buckets a distribution's buckets, as {@link LatencyStats#buckets()} returns them
     */
    static FioLatencyBins of(Collection<LatencyBucket> buckets) {
        long[] counts = new long[PLAT_NR];
        for (LatencyBucket b : buckets) {
            counts[valueToIndex(b.lowestNanos())] += b.count();
        }
        return new FioLatencyBins(counts);
    }

    /**
     * fio's {@code plat_val_to_idx}.
     *
     * @param nanos a latency in nanoseconds, {@code >= 0}
     * @return the index of the bin fio counts it in, in {@code [0, PLAT_NR)}
     * @throws IllegalArgumentException if {@code nanos} is negative
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
     * @throws IllegalArgumentException if the index is outside {@code [0, PLAT_NR)}
     */
    public static long indexToValueNanos(int index) {
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

    /** {@return the I/Os counted, in every bin} */
    public long totalCount() {
        return totalCount;
    }

    /**
     * {@return the bins that hold I/Os: their counts keyed by {@link #indexToValueNanos} in
     * ascending order, as fio's json+ writes them; empty with no I/Os}
     */
    public Map<Long, Long> countsByValueNanos() {
        Map<Long, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < PLAT_NR; i++) {
            if (counts[i] != 0) {
                m.put(indexToValueNanos(i), counts[i]);
            }
        }
        return Collections.unmodifiableMap(m);
    }

    /**
     * fio's {@code calc_clat_percentiles}: for each percentile, the value of the first bin at
     * which the running count reaches it.
     *
     * @param percentiles ascending, in {@code (0, 100]}
     * @return each percentile's value in nanoseconds, in the order given; empty with no I/Os
     */
    public Map<Double, Long> percentilesNanos(List<Double> percentiles) {
        Map<Double, Long> m = new LinkedHashMap<>();
        if (totalCount == 0) {
            return m;
        }
        long sum = 0;
        int j = 0;
        for (int i = 0; i < PLAT_NR && j < percentiles.size(); i++) {
            sum += counts[i];
            while (j < percentiles.size() && sum >= percentiles.get(j) / 100.0 * totalCount) {
                m.put(percentiles.get(j), indexToValueNanos(i));
                j++;
            }
        }
        return Collections.unmodifiableMap(m);
    }
}
