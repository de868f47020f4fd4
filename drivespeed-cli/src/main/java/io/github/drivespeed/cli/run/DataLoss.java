package io.github.drivespeed.cli.run;

import io.github.drivespeed.cli.results.Results;
import io.github.drivespeed.cli.text.LossLines;
import io.github.drivespeed.report.Verification;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the runners say when a medium lost data: the block under the report (text output) and
 * the summary on standard error, which goes with {@link ExitCode#DATA_LOST}.
 */
final class DataLoss {

    private DataLoss() {
    }

    /**
     * Prints the loss block of every job that found one.
     *
     * @param text the text output
     * @param results what was measured
     */
    static void printBlocks(PrintWriter text, Results results) {
        for (Results.Job job : results.jobs()) {
            readBack(job).ifPresent(v -> LossLines.print(text, what(job), v));
            job.capacityProbe().ifPresent(p -> LossLines.print(text, p));
        }
        text.flush();
    }

    /**
     * @param err standard error
     * @param results what was measured
     * @return {@link ExitCode#DATA_LOST} after the summary lines when a job found loss, else
     *     {@link ExitCode#OK}
     */
    static int report(PrintWriter err, Results results) {
        List<String> lines = new ArrayList<>();
        for (Results.Job job : results.jobs()) {
            readBack(job).filter(Verification::hasLoss).ifPresent(v -> lines.add(
                    LossLines.oneLine(v)));
            job.capacityProbe().filter(p -> !p.genuine()).ifPresent(p -> lines.add(
                    LossLines.oneLine(p)));
        }
        return report(err, lines);
    }

    /**
     * @param err standard error
     * @param v what a device write test's read passes found
     * @return as {@link #report(PrintWriter, Results)}
     */
    static int report(PrintWriter err, Optional<Verification> v) {
        return report(err, v.filter(Verification::hasLoss).map(LossLines::oneLine).stream()
                .toList());
    }

    private static int report(PrintWriter err, List<String> lines) {
        for (String line : lines) {
            err.println("drivespeed: " + line);
        }
        err.flush();
        return lines.isEmpty() ? ExitCode.OK : ExitCode.DATA_LOST;
    }

    /** What the job's read-back checks found, if it checked any. */
    private static Optional<Verification> readBack(Results.Job job) {
        return job.sequential().flatMap(r -> r.read().verification())
                .or(() -> job.capacityCheck().map(r -> r.verification()));
    }

    private static String what(Results.Job job) {
        return job.capacityCheck().isPresent() ? "the capacity check's files"
                : "the test file read back";
    }
}
