package io.github.drivespeed.cli.run;

import io.github.drivespeed.cli.options.FormOptions;
import io.github.drivespeed.cli.results.Results;
import io.github.drivespeed.cli.text.LossLines;
import io.github.drivespeed.report.CapacityCheckReport;
import io.github.drivespeed.report.CapacityProbeReport;
import io.github.drivespeed.report.DeviceReport;
import io.github.drivespeed.report.Report;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.SustainedReport;
import io.github.drivespeed.report.Verification;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.warning.Warning;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;

/**
 * What the runners say when a medium lost data: the block under the report (text output) and
 * the summary on standard error, which goes with {@link ExitCode#DATA_LOST} (decided by the
 * reports' {@link io.github.drivespeed.report.Verdict#dataLost() verdicts}).
 */
final class DataLoss {

    /** What one report's read-back or probe found, in words. */
    private interface Found {

        /** Prints the block under the report; nothing when nothing was lost. */
        void printBlock(PrintWriter text);

        /** @return the line for standard error; empty when nothing was lost */
        Optional<String> line();
    }

    /**
     * What each kind checked: the read passes of a sequential test and a device write test, the
     * capacity check's files, the capacity probe; workloads and sustained writes check nothing.
     */
    private static final Report.Visitor<Optional<Found>> CHECKED = new Report.Visitor<>() {
        @Override
        public Optional<Found> visit(SpeedReport r) {
            return r.read().verification().map(v -> readBack("the test file read back", v));
        }

        @Override
        public Optional<Found> visit(WorkloadReport r) {
            return Optional.empty();
        }

        @Override
        public Optional<Found> visit(SustainedReport r) {
            return Optional.empty();
        }

        @Override
        public Optional<Found> visit(DeviceReport r) {
            return r.read().verification().map(v -> readBack("the device", v));
        }

        @Override
        public Optional<Found> visit(CapacityCheckReport r) {
            return Optional.of(readBack("the capacity check's files", r.verification()));
        }

        @Override
        public Optional<Found> visit(CapacityProbeReport r) {
            return Optional.of(new Found() {
                @Override
                public void printBlock(PrintWriter text) {
                    LossLines.print(text, r);
                }

                @Override
                public Optional<String> line() {
                    return r.genuine() ? Optional.empty() : Optional.of(LossLines.oneLine(r));
                }
            });
        }
    };

    private DataLoss() {
    }

    private static Found readBack(String what, Verification v) {
        return new Found() {
            @Override
            public void printBlock(PrintWriter text) {
                LossLines.print(text, what, v);
            }

            @Override
            public Optional<String> line() {
                return v.hasLoss() ? Optional.of(LossLines.oneLine(v)) : Optional.empty();
            }
        };
    }

    /**
     * Prints the loss block of every job that found one.
     *
     * @param text the text output
     * @param results what was measured
     */
    static void printBlocks(PrintWriter text, Results results) {
        for (Results.Job job : results.jobs()) {
            printBlock(text, job.report());
        }
        text.flush();
    }

    /**
     * @param text the text output
     * @param report a report; its loss block is printed if it found loss
     */
    static void printBlock(PrintWriter text, Report report) {
        report.accept(CHECKED).ifPresent(f -> f.printBlock(text));
    }

    /**
     * @param err standard error
     * @param reports what was measured
     * @return {@link ExitCode#DATA_LOST} after the summary lines when a report's medium lost
     *     data or holds less than it claims, or its read-back was not verified
     *     ({@link Warning#READ_BACK_NOT_VERIFIED}: "NOT VERIFIED"), else {@link ExitCode#OK}
     */
    static int report(PrintWriter err, List<Report> reports) {
        for (Report r : reports) {
            r.accept(CHECKED).flatMap(Found::line)
                    .ifPresent(line -> err.println("drivespeed: " + line));
        }
        boolean notVerified = false;
        for (Report r : reports) {
            if (!r.verdict().dataLost()
                    && r.verdict().reasons().contains(Warning.READ_BACK_NOT_VERIFIED)) {
                err.println("drivespeed: NOT VERIFIED: " + r.target().path() + " is a FUSE file"
                        + " system whose daemon reads its device through the page cache, which"
                        + " drivespeed could not drop (no block device found under the mount, or"
                        + " not openable): what was read back may have come from memory. Run as"
                        + " root, or check the device itself (" + FormOptions.VERIFY_CAPACITY.option()
                        + " on it).");
                notVerified = true;
            }
        }
        err.flush();
        return reports.stream().anyMatch(r -> r.verdict().dataLost()) || notVerified
                ? ExitCode.DATA_LOST : ExitCode.OK;
    }
}
