package io.github.drivespeed.report;

import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;

/**
 * What a measurement completed before it failed. When a sequential test fails after some of its
 * runs completed (ENOSPC, EIO or an interrupt in run 23 of 25), the exception {@code run()}
 * throws keeps its type and carries this as a suppressed exception: {@link #in(Throwable)} finds
 * it. Its {@link #report()} is the report of the completed runs, as {@code run()} returns one:
 * {@code parameters()} the plan's, each pass's {@code runs()} the runs completed; the run that
 * failed part-way is not in it. Never thrown, and without a stack trace.
 *
 * @since 0.1.0
 */
public final class PartialReport extends Exception {

    private static final long serialVersionUID = 1L;

    private final transient Report report;

    private PartialReport(Report report, int completedRuns, int plannedRuns) {
        super(completedRuns + " of " + plannedRuns + " runs completed before this failure;"
                + " their figures: PartialReport.in(failure)", null, false, false);
        this.report = report;
    }

    /**
     * The completed runs of a sequential test, to attach to its failure (addSuppressed).
     *
     * @param report the report of the runs completed
     * @return the carrier
     */
    public static PartialReport of(SpeedReport report) {
        return new PartialReport(report, report.write().runs(), report.parameters().runs());
    }

    /** {@return the report of the runs completed before the failure} */
    public Report report() {
        return report;
    }

    /**
     * {@return the report of the runs completed before {@code failure}; empty when none completed
     * (it came before or in the first run) or it carries none (it was serialized)}
     *
     * @param failure what {@code run()} threw
     */
    public static Optional<Report> in(Throwable failure) {
        return Arrays.stream(failure.getSuppressed()).filter(PartialReport.class::isInstance)
                .map(s -> ((PartialReport) s).report).filter(Objects::nonNull).findFirst();
    }
}
