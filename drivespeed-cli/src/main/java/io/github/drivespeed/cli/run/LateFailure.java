package io.github.drivespeed.cli.run;

import io.github.drivespeed.cli.text.TablePrinter;
import io.github.drivespeed.cli.text.TextSummary;
import io.github.drivespeed.fio.internal.Results;
import io.github.drivespeed.parameters.Preset;
import io.github.drivespeed.report.PartialReport;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Report;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.report.WorkloadTable;
import io.github.drivespeed.unit.DataSize;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * A measurement that failed after some of its runs (or a table's rows) completed (ENOSPC in run
 * 23 of 25): the failure, and the results measured before it, the completed runs or rows
 * included, so that the command prints and writes them before it reports the failure.
 */
final class LateFailure extends IOException {

    private static final long serialVersionUID = 1L;

    /** What was measured before the failure; not serialized. */
    private final transient Results completed;

    private LateFailure(IOException failure, Results completed) {
        super(failure.getMessage(), failure);
        this.completed = completed;
    }

    /**
     * The failure of a sequential test or a workload, with the runs it completed printed (a line
     * saying where it stopped, then the summary of those runs), where it completed any.
     *
     * @param failure what the test threw
     * @param before what was measured before the test, or null
     * @param text where the summary goes
     * @param verbose whether the summary's backend line is in full ({@code --verbose})
     * @return the failure with what was measured, or {@code failure} itself when no run completed
     */
    static IOException keepingCompleted(IOException failure, Results before, PrintWriter text,
            boolean verbose) {
        Report partial = PartialReport.in(failure).orElse(null);
        int done;
        int planned;
        if (partial instanceof SpeedReport s) {
            done = s.write().runs();
            planned = s.parameters().runs();
        } else if (partial instanceof WorkloadReport w) {
            done = w.read().or(w::write).map(PassResult::runs).orElse(0);
            planned = w.parameters().runs();
        } else {
            return failure;
        }
        text.println("stopped by a failure in run " + (done + 1) + " of " + planned
                + " (the error below): the figures are of the "
                + (done == 1 ? "run" : done + " runs") + " completed before it");
        TextSummary.print(text, partial, verbose);
        return new LateFailure(failure, before == null ? Results.of(partial)
                : before.and(partial));
    }

    /**
     * The failure of a table (a preset suite or a sweep), with the rows it completed printed (a
     * line saying in which row it stopped, then the table of those rows and its summary), where
     * it completed any.
     *
     * @param failure what {@code runPresets} or {@code runSweep} threw
     * @param before what was measured before the table, or null
     * @param rows the labels of the rows the table was to have, in order
     * @param sweep whether the table is a sweep ({@link TablePrinter#print})
     * @param text where the table goes
     * @param verbose whether the backend line is in full ({@code --verbose})
     * @return the failure with what was measured, or {@code failure} itself when no row completed
     */
    static IOException keepingCompletedRows(IOException failure, Results before,
            List<String> rows, boolean sweep, PrintWriter text, boolean verbose) {
        WorkloadTable partial = PartialReport.tableIn(failure).orElse(null);
        if (partial == null) {
            return failure;
        }
        int done = partial.rows().size();
        text.println("stopped by a failure in " + rows.get(done) + " (row " + (done + 1) + " of "
                + rows.size() + ", the error below): the table has the "
                + (done == 1 ? "row" : done + " rows") + " completed before it");
        TablePrinter.print(text, partial, sweep, verbose);
        return new LateFailure(failure, before == null ? Results.of(partial)
                : before.and(partial));
    }

    /**
     * {@return the labels of a preset suite's rows, as {@code runPresets} gives them: {@code
     * "SEQ1M Q8T1 read"}, {@code "SEQ1M Q8T1 write"}, ...}
     *
     * @param presets the presets, in order
     */
    static List<String> presetRows(List<Preset> presets) {
        List<String> rows = new ArrayList<>();
        for (Preset p : presets) {
            rows.add(p.label() + " read");
            rows.add(p.label() + " write");
        }
        return rows;
    }

    /**
     * {@return the labels of a sweep's rows, as {@code runSweep} gives them: each block size}
     *
     * @param blockSizes the block sizes, in order
     */
    static List<String> sweepRows(List<DataSize> blockSizes) {
        return blockSizes.stream().map(DataSize::toString).toList();
    }

    /** {@return what the command measured before the failure} */
    Results completed() {
        return completed;
    }

    /** {@return the failure} */
    IOException failure() {
        return (IOException) getCause();
    }
}
