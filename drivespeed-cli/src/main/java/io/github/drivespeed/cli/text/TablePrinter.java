package io.github.drivespeed.cli.text;

import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.report.WorkloadTable;
import io.github.drivespeed.warning.Warning;
import java.io.PrintWriter;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
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
        WarningLines.print(out, warnings);
        out.println(TextSummary.LABEL + TableSummary.of(table));
        out.flush();
    }
}
