package io.github.drivespeed.internal.genuine;

import io.github.drivespeed.report.medium.CacheCliff;
import io.github.drivespeed.report.medium.RateDrop;
import java.util.Optional;

/**
 * Finds where a pass's rate fell and stayed low, from the completion time of each of its
 * equal-sized blocks (a write pass's closing fdatasync left out): a write cache filling on a
 * write pass, throttling or background work on a read pass.
 *
 * <p>The knee: the block after which the cumulative completion-time curve bends, found as the
 * split of the best fit of two straight segments (from the start to the split, from the split to
 * the end) to the curve, by least squares over every block. It is a cliff when every part of the
 * pass after it (up to 8 windows of at least 2 blocks each) ran below half the rate before it.
 * Both sides must hold at least 2 blocks and a twentieth of the pass, so that a short burst (a
 * throttle's first time slice, a small DRAM buffer) or a stall near the end is not taken for a
 * cache filling; at least {@link #MIN_BYTES_BEFORE_DROP} must have been written before it; and
 * the slow part must hold at least {@link #MIN_BLOCKS_AFTER_DROP} blocks and last at least
 * {@link #MIN_NANOS_AFTER_DROP}, so that a hiccup at the end of a short pass (another process's
 * burst on a shared disk, a few milliseconds off the CPU, a busy machine holding up the last
 * blocks) is not taken for a second speed.
 */
public final class CliffDetector {

    /** Every part after the drop must run below this share of the rate before it. */
    public static final double DROP_RATIO = 0.5;
    /** Each side of the drop holds at least this share of the pass's blocks. */
    static final int MIN_SHARE_DIVISOR = 20;
    /**
     * A write cache worth the name holds more than this before the drop: less is a drive's DRAM
     * buffer, or a scheduling hiccup on a busy machine during a short pass.
     */
    public static final long MIN_BYTES_BEFORE_DROP = 8L << 20;
    /**
     * The slow part after a drop lasts at least this long, in nanoseconds (200 ms): a cache that
     * filled or a throttled drive stays slow for the rest of the pass, while a scheduling hiccup or
     * another writer's burst on a shared machine lasts milliseconds to tens of milliseconds.
     */
    public static final long MIN_NANOS_AFTER_DROP = 200_000_000L;
    /**
     * The slow part after a drop holds at least this many blocks (4), so that it is judged in at
     * least two windows that must each run slow: on a busy machine a steady 16 MiB/s medium once
     * wrote its last 2 blocks of 16 at half speed, which one window alone took for a cache cliff.
     */
    public static final int MIN_BLOCKS_AFTER_DROP = 4;
    private static final int MIN_BLOCKS_PER_SIDE = 2;
    private static final int AFTER_WINDOWS = 8;

    private CliffDetector() {
    }

    /**
     * {@return the cliff, or empty when the rate did not fall below half and stay there}
     *
     * @param completedAtNanos completion time of block i (0-based) in nanoseconds from the start of
     *     the pass, ascending; only the first {@code n} entries are read
     * @param n the number of blocks written
     * @param blockBytes bytes per block
     */
    public static Optional<CacheCliff> find(long[] completedAtNanos, int n, long blockBytes) {
        return findDrop(completedAtNanos, n, blockBytes)
                .map(d -> new CacheCliff(d, CacheCliff.Cause.DRIVE_WRITE_CACHE));
    }

    /**
     * {@return where the rate fell below half and stayed there, by the same rule as a cliff;
     * empty when it did not}
     *
     * @param completedAtNanos completion time of block i (0-based) in nanoseconds from the start of
     *     the pass, ascending; only the first {@code n} entries are read
     * @param n the number of blocks moved
     * @param blockBytes bytes per block
     */
    public static Optional<RateDrop> findDrop(long[] completedAtNanos, int n, long blockBytes) {
        int minSide = Math.max(MIN_BLOCKS_PER_SIDE, (n + MIN_SHARE_DIVISOR - 1) / MIN_SHARE_DIVISOR);
        if (n < 2 * minSide) {
            return Optional.empty();
        }
        int k = knee(completedAtNanos, n, minSide);
        if (k < 0 || k * blockBytes < MIN_BYTES_BEFORE_DROP || n - k < MIN_BLOCKS_AFTER_DROP) {
            return Optional.empty();
        }
        long beforeNanos = completedAtNanos[k - 1];
        if (beforeNanos <= 0) {
            return Optional.empty();
        }
        if (completedAtNanos[n - 1] - beforeNanos < MIN_NANOS_AFTER_DROP) {
            return Optional.empty();
        }
        double before = k * (double) blockBytes * 1e9 / beforeNanos;
        int after = n - k;
        int windows = Math.min(AFTER_WINDOWS, after / MIN_BLOCKS_PER_SIDE);
        int from = k;
        for (int w = 0; w < windows; w++) {
            int to = w == windows - 1 ? n : k + (int) ((long) after * (w + 1) / windows);
            long nanos = completedAtNanos[to - 1] - completedAtNanos[from - 1];
            double rate = nanos <= 0 ? Double.POSITIVE_INFINITY
                    : (to - from) * (double) blockBytes * 1e9 / nanos;
            if (!(rate < DROP_RATIO * before)) {
                return Optional.empty();
            }
            from = to;
        }
        long afterNanos = completedAtNanos[n - 1] - beforeNanos;
        double afterRate = afterNanos <= 0 ? 0 : after * (double) blockBytes * 1e9 / afterNanos;
        return Optional.of(new RateDrop(k * blockBytes, beforeNanos, before, afterRate));
    }

    /**
     * The split k (blocks before the bend, in {@code [minSide, n - minSide]}) of the least-squares
     * fit of two segments, (0, 0) to (k, c[k-1]) and on to (n, c[n-1]), to the points (i + 1, c[i]).
     *
     * @return k, or -1 when there is no room for one
     */
    static int knee(long[] c, int n, int minSide) {
        // Times in seconds, so that the sums of squares keep their precision.
        double s1n = 0;
        double s2n = 0;
        double sin = 0;
        for (int i = 1; i <= n; i++) {
            double t = c[i - 1] / 1e9;
            s1n += t;
            s2n += t * t;
            sin += i * t;
        }
        double tn = c[n - 1] / 1e9;
        double s1 = 0;
        double s2 = 0;
        double si = 0;
        double best = Double.POSITIVE_INFINITY;
        int bestK = -1;
        for (int k = 1; k <= n - minSide; k++) {
            double t = c[k - 1] / 1e9;
            s1 += t;
            s2 += t * t;
            si += k * t;
            if (k < minSide) {
                continue;
            }
            double a = t / k;
            double i2 = k * (k + 1.0) * (2.0 * k + 1) / 6;
            double e1 = s2 - 2 * a * si + a * a * i2;
            double m = n - k;
            double b = (tn - t) / m;
            double sumOfI = (n * (n + 1.0) - k * (k + 1.0)) / 2;
            double yy = (s2n - s2) - 2 * t * (s1n - s1) + m * t * t;
            double uy = (sin - si) - k * (s1n - s1) - t * sumOfI + k * t * m;
            double uu = m * (m + 1) * (2 * m + 1) / 6;
            double e2 = yy - 2 * b * uy + b * b * uu;
            double e = e1 + e2;
            if (e < best) {
                best = e;
                bestK = k;
            }
        }
        return bestK;
    }
}
