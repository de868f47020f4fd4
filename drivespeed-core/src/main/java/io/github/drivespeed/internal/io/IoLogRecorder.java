package io.github.drivespeed.internal.io;

import io.github.drivespeed.parameters.IoLogging;
import io.github.drivespeed.report.FioLatencyBins;
import io.github.drivespeed.report.IoLog;
import java.util.Arrays;
import java.util.List;

/**
 * What one worker's reads (or writes) record for log files, beside its
 * {@link DirectionRecorder}: each I/O in primitive arrays, or sums per window, and fio-bin
 * histograms of the completion latency per histogram window. Made only when a plan asks for
 * logs. Used by one thread; {@link #record} allocates only when an array fills (it doubles, so
 * rarely), and divides only when a completion falls past the current window's end.
 */
final class IoLogRecorder {

    private static final int INITIAL = 1024;

    private final long windowNanos;
    private final long histogramNanos;
    private int n;
    private long[] completed;
    private long[] latency;
    private long[] submission;
    private int[] bytes;
    private long[] offsets;
    private int window;
    private long windowEnd;
    private long[] windowIos;
    private long[] windowBytes;
    private long[] windowLatency;
    private long[] windowSubmission;
    /** Per window: the largest lat, clat and slat, three a window. */
    private long[] windowMax;
    private int histogramWindow;
    private long histogramEnd;
    private long[] histogram;
    private boolean submissionTimed;
    /** The wall-clock time of the measured start, ms since the Unix epoch. */
    private final long startEpochMillis;

    /**
     * @param logging what to record
     * @param expectedIos I/Os to make room for up front when each is kept
     * @param startNanos {@link System#nanoTime()} of the measured start
     */
    IoLogRecorder(IoLogging logging, long expectedIos, long startNanos) {
        this.startEpochMillis = System.currentTimeMillis()
                + Math.floorDiv(startNanos - System.nanoTime(), 1_000_000L);
        this.windowNanos = logging.average().toNanos();
        this.histogramNanos = logging.histogram().toNanos();
        if (windowNanos == 0) {
            int size = (int) Math.max(INITIAL, Math.min(expectedIos, 1 << 24));
            completed = new long[size];
            latency = new long[size];
            submission = new long[size];
            bytes = new int[size];
            offsets = new long[size];
        } else {
            windowIos = new long[INITIAL];
            windowBytes = new long[INITIAL];
            windowLatency = new long[INITIAL];
            windowSubmission = new long[INITIAL];
            windowMax = new long[3 * INITIAL];
            windowEnd = windowNanos;
        }
        if (histogramNanos > 0) {
            histogram = new long[16 * FioLatencyBins.PLAT_NR];
            histogramEnd = histogramNanos;
        }
    }

    /**
     * Records one completed I/O.
     *
     * @param ioBytes bytes it moved
     * @param latencyNanos submission to reap
     * @param submissionNanos the submission's part, or -1 when not timed apart
     * @param sinceStartNanos completion time since the measured start, {@code >= 0}, not before
     *     the last one recorded
     * @param offsetBytes its offset, or -1 when not told
     */
    void record(long ioBytes, long latencyNanos, long submissionNanos, long sinceStartNanos,
            long offsetBytes) {
        long slat = Math.max(0, submissionNanos);
        submissionTimed |= submissionNanos >= 0;
        if (windowNanos == 0) {
            if (n == completed.length) {
                grow();
            }
            completed[n] = sinceStartNanos;
            latency[n] = latencyNanos;
            submission[n] = slat;
            bytes[n] = (int) ioBytes;
            offsets[n] = Math.max(0, offsetBytes);
            n++;
        } else {
            if (sinceStartNanos >= windowEnd) {
                window = index(sinceStartNanos, windowNanos);
                windowEnd = (window + 1L) * windowNanos;
                if (window >= windowIos.length) {
                    int size = Math.max(windowIos.length * 2, window + 1);
                    windowIos = Arrays.copyOf(windowIos, size);
                    windowBytes = Arrays.copyOf(windowBytes, size);
                    windowLatency = Arrays.copyOf(windowLatency, size);
                    windowSubmission = Arrays.copyOf(windowSubmission, size);
                    windowMax = Arrays.copyOf(windowMax, 3 * size);
                }
            }
            windowIos[window]++;
            windowBytes[window] += ioBytes;
            windowLatency[window] += latencyNanos;
            windowSubmission[window] += slat;
            int m = 3 * window;
            windowMax[m] = Math.max(windowMax[m], latencyNanos);
            windowMax[m + 1] = Math.max(windowMax[m + 1], latencyNanos - slat);
            windowMax[m + 2] = Math.max(windowMax[m + 2], slat);
        }
        if (histogramNanos > 0) {
            if (sinceStartNanos >= histogramEnd) {
                histogramWindow = index(sinceStartNanos, histogramNanos);
                histogramEnd = (histogramWindow + 1L) * histogramNanos;
                int need = (histogramWindow + 1) * FioLatencyBins.PLAT_NR;
                if (need > histogram.length) {
                    histogram = Arrays.copyOf(histogram, Math.max(histogram.length * 2, need));
                }
            }
            histogram[histogramWindow * FioLatencyBins.PLAT_NR
                    + FioLatencyBins.valueToIndex(latencyNanos - slat)]++;
        }
    }

    private static int index(long sinceStartNanos, long window) {
        long i = sinceStartNanos / window;
        if (i >= Integer.MAX_VALUE / FioLatencyBins.PLAT_NR) {
            throw new IllegalStateException("log window " + i + " out of range");
        }
        return (int) i;
    }

    private void grow() {
        if (n >= Integer.MAX_VALUE / 2) {
            throw new IllegalStateException("too many I/Os to log one by one: " + n
                    + "; log averages over a window instead");
        }
        int size = n * 2;
        completed = Arrays.copyOf(completed, size);
        latency = Arrays.copyOf(latency, size);
        submission = Arrays.copyOf(submission, size);
        bytes = Arrays.copyOf(bytes, size);
        offsets = Arrays.copyOf(offsets, size);
    }

    /**
     * Pools several workers' records of one run: their I/Os merged in completion order, or their
     * windows summed.
     *
     * @param parts the workers' recorders, all made with the same settings; none is empty
     * @param elapsedNanos the run's measured time: windows after it are left out
     * @return the log
     */
    static IoLog pooled(List<IoLogRecorder> parts, long elapsedNanos) {
        IoLogRecorder first = parts.get(0);
        boolean timed = parts.stream().anyMatch(p -> p.submissionTimed);
        long[] hist = histograms(parts);
        return first.windowNanos > 0 ? windowed(parts, elapsedNanos, timed, hist)
                : merged(parts, timed, hist);
    }

    /** The workers' histogram windows, summed. */
    private static long[] histograms(List<IoLogRecorder> parts) {
        if (parts.get(0).histogramNanos == 0) {
            return new long[0];
        }
        int used = 0;
        for (IoLogRecorder p : parts) {
            used = Math.max(used, p.histogramWindow + 1);
        }
        long[] hist = new long[used * FioLatencyBins.PLAT_NR];
        for (IoLogRecorder p : parts) {
            for (int i = 0; i < (p.histogramWindow + 1) * FioLatencyBins.PLAT_NR; i++) {
                hist[i] += p.histogram[i];
            }
        }
        return hist;
    }

    /** The workers' averaging windows, summed; a completion after the run's end in the last. */
    private static IoLog windowed(List<IoLogRecorder> parts, long elapsedNanos, boolean timed,
            long[] hist) {
        IoLogRecorder first = parts.get(0);
        int windows = (int) Math.max(1, (elapsedNanos + first.windowNanos - 1)
                / first.windowNanos);
        long[] ios = new long[windows];
        long[] bytes = new long[windows];
        long[] lat = new long[windows];
        long[] slat = new long[timed ? windows : 0];
        long[] max = new long[3 * windows];
        for (IoLogRecorder p : parts) {
            for (int i = 0; i <= p.window; i++) {
                int at = Math.min(i, windows - 1);
                ios[at] += p.windowIos[i];
                bytes[at] += p.windowBytes[i];
                lat[at] += p.windowLatency[i];
                if (timed) {
                    slat[at] += p.windowSubmission[i];
                }
                for (int k = 0; k < 3; k++) {
                    max[3 * at + k] = Math.max(max[3 * at + k], p.windowMax[3 * i + k]);
                }
            }
        }
        return IoLog.perWindow(first.windowNanos, new IoLog.Windows(ios, bytes, lat, slat, max),
                new IoLog.Histogram(first.histogramNanos, hist), first.startEpochMillis);
    }

    /** The workers' I/Os merged in completion order (each worker's are in order already). */
    private static IoLog merged(List<IoLogRecorder> parts, boolean timed, long[] hist) {
        int total = parts.stream().mapToInt(p -> p.n).sum();
        long[] completed = new long[total];
        long[] latency = new long[total];
        long[] submission = new long[timed ? total : 0];
        int[] bytes = new int[total];
        long[] offsets = new long[total];
        int[] next = new int[parts.size()];
        for (int k = 0; k < total; k++) {
            int from = -1;
            for (int p = 0; p < parts.size(); p++) {
                IoLogRecorder r = parts.get(p);
                if (next[p] < r.n && (from < 0
                        || r.completed[next[p]] < parts.get(from).completed[next[from]])) {
                    from = p;
                }
            }
            IoLogRecorder r = parts.get(from);
            int i = next[from]++;
            completed[k] = r.completed[i];
            latency[k] = r.latency[i];
            if (timed) {
                submission[k] = r.submission[i];
            }
            bytes[k] = r.bytes[i];
            offsets[k] = r.offsets[i];
        }
        return IoLog.perIo(new IoLog.PerIo(completed, latency, submission, bytes, offsets),
                new IoLog.Histogram(parts.get(0).histogramNanos, hist),
                parts.get(0).startEpochMillis);
    }
}
