package io.github.drivespeed.internal.engine;

import io.github.drivespeed.report.LatencyStats;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.Timeline;
import io.github.drivespeed.report.TimelinePoint;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * What one worker's reads (or writes) did in the measured time of one run: counts, completion
 * latency of each I/O (exact min, max, sum and sum of squares beside an HdrHistogram) and bytes
 * and I/Os per timeline interval. Used by one thread; {@link #record} allocates nothing except
 * when the timeline outgrows its arrays (doubling, so rarely), and divides only when a
 * completion falls past the current interval's end (once per interval, not per I/O).
 */
final class DirectionRecorder {

    private static final int INITIAL_INTERVALS = 64;

    private long startNanos;
    private final long intervalNanos;
    private final Histogram histogram = LatencyStats.newHistogram();
    private long ios;
    private long bytes;
    private long minNanos = Long.MAX_VALUE;
    private long maxNanos = Long.MIN_VALUE;
    private long sumNanos;
    private double sumOfSquaresNanos;
    private long[] intervalBytes;
    private long[] intervalIos;
    /** The interval the last completion fell in; completions come in time order. */
    private int interval;
    private long intervalEndNanos;

    /**
     * @param startNanos {@link System#nanoTime()} at which the measured time starts
     * @param intervalNanos timeline interval
     * @param expectedIntervals intervals to allocate up front
     */
    DirectionRecorder(long startNanos, long intervalNanos, int expectedIntervals) {
        this.startNanos = startNanos;
        this.intervalNanos = intervalNanos;
        int n = Math.max(INITIAL_INTERVALS, expectedIntervals);
        this.intervalBytes = new long[n];
        this.intervalIos = new long[n];
        this.intervalEndNanos = startNanos + intervalNanos;
    }

    /**
     * Records one completed I/O.
     *
     * @param ioBytes bytes it moved
     * @param latencyNanos its completion latency
     * @param completedAtNanos {@link System#nanoTime()} at completion, not before the start nor
     *     before the last completion recorded
     */
    void record(long ioBytes, long latencyNanos, long completedAtNanos) {
        ios++;
        bytes += ioBytes;
        histogram.recordValue(Math.min(latencyNanos, LatencyStats.HIGHEST_TRACKABLE_NANOS));
        if (latencyNanos < minNanos) {
            minNanos = latencyNanos;
        }
        if (latencyNanos > maxNanos) {
            maxNanos = latencyNanos;
        }
        sumNanos += latencyNanos;
        sumOfSquaresNanos += (double) latencyNanos * latencyNanos;
        if (completedAtNanos - intervalEndNanos >= 0) {
            advance(completedAtNanos);
        }
        intervalBytes[interval] += ioBytes;
        intervalIos[interval]++;
    }

    /** Moves to the interval {@code completedAtNanos} falls in. */
    private void advance(long completedAtNanos) {
        long index = (completedAtNanos - startNanos) / intervalNanos;
        if (index >= intervalBytes.length) {
            grow(index);
        }
        interval = (int) index;
        intervalEndNanos = startNanos + (index + 1) * intervalNanos;
    }

    private void grow(long interval) {
        if (interval >= Integer.MAX_VALUE / 2) {
            throw new IllegalStateException("timeline interval " + interval + " out of range");
        }
        int n = Math.max(intervalBytes.length * 2, (int) interval + 1);
        intervalBytes = Arrays.copyOf(intervalBytes, n);
        intervalIos = Arrays.copyOf(intervalIos, n);
    }

    /**
     * Leaves {@code nanos} out of the timeline from now on: later completions count as that much
     * earlier (a batch of read-back checks between the reads is not the drive's time).
     *
     * @param nanos time to leave out, {@code >= 0}
     */
    void excludeNanos(long nanos) {
        startNanos += nanos;
    }

    /** @return I/Os recorded */
    long ios() {
        return ios;
    }

    /** @return bytes recorded */
    long bytes() {
        return bytes;
    }

    /**
     * The sample of several workers' recorders of one run, pooled.
     *
     * @param run the run number, from 1
     * @param parts the workers' recorders, all with the same start and interval
     * @param elapsedNanos the measured time of the run
     * @return the sample: bytes, I/Os, latency and timeline of all workers together
     */
    static Sample sample(int run, List<DirectionRecorder> parts, long elapsedNanos) {
        long ios = 0;
        long bytes = 0;
        Histogram all = LatencyStats.newHistogram();
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        long sum = 0;
        double squares = 0;
        long interval = parts.get(0).intervalNanos;
        int intervals = (int) Math.max(1, (elapsedNanos + interval - 1) / interval);
        long[] perIntervalBytes = new long[intervals];
        long[] perIntervalIos = new long[intervals];
        for (DirectionRecorder p : parts) {
            ios += p.ios;
            bytes += p.bytes;
            if (p.ios > 0) {
                all.add(p.histogram);
                min = Math.min(min, p.minNanos);
                max = Math.max(max, p.maxNanos);
                sum += p.sumNanos;
                squares += p.sumOfSquaresNanos;
            }
            int used = p.ios == 0 ? 0 : p.interval + 1;
            for (int i = 0; i < used; i++) {
                int at = Math.min(i, intervals - 1);
                perIntervalBytes[at] += p.intervalBytes[i];
                perIntervalIos[at] += p.intervalIos[i];
            }
        }
        List<TimelinePoint> points = new ArrayList<>(intervals);
        for (int i = 0; i < intervals; i++) {
            long start = i * interval;
            long end = i == intervals - 1 ? Math.max(start + 1, elapsedNanos) : start + interval;
            points.add(new TimelinePoint(start, end, perIntervalBytes[i], perIntervalIos[i]));
        }
        LatencyStats latency = ios == 0 ? LatencyStats.NONE
                : LatencyStats.of(all, min, max, sum, squares);
        return new Sample(run, bytes, elapsedNanos, ios, latency, new Timeline(interval, points));
    }
}
