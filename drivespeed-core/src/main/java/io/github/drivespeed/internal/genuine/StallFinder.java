package io.github.drivespeed.internal.genuine;

import io.github.drivespeed.internal.figures.Thresholds;
import io.github.drivespeed.report.medium.Stall;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.LongUnaryOperator;

/**
 * Finds a pass's longest time without progress in the completion times of its blocks (one I/O
 * in flight at a time), and says whether it was a {@link Stall}.
 */
public final class StallFinder {

    private StallFinder() {
    }

    /**
     * {@return the pass's stall, or empty when no interval between two completions (or from the
     * start to the first) was a stall ({@link Thresholds#isStall})}
     *
     * @param completedAtNanos completion time of block i (0-based) in nanoseconds from the start of
     *     the pass, ascending; only the first {@code n} entries are read
     * @param n the number of blocks moved
     * @param offsetOfBlock the offset of the pass's block i, bytes
     * @param worstBlockNanos the pass's longest single block latency, nanoseconds
     */
    public static Optional<Stall> find(long[] completedAtNanos, int n,
            LongUnaryOperator offsetOfBlock, long worstBlockNanos) {
        if (n == 0) {
            return Optional.empty();
        }
        long[] gaps = new long[n];
        int longest = 0;
        for (int i = 0; i < n; i++) {
            gaps[i] = completedAtNanos[i] - (i == 0 ? 0 : completedAtNanos[i - 1]);
            if (gaps[i] > gaps[longest]) {
                longest = i;
            }
        }
        long noProgress = gaps[longest];
        long[] sorted = gaps.clone();
        Arrays.sort(sorted);
        long median = sorted[(n - 1) / 2];
        if (!Thresholds.isStall(noProgress, median)) {
            return Optional.empty();
        }
        long startedAt = longest == 0 ? 0 : completedAtNanos[longest - 1];
        return Optional.of(new Stall(noProgress, startedAt, offsetOfBlock.applyAsLong(longest),
                median, Math.max(0, worstBlockNanos)));
    }
}
