package io.github.drivespeed.report;

import java.util.Arrays;

/**
 * What a run recorded of its I/Os for log files (fio's {@code write_bw_log},
 * {@code write_lat_log}, {@code write_iops_log}, {@code write_hist_log}), from the same
 * completions and latencies as the run's {@link Sample}: either each I/O, in completion order,
 * or sums per window; and, when asked, completion latencies counted in fio's bins
 * ({@link FioLatencyBins}) per histogram window. Times are nanoseconds since the run's measured
 * start. Recorded only when the plan asks for it
 * ({@link io.github.drivespeed.WorkloadPlan#ioLogging}). An immutable value.
 *
 * @since 0.1.0
 */
public final class IoLog {

    private final long windowNanos;
    private final long[] completedNanos;
    private final long[] latencyNanos;
    private final long[] submissionNanos;
    private final int[] ioBytes;
    private final long[] offsetBytes;
    private final long[] windowIos;
    private final long[] windowBytes;
    private final long[] windowLatencySumNanos;
    private final long[] windowSubmissionSumNanos;
    private final long[] windowMaxNanos;
    private final long histogramNanos;
    private final long[] histogram;
    private final long startEpochMillis;

    /**
     * Each I/O of a run, in completion order: what {@link #perIo} keeps. Five arrays of one
     * length, one entry an I/O; {@link IoLog} copies them.
     *
     * @param completedNanos completion time since the run's measured start, ns
     * @param latencyNanos latency, submission to reap (fio's {@code lat}), ns
     * @param submissionNanos submission latency (fio's {@code slat}), ns; empty when the engine
     *     does not time submissions apart
     * @param bytes bytes moved
     * @param offsetBytes the offset in the file, bytes
     * @since 0.1.0
     */
    public record PerIo(long[] completedNanos, long[] latencyNanos, long[] submissionNanos,
            int[] bytes, long[] offsetBytes) { }

    /**
     * Sums per averaging window of a run: what {@link #perWindow} keeps. One entry a window
     * ({@code [w * windowNanos, (w + 1) * windowNanos)}), three for the maxima; {@link IoLog}
     * copies the arrays.
     *
     * @param ios I/Os completed in the window
     * @param bytes bytes completed in it
     * @param latencySumNanos the sum of those I/Os' latencies (fio's {@code lat}), ns
     * @param submissionSumNanos the sum of their submission latencies (fio's {@code slat}), ns;
     *     empty when not timed apart
     * @param maxNanos three values a window: the largest latency (lat), completion latency (clat)
     *     and submission latency (slat) of those I/Os, ns
     * @since 0.1.0
     */
    public record Windows(long[] ios, long[] bytes, long[] latencySumNanos,
            long[] submissionSumNanos, long[] maxNanos) { }

    /**
     * Completion latencies (fio's {@code clat}) counted in fio's bins per histogram window;
     * {@link IoLog} copies the counts.
     *
     * @param windowNanos the histogram window in nanoseconds; 0 for none
     * @param counts the windows' counts, {@link FioLatencyBins#PLAT_NR} a window, one window
     *     after another
     * @since 0.1.0
     */
    public record Histogram(long windowNanos, long[] counts) {

        /** No histogram. */
        public static final Histogram NONE = new Histogram(0, new long[0]);
    }

    private static final long[] NONE = new long[0];

    /**
     * {@return a log of each I/O; the arrays are copied}
     *
     * @param ios each I/O's values
     * @param histogram the latency histograms, or {@link Histogram#NONE}
     * @param startEpochMillis the wall-clock time of the run's measured start, ms since the
     *     Unix epoch (fio's {@code log_unix_epoch})
     * @throws IllegalArgumentException if the per-I/O arrays' lengths differ, or the histogram is
     *     not whole windows
     */
    public static IoLog perIo(PerIo ios, Histogram histogram, long startEpochMillis) {
        return new IoLog(0, ios.completedNanos(), ios.latencyNanos(), ios.submissionNanos(),
                ios.bytes(), ios.offsetBytes(), NONE, NONE, NONE, NONE, NONE,
                histogram.windowNanos(), histogram.counts(), startEpochMillis);
    }

    /**
     * {@return a log of sums per averaging window; the arrays are copied}
     *
     * @param windowNanos the averaging window in nanoseconds
     * @param windows the windows' sums and maxima
     * @param histogram the latency histograms, or {@link Histogram#NONE}
     * @param startEpochMillis the wall-clock time of the run's measured start, ms since the
     *     Unix epoch (fio's {@code log_unix_epoch})
     * @throws IllegalArgumentException if the per-window arrays' lengths differ, or the histogram
     *     is not whole windows
     */
    public static IoLog perWindow(long windowNanos, Windows windows, Histogram histogram,
            long startEpochMillis) {
        return new IoLog(windowNanos, NONE, NONE, NONE, new int[0], NONE, windows.ios(),
                windows.bytes(), windows.latencySumNanos(), windows.submissionSumNanos(),
                windows.maxNanos(), histogram.windowNanos(), histogram.counts(),
                startEpochMillis);
    }

    private IoLog(long windowNanos, long[] completedNanos, long[] latencyNanos,
            long[] submissionNanos, int[] ioBytes, long[] offsetBytes, long[] windowIos,
            long[] windowBytes, long[] windowLatencySumNanos, long[] windowSubmissionSumNanos,
            long[] windowMaxNanos, long histogramNanos, long[] histogram,
            long startEpochMillis) {
        int n = completedNanos.length;
        int w = windowIos.length;
        if (latencyNanos.length != n || ioBytes.length != n || offsetBytes.length != n
                || submissionNanos.length != 0 && submissionNanos.length != n
                || windowBytes.length != w || windowLatencySumNanos.length != w
                || windowSubmissionSumNanos.length != 0 && windowSubmissionSumNanos.length != w
                || windowMaxNanos.length != 3 * w
                || histogram.length % FioLatencyBins.PLAT_NR != 0) {
            throw new IllegalArgumentException("the per-I/O, per-window and histogram arrays"
                    + " must be of matching lengths");
        }
        this.windowNanos = windowNanos;
        this.completedNanos = completedNanos.clone();
        this.latencyNanos = latencyNanos.clone();
        this.submissionNanos = submissionNanos.clone();
        this.ioBytes = ioBytes.clone();
        this.offsetBytes = offsetBytes.clone();
        this.windowIos = windowIos.clone();
        this.windowBytes = windowBytes.clone();
        this.windowLatencySumNanos = windowLatencySumNanos.clone();
        this.windowSubmissionSumNanos = windowSubmissionSumNanos.clone();
        this.windowMaxNanos = windowMaxNanos.clone();
        this.histogramNanos = histogramNanos;
        this.histogram = histogram.clone();
        this.startEpochMillis = startEpochMillis;
    }

    /** {@return the wall-clock time of the run's measured start, ms since the Unix epoch} */
    public long startEpochMillis() {
        return startEpochMillis;
    }

    /** {@return the averaging window in nanoseconds; 0 when each I/O was kept} */
    public long windowNanos() {
        return windowNanos;
    }

    /** {@return whether the submission latency (fio's slat) was timed apart} */
    public boolean hasSubmission() {
        return submissionNanos.length > 0 || windowSubmissionSumNanos.length > 0;
    }

    /** {@return the I/Os kept (0 when sums per window were kept instead)} */
    public int entries() {
        return completedNanos.length;
    }

    /**
     * {@return the I/O's completion time since the run's measured start, ns}
     *
     * @param i the I/O, in completion order, from 0
     */
    public long completedNanos(int i) {
        return completedNanos[i];
    }

    /**
     * {@return the I/O's latency from submission to reap (fio's lat), ns}
     *
     * @param i the I/O
     */
    public long latencyNanos(int i) {
        return latencyNanos[i];
    }

    /**
     * {@return the I/O's submission latency (fio's slat), ns; 0 when not timed apart}
     *
     * @param i the I/O
     */
    public long submissionNanos(int i) {
        return submissionNanos.length == 0 ? 0 : submissionNanos[i];
    }

    /**
     * {@return the bytes the I/O moved}
     *
     * @param i the I/O
     */
    public int bytes(int i) {
        return ioBytes[i];
    }

    /**
     * {@return the I/O's offset in the file, bytes}
     *
     * @param i the I/O
     */
    public long offsetBytes(int i) {
        return offsetBytes[i];
    }

    /** {@return the averaging windows, from the start (0 when each I/O was kept)} */
    public int windows() {
        return windowIos.length;
    }

    /**
     * {@return the I/Os that completed in the window}
     *
     * @param w the window, from 0: {@code [w * windowNanos, (w + 1) * windowNanos)}
     */
    public long windowIos(int w) {
        return windowIos[w];
    }

    /**
     * {@return the bytes of the I/Os that completed in the window}
     *
     * @param w the window
     */
    public long windowBytes(int w) {
        return windowBytes[w];
    }

    /**
     * {@return the sum of the latencies (fio's lat) of the I/Os that completed in the window, ns}
     *
     * @param w the window
     */
    public long windowLatencySumNanos(int w) {
        return windowLatencySumNanos[w];
    }

    /**
     * {@return the sum of their submission latencies (fio's slat), ns; 0 when not timed apart}
     *
     * @param w the window
     */
    public long windowSubmissionSumNanos(int w) {
        return windowSubmissionSumNanos.length == 0 ? 0 : windowSubmissionSumNanos[w];
    }

    /**
     * {@return the largest latency (fio's lat) of the I/Os that completed in the window, ns}
     *
     * @param w the window
     */
    public long windowLatencyMaxNanos(int w) {
        return windowMaxNanos[3 * w];
    }

    /**
     * {@return the largest completion latency (fio's clat) of those I/Os, ns}
     *
     * @param w the window
     */
    public long windowCompletionMaxNanos(int w) {
        return windowMaxNanos[3 * w + 1];
    }

    /**
     * {@return the largest submission latency (fio's slat) of those I/Os, ns; 0 when not timed}
     *
     * @param w the window
     */
    public long windowSubmissionMaxNanos(int w) {
        return windowMaxNanos[3 * w + 2];
    }

    /** {@return the histogram window in nanoseconds; 0 when no histogram was kept} */
    public long histogramNanos() {
        return histogramNanos;
    }

    /** {@return the histogram windows, from the start} */
    public int histogramWindows() {
        return histogram.length / FioLatencyBins.PLAT_NR;
    }

    /**
     * {@return the completions whose completion latency (fio's clat) fell in fio's bin, among
     * those that completed in the histogram window}
     *
     * @param w the histogram window, from 0: {@code [w * histogramNanos, (w + 1) *
     *     histogramNanos)}
     * @param bin fio's bin, {@code [0, FioLatencyBins.PLAT_NR)}
     */
    public long histogramCount(int w, int bin) {
        return histogram[w * FioLatencyBins.PLAT_NR + bin];
    }

    /** For example {@code I/O log: 1200 I/Os}, {@code I/O log: 12 x 100 ms}. */
    @Override
    public String toString() {
        return windowNanos == 0 ? "I/O log: " + entries() + " I/Os"
                : "I/O log: " + windows() + " x " + windowNanos / 1_000_000 + " ms"
                        + (histogramNanos == 0 ? "" : ", " + histogramWindows() + " histograms");
    }

    /** {@return a hash of the values} */
    @Override
    public int hashCode() {
        return Arrays.hashCode(completedNanos) * 31 + Arrays.hashCode(windowBytes);
    }

    /** {@return whether {@code o} holds the same values} */
    @Override
    public boolean equals(Object o) {
        return o instanceof IoLog l && l.windowNanos == windowNanos
                && l.startEpochMillis == startEpochMillis
                && l.histogramNanos == histogramNanos
                && Arrays.equals(l.completedNanos, completedNanos)
                && Arrays.equals(l.latencyNanos, latencyNanos)
                && Arrays.equals(l.submissionNanos, submissionNanos)
                && Arrays.equals(l.ioBytes, ioBytes) && Arrays.equals(l.offsetBytes, offsetBytes)
                && Arrays.equals(l.windowIos, windowIos)
                && Arrays.equals(l.windowBytes, windowBytes)
                && Arrays.equals(l.windowLatencySumNanos, windowLatencySumNanos)
                && Arrays.equals(l.windowSubmissionSumNanos, windowSubmissionSumNanos)
                && Arrays.equals(l.windowMaxNanos, windowMaxNanos)
                && Arrays.equals(l.histogram, histogram);
    }
}
