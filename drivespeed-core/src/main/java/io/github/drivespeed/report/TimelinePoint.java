package io.github.drivespeed.report;

import io.github.drivespeed.unit.Throughput;

/**
 * What one interval of a {@link Timeline} moved: the I/Os that completed in
 * {@code [startNanos, endNanos)}, counted from the start of the measured time.
 *
 * @param startNanos start of the interval, nanoseconds after the measured time began
 * @param endNanos end of the interval (exclusive); the last interval ends with the pass
 * @param bytes bytes of the I/Os that completed in the interval
 * @param ios I/Os that completed in the interval
 * @since 0.1.0
 */
public record TimelinePoint(long startNanos, long endNanos, long bytes, long ios) {

    /**
     * Checks the values.
     *
     * @param startNanos start of the interval, nanoseconds after the measured time began
     * @param endNanos end of the interval (exclusive); the last interval ends with the pass
     * @param bytes bytes of the I/Os that completed in the interval
     * @param ios I/Os that completed in the interval
     * @throws IllegalArgumentException if the interval is empty or a count is negative
     */
    public TimelinePoint {
        if (startNanos < 0 || endNanos <= startNanos) {
            throw new IllegalArgumentException("interval must be [start, end) with 0 <= start < end: ["
                    + startNanos + ", " + endNanos + ")");
        }
        if (bytes < 0 || ios < 0) {
            throw new IllegalArgumentException("bytes and ios must be >= 0: " + bytes + ", " + ios);
        }
    }

    /** {@return the interval's length in nanoseconds} */
    public long elapsedNanos() {
        return endNanos - startNanos;
    }

    /** {@return bytes over the interval's length} */
    public Throughput throughput() {
        return Throughput.ofBytesOverNanos(bytes, elapsedNanos());
    }

    /** {@return I/Os per second over the interval} */
    public double iops() {
        return ios * 1e9 / elapsedNanos();
    }
}
