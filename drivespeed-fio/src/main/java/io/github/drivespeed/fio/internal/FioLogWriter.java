package io.github.drivespeed.fio.internal;

import io.github.drivespeed.report.FioLatencyBins;
import io.github.drivespeed.report.IoLog;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.WorkloadReport;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Writes one job's fio log files from its run's {@link IoLog}s (the same completions and
 * latencies as its report), in fio 3.33's line format (iolog.c {@code flush_samples},
 * {@code flush_hist_samples}): {@code time, value, ddir, bs, prio}, with {@code log_offset=1}
 * {@code time, value, ddir, bs, offset, prio}; a histogram line is {@code time, ddir, bs} then
 * the window's count per fio bin (2^coarseness bins summed a column). Times are milliseconds
 * since the job's measured start (since the Unix epoch with {@code log_unix_epoch=1}); ddir is 0
 * for reads, 1 for writes; the priority column is 0 (fio's "not real-time"), or {@code 0x0000}
 * with {@code log_prio=1} (drivespeed sets no I/O priority).
 *
 * <p>With {@code log_avg_msec=0} a line per I/O, as fio: lat, clat, slat in ns; bw the I/O's
 * bytes over its clat ({@code bytes * 10^6 / clat_ns}: bytes per ms, as fio computes it); iops
 * 1; bs the I/O's bytes. With {@code log_avg_msec=N} a line per direction per N ms window with
 * I/Os, at the window's end (the run's end for the last; bw and iops, as fio, write no line for
 * a last window shorter than N after a whole one): the latencies' mean in ns, bw the
 * window's bytes in KiB/s ({@code bytes * 1000 / ms / 1024}, truncated as fio), iops its I/Os
 * per second; bs 0 and offset 0, as fio writes averaged lines. With {@code log_max_value=1} the
 * latency lines give the window's largest value (bw and iops, one rate a window in fio too, are
 * the same).
 */
public final class FioLogWriter {

    private static final int READ = 0;
    private static final int WRITE = 1;

    private final FioLogs logs;
    private final long blockBytes;
    private final IoLog[] byDirection = new IoLog[2];
    private final long elapsedNanos;
    /** Added to every time: the measured start in Unix ms with log_unix_epoch, else 0. */
    private final long baseMillis;

    /**
     * A writer of one job's log files.
     *
     * @param logs what the job asked for
     * @param report the job's report; its first run's samples carry the logs
     */
    public FioLogWriter(FioLogs logs, WorkloadReport report) {
        this.logs = logs;
        this.blockBytes = report.parameters().blockSize().bytes();
        byDirection[READ] = log(report.read());
        byDirection[WRITE] = log(report.write());
        this.elapsedNanos = Math.max(elapsed(report.read()), elapsed(report.write()));
        IoLog any = byDirection[READ] != null ? byDirection[READ] : byDirection[WRITE];
        this.baseMillis = logs.epoch() && any != null ? any.startEpochMillis() : 0;
    }

    private static IoLog log(Optional<PassResult> pass) {
        return pass.flatMap(p -> p.samples().get(0).ioLog()).orElse(null);
    }

    private static long elapsed(Optional<PassResult> pass) {
        return pass.map(p -> p.samples().get(0).elapsedNanos()).orElse(0L);
    }

    /**
     * Writes one log file's lines.
     *
     * @param kind fio's log type: bw, iops, slat, clat, lat or clat_hist
     * @param out where to write
     * @throws IOException if writing fails
     */
    public void writeTo(String kind, OutputStream out) throws IOException {
        Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.US_ASCII));
        if (kind.equals("clat_hist")) {
            histogram(w);
        } else if (logs.avgMsec() == 0) {
            perIo(kind, w);
        } else {
            windows(kind, w);
        }
        w.flush();
    }

    /** One line per I/O, reads and writes merged in completion order. */
    private void perIo(String kind, Writer w) throws IOException {
        int[] next = new int[2];
        while (true) {
            int d = -1;
            for (int k = READ; k <= WRITE; k++) {
                IoLog l = byDirection[k];
                if (l != null && next[k] < l.entries() && (d < 0
                        || l.completedNanos(next[k]) < byDirection[d].completedNanos(next[d]))) {
                    d = k;
                }
            }
            if (d < 0) {
                return;
            }
            IoLog l = byDirection[d];
            int i = next[d]++;
            if (kind.equals("slat") && !l.hasSubmission()) {
                continue;
            }
            long clat = l.latencyNanos(i) - l.submissionNanos(i);
            long value = switch (kind) {
                case "lat" -> l.latencyNanos(i);
                case "clat" -> clat;
                case "slat" -> l.submissionNanos(i);
                case "bw" -> clat == 0 ? 0 : l.bytes(i) * 1_000_000L / clat;
                default -> 1;
            };
            line(w, l.completedNanos(i) / 1_000_000, value, d, l.bytes(i), l.offsetBytes(i));
        }
    }

    /** One line per direction per window with I/Os: the window's mean or rate. */
    private void windows(String kind, Writer w) throws IOException {
        long window = logs.avgMsec();
        long endMs = Math.max(1, (elapsedNanos + 999_999) / 1_000_000);
        int windows = 0;
        for (IoLog l : byDirection) {
            windows = l == null ? windows : Math.max(windows, l.windows());
        }
        boolean rate = kind.equals("bw") || kind.equals("iops");
        for (int i = 0; i < windows; i++) {
            long start = i * window;
            long end = Math.max(start + 1, Math.min(start + window, endMs));
            if (rate && i > 0 && end - start < window) {
                // fio samples bw and iops once a whole window has passed (stat.c
                // add_bw_samples, add_iops_samples): the run's last, shorter window gets no line
                // of either, after a whole one
                continue;
            }
            for (int d = READ; d <= WRITE; d++) {
                IoLog l = byDirection[d];
                if (l == null || i >= l.windows() || l.windowIos(i) == 0
                        || kind.equals("slat") && !l.hasSubmission()) {
                    continue;
                }
                long ios = l.windowIos(i);
                long lat = l.windowLatencySumNanos(i);
                long slat = l.windowSubmissionSumNanos(i);
                boolean max = logs.max();
                long value = switch (kind) {
                    case "lat" -> max ? l.windowLatencyMaxNanos(i) : mean(lat, ios);
                    case "clat" -> max ? l.windowCompletionMaxNanos(i) : mean(lat - slat, ios);
                    case "slat" -> max ? l.windowSubmissionMaxNanos(i) : mean(slat, ios);
                    case "bw" -> l.windowBytes(i) * 1000 / (end - start) / 1024;
                    default -> ios * 1000 / (end - start);
                };
                line(w, end, value, d, 0, 0);
            }
        }
    }

    /** The mean as fio rounds it ({@code mean + 0.50}, truncated). */
    private static long mean(long sum, long n) {
        return (long) ((double) sum / n + 0.50);
    }

    private void line(Writer w, long ms, long value, int ddir, long bs, long offset)
            throws IOException {
        w.write(baseMillis + ms + ", " + value + ", " + ddir + ", " + bs
                + (logs.offset() ? ", " + offset : "") + (logs.prio() ? ", 0x0000\n" : ", 0\n"));
    }

    /**
     * A line per direction per whole histogram window in which I/Os completed (fio writes a
     * window when an I/O completes after its end, so never the run's last, partial one), with
     * that window's counts only.
     */
    private void histogram(Writer w) throws IOException {
        long window = logs.histMsec();
        int stride = 1 << logs.coarseness();
        int windows = 0;
        for (IoLog l : byDirection) {
            windows = l == null ? windows : Math.max(windows, l.histogramWindows());
        }
        for (int i = 0; i < windows && window > 0 && (i + 1) * window * 1_000_000
                <= elapsedNanos; i++) {
            for (int d = READ; d <= WRITE; d++) {
                IoLog l = byDirection[d];
                if (l == null || i >= l.histogramWindows() || empty(l, i)) {
                    continue;
                }
                StringBuilder b = new StringBuilder();
                b.append(baseMillis + (i + 1) * window).append(", ").append(d).append(", ").append(blockBytes);
                for (int j = 0; j < FioLatencyBins.PLAT_NR; j += stride) {
                    long sum = 0;
                    for (int k = 0; k < stride; k++) {
                        sum += l.histogramCount(i, j + k);
                    }
                    b.append(", ").append(sum);
                }
                w.write(b.append('\n').toString());
            }
        }
    }

    private static boolean empty(IoLog l, int window) {
        for (int j = 0; j < FioLatencyBins.PLAT_NR; j++) {
            if (l.histogramCount(window, j) > 0) {
                return false;
            }
        }
        return true;
    }
}
