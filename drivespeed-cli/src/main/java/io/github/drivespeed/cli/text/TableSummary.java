package io.github.drivespeed.cli.text;

import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Verdict;
import io.github.drivespeed.warning.Warning;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.report.WorkloadTable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * A preset suite's or a sweep's answer in one line, as {@link
 * io.github.drivespeed.report.Report#summary()} gives one report's: each row's median rate and
 * IOPS, then in brackets the worst verdict of the rows where it is not
 * {@link Verdict.Outcome#MEASURED}, for example {@code SEQ1M Q8T1 read 1112.9 MB/s 1061 IOPS,
 * SEQ1M Q8T1 write 2052.4 MB/s 1957 IOPS (O_DIRECT; flagged: see warnings)}.
 */
final class TableSummary {

    private TableSummary() {
    }

    /**
     * {@return the line, without a newline}
     *
     * @param table the rows, at least one
     */
    static String of(WorkloadTable table) {
        List<String> figures = new ArrayList<>();
        for (WorkloadTable.Row row : table.rows()) {
            List<PassResult> passes = new ArrayList<>(2);
            row.report().read().ifPresent(passes::add);
            row.report().write().ifPresent(passes::add);
            for (PassResult pass : passes) {
                String rate = pass.median().toString();
                int unitEnd = rate.indexOf(" MB/s");
                figures.add(row.label() + " " + (unitEnd < 0 ? rate
                        : rate.substring(0, unitEnd + " MB/s".length()))
                        + String.format(Locale.ROOT, " %.0f IOPS", pass.medianIops()));
            }
        }
        WorkloadReport first = table.rows().get(0).report();
        Verdict.Outcome worst = table.rows().stream().map(r -> r.report().verdict().outcome())
                .max(Comparator.naturalOrder()).orElse(Verdict.Outcome.MEASURED);
        String note = switch (worst) {
            // figures measured in memory (tmpfs, a RAM disk) are the memory's, as core's
            // one-line summaries say
            case MEASURED -> first.target().warnings().contains(Warning.MEMORY_FILE_SYSTEM)
                    ? "; memory, not a drive: see warnings" : "";
            case FLAGGED -> "; flagged: see warnings";
            case DATA_LOST -> "; DATA LOST: see warnings";
            case COUNTERFEIT -> "; COUNTERFEIT: see warnings";
        };
        return String.join(", ", figures) + " (" + (first.parameters().direct() ? "O_DIRECT"
                : "buffered") + note + ")";
    }
}
