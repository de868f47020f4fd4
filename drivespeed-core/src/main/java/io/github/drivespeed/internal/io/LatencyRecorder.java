package io.github.drivespeed.internal.io;

import io.github.drivespeed.report.LatencyBucket;
import io.github.drivespeed.report.LatencyStats;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * One latency of one worker's I/Os in one direction (fio's {@code lat}, {@code slat} or
 * {@code clat}), in nanoseconds: exact count, min, max, sum and sum of squares beside an
 * HdrHistogram (relocated into drivespeed-core's jar, never part of its API), handed on as
 * {@link LatencyBucket}s. Used by one thread; {@link #record} allocates nothing.
 */
final class LatencyRecorder {

    private final Histogram histogram = new Histogram(1, LatencyStats.HIGHEST_TRACKABLE_NANOS,
            LatencyStats.SIGNIFICANT_DIGITS);
    private long count;
    private long minNanos = Long.MAX_VALUE;
    private long maxNanos = Long.MIN_VALUE;
    private long sumNanos;
    private double sumOfSquaresNanos;

    /**
     * @param nanos one I/O's latency, {@code >= 0}; above
     *     {@link LatencyStats#HIGHEST_TRACKABLE_NANOS} it is clamped in the histogram only
     */
    void record(long nanos) {
        count++;
        histogram.recordValue(Math.min(nanos, LatencyStats.HIGHEST_TRACKABLE_NANOS));
        if (nanos < minNanos) {
            minNanos = nanos;
        }
        if (nanos > maxNanos) {
            maxNanos = nanos;
        }
        sumNanos += nanos;
        sumOfSquaresNanos += (double) nanos * nanos;
    }

    /** @return what was recorded; {@link LatencyStats#NONE} when nothing was */
    LatencyStats stats() {
        if (count == 0) {
            return LatencyStats.NONE;
        }
        List<LatencyBucket> buckets = new ArrayList<>();
        for (HistogramIterationValue v : histogram.recordedValues()) {
            long value = v.getValueIteratedTo();
            buckets.add(new LatencyBucket(histogram.lowestEquivalentValue(value),
                    histogram.highestEquivalentValue(value), v.getCountAtValueIteratedTo()));
        }
        return LatencyStats.of(buckets, minNanos, maxNanos, sumNanos, sumOfSquaresNanos);
    }

    /**
     * Pools several recorders' values, as if one had recorded them all.
     *
     * @param <T> what holds the recorders
     * @param parts the holders
     * @param latency the recorder of a holder, or null where it has none
     * @return the statistics; {@link LatencyStats#NONE} when nothing was recorded
     */
    static <T> LatencyStats pooled(List<T> parts, Function<T, LatencyRecorder> latency) {
        List<LatencyStats> all = new ArrayList<>(parts.size());
        for (T part : parts) {
            LatencyRecorder p = latency.apply(part);
            if (p != null) {
                all.add(p.stats());
            }
        }
        return LatencyStats.merge(all);
    }
}
