package io.github.drivespeed.internal.genuine;

import io.github.drivespeed.report.medium.CacheCliff;
import java.util.Optional;

/**
 * The stop rule of a sustained write: the rate fell ({@link CliffDetector}) and has been steady
 * since for a given time: the last {@code steadyNanos} split into 5 equal parts by time, each
 * within 15 % of their mean rate.
 */
public final class SteadyAfterDrop {

    private static final int PARTS = 5;
    private static final double TOLERANCE = 0.15;

    private SteadyAfterDrop() {
    }

    /**
     * {@return whether the pass may stop now}
     *
     * @param log completion times of the blocks so far
     * @param blockBytes bytes per block
     * @param steadyNanos how long the rate must have held after the drop
     */
    public static boolean reached(CompletionLog log, long blockBytes, long steadyNanos) {
        int n = log.size();
        long[] c = log.nanos();
        Optional<CacheCliff> cliff = CliffDetector.find(c, n, blockBytes);
        if (cliff.isEmpty() || c[n - 1] - cliff.get().drop().nanosBeforeDrop() < steadyNanos) {
            return false;
        }
        long end = c[n - 1];
        long from = end - steadyNanos;
        double[] rates = new double[PARTS];
        int i = n - 1;
        for (int p = PARTS - 1; p >= 0; p--) {
            long partStart = from + steadyNanos * p / PARTS;
            long partEnd = from + steadyNanos * (p + 1) / PARTS;
            int blocks = 0;
            while (i >= 0 && c[i] > partStart) {
                if (c[i] <= partEnd) {
                    blocks++;
                }
                i--;
            }
            rates[p] = blocks * (double) blockBytes * 1e9 / (partEnd - partStart);
        }
        double mean = 0;
        for (double r : rates) {
            mean += r / PARTS;
        }
        for (double r : rates) {
            if (!(Math.abs(r - mean) <= TOLERANCE * mean)) {
                return false;
            }
        }
        return true;
    }
}
