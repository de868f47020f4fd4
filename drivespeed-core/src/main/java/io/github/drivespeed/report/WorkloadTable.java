package io.github.drivespeed.report;

import io.github.drivespeed.report.text.ReportText;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Several workloads run over one test file, one labelled row each: a block-size sweep
 * ({@link io.github.drivespeed.WorkloadPlan#runSweep(List)}) or a preset suite ({@link io.github.drivespeed.WorkloadPlan#runPresets(List)}).
 * Immutable.
 *
 * @since 0.1.0
 */
public final class WorkloadTable {

    /**
     * One row.
     *
     * @param label for example {@code 64 KiB} or {@code RND4K Q32T1 read}
     * @param report the workload's report
     * @since 0.1.0
     */
    public record Row(String label, WorkloadReport report) {

        /**
         * Checks the values.
         *
         * @param label the row's label
         * @param report the workload's report
         * @throws NullPointerException if either is null
         */
        public Row {
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(report, "report");
        }
    }

    private final List<Row> rows;

    /**
     * {@return the table of these rows}
     *
     * @param rows the labelled reports, in the order run
     * @throws IllegalArgumentException if {@code rows} is empty
     * @throws NullPointerException if a row is null
     */
    public static WorkloadTable of(List<Row> rows) {
        return new WorkloadTable(rows);
    }

    private WorkloadTable(List<Row> rows) {
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("a table needs at least one row");
        }
        this.rows = List.copyOf(rows);
    }

    /** {@return the rows, in the order run} */
    public List<Row> rows() {
        return rows;
    }

    /**
     * The answer in one line, as {@link Report#summary()} gives one report's: each row's median
     * rate (10^6 B/s, MB/s) and IOPS, reads first, in the order run; then in brackets O_DIRECT or
     * buffered and, where the figures are not plainly the drive's, the worst row's verdict
     * ({@code flagged: see warnings}, {@code DATA LOST: see warnings}, ...), {@code memory, not
     * a drive: see warnings} or {@code passes too short: see warnings}. For example {@code SEQ1M
     * Q8T1 read 1112.9 MB/s 1061 IOPS, SEQ1M Q8T1 write 2052.4 MB/s 1957 IOPS (O_DIRECT)}.
     *
     * @return the line, without a newline
     * @since 0.1.0
     */
    public String summary() {
        return ReportText.oneLine(this);
    }

    /**
     * The table, one line per row and direction: label, direction ({@code dir}: {@code read}
     * or {@code write}; the access pattern is in the label), MB/s (10^6 B/s), MiB/s
     * (2^20 B/s), IOPS, fio's clat ({@link PassResult#completionLatency()}: with psync the
     * system call, with libaio and io_uring from the submitting call's return to the reap) mean,
     * p50, p99 and p99.9 in microseconds (medians over runs for the rates, all runs pooled for
     * latency), and the process's CPU nanoseconds per I/O, user
     * and system together ({@link WorkloadReport#cpu()}; the workload's, both directions of a mix
     * together; {@code -} where it could not be read).
     */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%-22s %-5s %10s %10s %11s %11s %11s %11s %11s %10s%n",
                "test", "dir", "MB/s", "MiB/s", "IOPS", "mean us", "p50 us", "p99 us",
                "p99.9 us", "CPU ns/IO"));
        for (Row row : rows) {
            line(sb, row, "read", row.report().read());
            line(sb, row, "write", row.report().write());
        }
        return sb.toString();
    }

    private static void line(StringBuilder sb, Row row, String direction,
            Optional<PassResult> pass) {
        if (pass.isEmpty()) {
            return;
        }
        PassResult p = pass.get();
        LatencyStats l = p.completionLatency();
        String cpu = row.report().cpu().map(c -> c.isAvailable() ? String.format(Locale.ROOT,
                "%.0f", c.nanosPerIo()) : "n/a").orElse("-");
        sb.append(String.format(Locale.ROOT,
                "%-22s %-5s %10.1f %10.1f %11.0f %11.1f %11.1f %11.1f %11.1f %10s%n", row.label(),
                direction, p.median().megabytesPerSecond(), p.median().mebibytesPerSecond(),
                p.medianIops(), l.meanNanos() / 1e3, micros(l, 50), micros(l, 99),
                micros(l, 99.9), cpu));
    }

    private static double micros(LatencyStats l, double percentile) {
        long v = l.percentileNanos(percentile);
        return v < 0 ? Double.NaN : v / 1e3;
    }
}
