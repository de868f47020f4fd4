package io.github.drivespeed.cli.text;

import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.report.WorkloadTable;
import io.github.drivespeed.warning.Warning;
import java.io.PrintWriter;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** A preset suite's or a sweep's table, then the target, backend, I/O engines and warnings. */
public final class TablePrinter {

    private TablePrinter() {
    }

    /**
     * Prints the table, then the target, backend, I/O engines and warnings of its rows.
     *
     * @param out where to
     * @param table the rows
     * @param sweep whether it is a sweep: the I/O line is then printed once, with the block sizes,
     *     when every row used the same engine
     * @param verbose whether {@code --verbose} was given: the backend line in full
     */
    public static void print(PrintWriter out, WorkloadTable table, boolean sweep,
            boolean verbose) {
        out.println();
        out.print(table);
        WorkloadReport first = table.rows().get(0).report();
        out.println();
        out.print(first.target().details());
        out.println(BackendLine.of(first.backend(), verbose));
        Set<String> engines = new LinkedHashSet<>();
        for (WorkloadTable.Row row : table.rows()) {
            engines.add(row.report().engine().toString());
        }
        List<WorkloadTable.Row> rows = table.rows();
        if (sweep && engines.size() == 1) {
            out.println("I/O:        " + engines.iterator().next() + " (block sizes "
                    + rows.get(0).label() + " to " + rows.get(rows.size() - 1).label() + ")");
        } else {
            for (WorkloadTable.Row row : rows) {
                out.println(String.format(Locale.ROOT, "I/O:        %-22s %s", row.label(),
                        row.report().engine().toString()));
            }
        }
        Set<Warning> warnings = new LinkedHashSet<>();
        for (WorkloadTable.Row row : table.rows()) {
            warnings.addAll(row.report().warnings());
        }
        WarningLines.print(out, warnings, tooShort(rows));
        out.println(TextSummary.LABEL + table.summary());
        out.flush();
    }

    /**
     * Under {@link Warning#PASS_TOO_SHORT}, the rows it came from and what measures more data in
     * each pass of theirs, as a workload's own report says it: a longer duration for time-based
     * runs (the default), a larger count for runs of {@code --count} I/Os.
     */
    private static Map<Warning, List<String>> tooShort(List<WorkloadTable.Row> rows) {
        List<WorkloadTable.Row> flagged = rows.stream()
                .filter(r -> r.report().warnings().contains(Warning.PASS_TOO_SHORT)).toList();
        if (flagged.isEmpty()) {
            return Map.of();
        }
        WorkloadParameters p = flagged.get(0).report().parameters();
        return Map.of(Warning.PASS_TOO_SHORT, List.of(String.join(", ", flagged.stream()
                .map(WorkloadTable.Row::label).toList()) + ": measure more data in each pass: "
                + (p.timeBased() ? "a longer duration" : p.length().count().isPresent()
                        ? "a larger count, or a duration" : "a larger size, or a duration")));
    }
}
