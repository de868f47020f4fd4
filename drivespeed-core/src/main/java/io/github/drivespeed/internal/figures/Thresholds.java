package io.github.drivespeed.internal.figures;

import io.github.drivespeed.warning.Warning;

/**
 * When a pass is too short for its figure ({@link Warning#PASS_TOO_SHORT}) and when a pause
 * without a completed block is a stall ({@code report.medium.Stall}).
 */
public final class Thresholds {

    /** No block completed for at least this long, nanoseconds (1 s), to be a stall. */
    public static final long STALL_MIN_NANOS = 1_000_000_000L;
    /** ... and for at least this many times the pass's median block time. */
    public static final int STALL_MIN_MEDIAN_MULTIPLE = 10;

    private Thresholds() {
    }

    /**
     * Whether a timed run was too short for its figure to be stable
     * ({@link Warning#PASS_TOO_SHORT}).
     *
     * @param elapsedNanos the run's time, nanoseconds
     * @param ios its I/Os (blocks), 0 where not recorded (then only the time counts)
     * @return true under {@link Warning#MIN_PASS_MILLIS} ms, or from 1 to
     *     {@link Warning#MIN_PASS_BLOCKS} - 1 I/Os
     */
    public static boolean passTooShort(long elapsedNanos, long ios) {
        return elapsedNanos < Warning.MIN_PASS_MILLIS * 1_000_000L
                || (ios > 0 && ios < Warning.MIN_PASS_BLOCKS);
    }

    /**
     * Whether the longest interval without a completed block is a stall: at least
     * {@link #STALL_MIN_NANOS} and at least {@link #STALL_MIN_MEDIAN_MULTIPLE} times the median.
     *
     * @param noProgressNanos the interval, nanoseconds
     * @param medianBlockNanos the pass's median time between completed blocks, nanoseconds
     * @return whether it is a stall
     */
    public static boolean isStall(long noProgressNanos, long medianBlockNanos) {
        return noProgressNanos >= STALL_MIN_NANOS
                && noProgressNanos >= (double) STALL_MIN_MEDIAN_MULTIPLE * medianBlockNanos;
    }
}
