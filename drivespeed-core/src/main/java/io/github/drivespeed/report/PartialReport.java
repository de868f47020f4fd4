package io.github.drivespeed.report;

import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;

/**
 * What a measurement completed before it failed. When a run fails after some of its runs
 * completed (ENOSPC, EIO or an interrupt in run 23 of 25), the exception {@code run()} throws
 * keeps its type and carries this as a suppressed exception: {@link #in(Throwable)} finds it,
 * and {@link #report()} is the report of the completed runs alone, as {@code run()} would have
 * returned it had the plan asked for that many (its {@code parameters()} are the plan's, its
 * passes' {@code runs()} the runs completed). A run that failed part-way is not in it.
 *
 * <p>Covered: the sequential test's runs ({@link SpeedReport}). It is an exception only to
 * travel with the failure (no stack trace); it is never thrown.
 *
 * @since 0.1.0
 */
public final class PartialReport extends Exception {

    private static final long serialVersionUID = 1L;

    /** The report of the completed runs; not serialized. */
    private final transient Report report;

    private PartialReport(Report report, int completedRuns, int plannedRuns) {
        super(completedRuns + " of " + plannedRuns + " runs completed before this failure;"
                + " their figures: PartialReport.in(failure)", null, false, false);
        this.report = report;
    }

    /**
     * The completed runs of a sequential test, to attach to its failure with
     * {@link Throwable#addSuppressed}.
     *
     * @param report the report of the runs completed
     * @return the carrier
     */
    public static PartialReport of(SpeedReport report) {
        Objects.requireNonNull(report, "report");
        return new PartialReport(report, report.write().runs(), report.parameters().runs());
    }

    /** {@return the report of the runs completed before the failure} */
    public Report report() {
        return report;
    }

    /**
     * The completed runs a failure carries.
     *
     * @param failure what {@code run()} threw
     * @return the report of the runs completed before it; empty when none completed (the
     *     failure came before or in the first run) or the failure carries none (it crossed a
     *     serialization boundary, or came from elsewhere)
     */
    public static Optional<Report> in(Throwable failure) {
        return Arrays.stream(failure.getSuppressed()).filter(PartialReport.class::isInstance)
                .map(s -> ((PartialReport) s).report).filter(Objects::nonNull).findFirst();
    }
}
