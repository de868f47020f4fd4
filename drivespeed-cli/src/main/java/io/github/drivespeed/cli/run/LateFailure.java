package io.github.drivespeed.cli.run;

import io.github.drivespeed.cli.text.TextSummary;
import io.github.drivespeed.fio.internal.Results;
import io.github.drivespeed.report.PartialReport;
import io.github.drivespeed.report.SpeedReport;
import java.io.IOException;
import java.io.PrintWriter;

/**
 * A measurement that failed after some of its runs completed (ENOSPC in run 23 of 25): the
 * failure, and the results measured before it, the completed runs included, so that the command
 * prints and writes them before it reports the failure.
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
     * The failure of a sequential test, with the runs it completed printed (a line saying where
     * it stopped, then the summary of those runs), where it completed any.
     *
     * @param failure what the test threw
     * @param before what was measured before the test, or null
     * @param text where the summary goes
     * @param verbose whether the summary's backend line is in full ({@code --verbose})
     * @return the failure with what was measured, or {@code failure} itself when no run completed
     */
    static IOException keepingCompleted(IOException failure, Results before, PrintWriter text,
            boolean verbose) {
        SpeedReport partial = PartialReport.in(failure).filter(SpeedReport.class::isInstance)
                .map(SpeedReport.class::cast).orElse(null);
        if (partial == null) {
            return failure;
        }
        int done = partial.write().runs();
        text.println("stopped by a failure in run " + (done + 1) + " of "
                + partial.parameters().runs() + " (the error below): the figures are of the "
                + (done == 1 ? "run" : done + " runs") + " completed before it");
        TextSummary.print(text, partial, verbose);
        return new LateFailure(failure, before == null ? Results.of(partial)
                : before.and(partial));
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
