package io.github.drivespeed.fio.internal.json;

import io.github.drivespeed.report.LatencyBucket;
import io.github.drivespeed.report.LatencyStats;

/**
 * fio's coarse latency buckets ({@code io_u_mark_latency} in fio's {@code io_u.c}): whole
 * nanoseconds, microseconds or milliseconds, each bucket named by its exclusive upper edge, as
 * json's {@code latency_ns}, {@code latency_us} and {@code latency_ms} write them.
 */
final class FioCoarseLatency {

    private static final long[] EDGES = {2, 4, 10, 20, 50, 100, 250, 500, 750, 1000};

    private FioCoarseLatency() {
    }

    /**
     * The share of the I/Os in each bucket, in percent of {@code totalIos} with fio's rounding (a
     * non-empty bucket is at least 0.01). Each of the distribution's buckets counts at its
     * middle: they are at most 0.1 % wide, binary, and these edges decimal, so an I/O within
     * 0.1 % of an edge may be counted in the bucket beside it.
     *
     * @param latency the distribution
     * @param totalIos the I/Os of the job (every direction)
     * @return the 10 nanosecond, 10 microsecond and 12 millisecond buckets' shares, in that order
     */
    static double[] shares(LatencyStats latency, long totalIos) {
        long[] n = new long[FioLayout.LATENCY_NS_KEYS.size() + FioLayout.LATENCY_US_KEYS.size()
                + FioLayout.LATENCY_MS_KEYS.size()];
        for (LatencyBucket b : latency.buckets()) {
            n[coarseIndex(b.middleNanos())] += b.count();
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
