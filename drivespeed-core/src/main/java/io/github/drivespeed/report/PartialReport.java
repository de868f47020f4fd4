package io.github.drivespeed.report;

import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What a measurement completed before it failed. When a sequential test or a workload fails after
 * some of its runs completed (ENOSPC, EIO or an interrupt in run 23 of 25), the exception
 * {@code run()} throws keeps its type and carries this as a suppressed exception:
 * {@link #in(Throwable)} finds it. Its {@link #report()} is the report of the completed runs, as
 * {@code run()} returns one: {@code parameters()} the plan's, each pass's {@code runs()} the runs
 * completed; the run that failed part-way is not in it. When a table
 * ({@link io.github.drivespeed.WorkloadPlan#runSweep(java.util.List)},
 * {@link io.github.drivespeed.WorkloadPlan#runPresets(java.util.List)}) fails after some of its
 * rows completed, the exception carries the table of those rows the same way:
 * {@link #tableIn(Throwable)} finds it. Never thrown, and without a stack trace.
 *
 * @since 0.1.0
 */
public final class PartialReport extends Exception {

    private static final long serialVersionUID = 1L;

    /** The completed runs' report; null for a table's rows, or once serialized. */
    private final transient Report report;
    /** The completed rows' table; null for a report's runs, or once serialized. */
    private final transient WorkloadTable table;

    private PartialReport(Report report, WorkloadTable table, String message) {
        super(message, null, false, false);
        this.report = report;
        this.table = table;
    }

    private static PartialReport ofRuns(Report report, int completedRuns, int plannedRuns) {
        return new PartialReport(report, null, completedRuns + " of " + plannedRuns
                + " runs completed before this failure; their figures: PartialReport.in(failure)");
    }

    /**
     * The completed runs of a sequential test, to attach to its failure (addSuppressed).
     *
     * @param report the report of the runs completed
     * @return the carrier
     */
    public static PartialReport of(SpeedReport report) {
        return ofRuns(report, report.write().runs(), report.parameters().runs());
    }

    /**
     * The completed runs of a workload, to attach to its failure (addSuppressed).
     *
     * @param report the report of the runs completed
     * @return the carrier
     * @since 0.1.0
     */
    public static PartialReport of(WorkloadReport report) {
        return ofRuns(report, report.read().or(report::write).orElseThrow().runs(),
                report.parameters().runs());
    }

    /**
     * The completed rows of a table, to attach to its failure (addSuppressed).
     *
     * @param completed the table of the rows completed, in the order run
     * @param plannedRows the rows the table was to have, more than {@code completed} has
     * @return the carrier
     * @throws IllegalArgumentException if {@code plannedRows} is not more than the rows completed
     * @since 0.1.0
     */
    public static PartialReport of(WorkloadTable completed, int plannedRows) {
        int rows = completed.rows().size();
        if (plannedRows <= rows) {
            throw new IllegalArgumentException("a table of " + rows + " rows completed was to"
                    + " have more than " + plannedRows);
        }
        return new PartialReport(null, completed, rows + " of " + plannedRows
                + " rows completed before this failure; their table:"
                + " PartialReport.tableIn(failure)");
    }

    /**
     * {@return the report of the runs completed before the failure; null when this carries a
     * table's rows ({@link #tableIn(Throwable)}) or was serialized}
     */
    public Report report() {
        return report;
    }

    /**
     * {@return the report of the runs completed before {@code failure}; empty when none completed
     * (it came before or in the first run) or it carries none (it was serialized)}. Where a
     * table's row failed, this is that row's runs completed before the failure, if any; the rows
     * completed before it are {@link #tableIn(Throwable)}'s.
     *
     * @param failure what {@code run()} threw
     */
    public static Optional<Report> in(Throwable failure) {
        return carried(failure).map(s -> s.report).filter(Objects::nonNull).findFirst();
    }

    /**
     * {@return the table of the rows completed before {@code failure}, which {@code runSweep} or
     * {@code runPresets} threw: each row complete, all its runs, in the order run; empty when
     * none completed (it came in the first row) or it carries none (it was serialized)}
     *
     * @param failure what {@code runSweep} or {@code runPresets} threw
     * @since 0.1.0
     */
    public static Optional<WorkloadTable> tableIn(Throwable failure) {
        return carried(failure).map(s -> s.table).filter(Objects::nonNull).findFirst();
    }

    private static Stream<PartialReport> carried(Throwable failure) {
        return Arrays.stream(failure.getSuppressed()).filter(PartialReport.class::isInstance)
                .map(PartialReport.class::cast);
    }
}
