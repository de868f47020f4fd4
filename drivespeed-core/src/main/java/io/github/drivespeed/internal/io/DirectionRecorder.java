package io.github.drivespeed.internal.io;

import io.github.drivespeed.internal.figures.Thresholds;
import io.github.drivespeed.parameters.IoLogging;
import io.github.drivespeed.report.Latencies;
import io.github.drivespeed.report.LatencyStats;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.medium.Stall;
import io.github.drivespeed.report.Timeline;
import io.github.drivespeed.report.TimelinePoint;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * What one worker's reads (or writes) did in the measured time of one run: counts, the latency
 * of each I/O from just before its submission to its reap (fio's {@code lat}; exact min, max,
 * sum and sum of squares beside an HdrHistogram), with a queue that times its submissions also
 * its two parts (fio's {@code slat} and {@code clat}, in two more such recorders, made at the
 * first I/O that has them), and bytes and I/Os per timeline interval. Used by one thread;
 * {@link #record} allocates nothing except when the timeline outgrows its arrays (doubling, so
 * rarely), and divides only when a completion falls past the current interval's end (once per
 * interval, not per I/O).
 */
public final class DirectionRecorder {

    private static final int INITIAL_INTERVALS = 64;

    private long startNanos;
    private final long intervalNanos;
    private final LatencyRecorder latency = new LatencyRecorder();
    /** fio's slat and clat; null until an I/O with a timed submission is recorded. */
    private LatencyRecorder submission;
    private LatencyRecorder completion;
    private long ios;
    private long bytes;
    private long[] intervalBytes;
    private long[] intervalIos;
    /** The interval the last completion fell in; completions come in time order. */
    private int interval;
    private long intervalEndNanos;
    /** The last completion's time, and the longest interval without one (for a stall). */
    private long lastCompletedNanos;
    private long longestGapNanos;
    private long longestGapStartNanos;
    private long longestGapOffsetBytes;
    /** The offset of the I/O about to be recorded, as {@link #offset} told it; -1 if not told. */
    private long offsetBytes = -1;
    /** What is recorded for log files; null when no log was asked for. */
    private final IoLogRecorder ioLog;

    /**
     * A recorder of one direction's I/Os, their latencies and timeline from {@code startNanos} on.
     *
     * @param startNanos {@link System#nanoTime()} at which the measured time starts
     * @param intervalNanos timeline interval
     * @param expectedIntervals intervals to allocate up front
     */
    public DirectionRecorder(long startNanos, long intervalNanos, int expectedIntervals) {
        this(startNanos, intervalNanos, expectedIntervals, Optional.empty(), 0);
    }

    /**
     * A recorder that also records its I/Os for log files, when {@code logging} is given.
     *
     * @param startNanos {@link System#nanoTime()} at which the measured time starts
     * @param intervalNanos timeline interval
     * @param expectedIntervals intervals to allocate up front
     * @param logging what to record for log files; empty for nothing
     * @param expectedIos I/Os to make room for when each is logged
     */
    public DirectionRecorder(long startNanos, long intervalNanos, int expectedIntervals,
            Optional<IoLogging> logging, long expectedIos) {
        this.ioLog = logging.map(l -> new IoLogRecorder(l, expectedIos, startNanos))
                .orElse(null);
        this.startNanos = startNanos;
        this.intervalNanos = intervalNanos;
        int n = Math.max(INITIAL_INTERVALS, expectedIntervals);
        this.intervalBytes = new long[n];
        this.intervalIos = new long[n];
        this.intervalEndNanos = startNanos + intervalNanos;
        this.lastCompletedNanos = startNanos;
    }

    /**
     * Tells the offset of the I/O recorded next, so that a stall can say where it was.
     *
     * @param ioOffsetBytes the I/O's offset in the file or device, bytes
     */
    public void offset(long ioOffsetBytes) {
        this.offsetBytes = ioOffsetBytes;
    }

    /**
     * Records one completed I/O whose submission was not timed apart (a synchronous call).
     *
     * @param ioBytes bytes it moved
     * @param latencyNanos its latency, from just before its submission to its reap
     * @param completedAtNanos {@link System#nanoTime()} at completion, not before the start nor
     *     before the last completion recorded
     */
    public void record(long ioBytes, long latencyNanos, long completedAtNanos) {
        if (ioLog != null) {
            ioLog.record(ioBytes, latencyNanos, -1, completedAtNanos - startNanos, offsetBytes);
        }
        count(ioBytes, latencyNanos, completedAtNanos);
    }

    private void count(long ioBytes, long latencyNanos, long completedAtNanos) {
        ios++;
        bytes += ioBytes;
        latency.record(latencyNanos);
        long gap = completedAtNanos - lastCompletedNanos;
        if (gap > longestGapNanos) {
            longestGapNanos = gap;
            longestGapStartNanos = lastCompletedNanos - startNanos;
            longestGapOffsetBytes = offsetBytes;
        }
        lastCompletedNanos = completedAtNanos;
        if (completedAtNanos - intervalEndNanos >= 0) {
            advance(completedAtNanos);
        }
        intervalBytes[interval] += ioBytes;
        intervalIos[interval]++;
    }

    /**
     * Records one completed I/O of a queue that timed its submission: its latency and its two
     * parts, fio's {@code slat} and {@code clat} (which add up to it).
     *
     * @param ioBytes bytes it moved
     * @param latencyNanos from just before its submission to its reap (fio's lat)
     * @param submissionNanos from just before its submission to the return of the system call
     *     that submitted it (fio's slat)
     * @param completedAtNanos {@link System#nanoTime()} at the reap, not before the start nor
     *     before the last completion recorded; the completion latency (fio's clat) is
     *     {@code latencyNanos - submissionNanos}
     */
    public void record(long ioBytes, long latencyNanos, long submissionNanos,
            long completedAtNanos) {
        if (submission == null) {
            submission = new LatencyRecorder();
            completion = new LatencyRecorder();
        }
        submission.record(submissionNanos);
        completion.record(latencyNanos - submissionNanos);
        if (ioLog != null) {
            ioLog.record(ioBytes, latencyNanos, submissionNanos, completedAtNanos - startNanos,
                    offsetBytes);
        }
        count(ioBytes, latencyNanos, completedAtNanos);
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
    public void excludeNanos(long nanos) {
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
    public static Sample sample(int run, List<DirectionRecorder> parts, long elapsedNanos) {
        long ios = 0;
        long bytes = 0;
        long interval = parts.get(0).intervalNanos;
        int intervals = (int) Math.max(1, (elapsedNanos + interval - 1) / interval);
        long[] perIntervalBytes = new long[intervals];
        long[] perIntervalIos = new long[intervals];
        for (DirectionRecorder p : parts) {
            ios += p.ios;
            bytes += p.bytes;
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
        LatencyStats lat = LatencyRecorder.pooled(parts, p -> p.latency);
        LatencyStats slat = LatencyRecorder.pooled(parts, p -> p.submission);
        LatencyStats clat = LatencyRecorder.pooled(parts, p -> p.completion);
        Sample sample = Sample.of(run, bytes, elapsedNanos, ios, new Latencies(lat, slat, clat),
                new Timeline(interval, points)).withStall(stall(parts, lat));
        List<IoLogRecorder> logs = parts.stream().map(p -> p.ioLog)
                .filter(java.util.Objects::nonNull).toList();
        return logs.isEmpty() ? sample
                : sample.withIoLog(Optional.of(IoLogRecorder.pooled(logs, elapsedNanos)));
    }

    /**
     * The workers' common time without progress: the overlap of each worker's longest interval
     * without a completion (with one worker, that interval), when it is a {@link Stall} against
     * the median I/O latency; its offset is the first worker's stalled I/O's.
     */
    private static Optional<Stall> stall(List<DirectionRecorder> parts, LatencyStats lat) {
        long from = Long.MIN_VALUE;
        long to = Long.MAX_VALUE;
        long offset = -1;
        for (DirectionRecorder p : parts) {
            if (p.ios == 0) {
                continue;
            }
            from = Math.max(from, p.longestGapStartNanos);
            to = Math.min(to, p.longestGapStartNanos + p.longestGapNanos);
            offset = offset < 0 ? p.longestGapOffsetBytes : offset;
        }
        if (from == Long.MIN_VALUE || to <= from || offset < 0
                || !Thresholds.isStall(to - from, lat.medianNanos())) {
            return Optional.empty();
        }
        return Optional.of(new Stall(to - from, Math.max(0, from), offset, lat.medianNanos(),
                Math.max(0, lat.maxNanos())));
    }
}
