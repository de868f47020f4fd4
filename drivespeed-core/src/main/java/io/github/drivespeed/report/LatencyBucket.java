package io.github.drivespeed.report;

/**
 * One bucket of a {@link LatencyStats} distribution: the I/Os whose latency lies in
 * {@code [lowestNanos, highestNanos]}, in nanoseconds from {@link System#nanoTime()}. The
 * distribution's buckets are at most 0.1 % of their values wide ({@link
 * LatencyStats#SIGNIFICANT_DIGITS} significant decimal digits, 1 ns wide below 2048 ns), so each
 * lies wholly inside one of fio's latency bins ({@link FioLatencyBins}). An immutable value.
 *
 * @param lowestNanos the smallest latency the bucket holds, {@code >= 0}
 * @param highestNanos the largest latency the bucket holds, {@code >= lowestNanos}
 * @param count the I/Os in the bucket, {@code >= 1}
 * @since 0.1.0
 */
public record LatencyBucket(long lowestNanos, long highestNanos, long count) {

    /**
     * Checks the bucket.
     *
     * @param lowestNanos the smallest latency the bucket holds, {@code >= 0}
     * @param highestNanos the largest latency the bucket holds, {@code >= lowestNanos}
     * @param count the I/Os in the bucket, {@code >= 1}
     * @throws IllegalArgumentException if a bound is negative, the bounds are reversed or the
     *     count is below 1
     */
    public LatencyBucket {
        if (lowestNanos < 0 || highestNanos < lowestNanos) {
            throw new IllegalArgumentException("latency bucket bounds must satisfy 0 <= lowest"
                    + " <= highest: [" + lowestNanos + " ns, " + highestNanos + " ns]");
        }
        if (count < 1) {
            throw new IllegalArgumentException("latency bucket count must be >= 1: " + count);
        }
    }

    /**
     * {@return the middle of the bucket in nanoseconds: {@code lowestNanos} plus half its width
     * ({@code highestNanos - lowestNanos + 1}) rounded down, the value that stands for its I/Os
     * where one value is needed}
     */
    public long middleNanos() {
        return lowestNanos + ((highestNanos - lowestNanos + 1) >> 1);
    }
}
