package io.github.drivespeed.cli.run;

import io.github.drivespeed.cli.options.FormOptions;
import io.github.drivespeed.fio.internal.Results;
import io.github.drivespeed.cli.text.LossLines;
import io.github.drivespeed.report.CacheHandling;
import io.github.drivespeed.report.CapacityCheckReport;
import io.github.drivespeed.report.CapacityProbeReport;
import io.github.drivespeed.report.DeviceReport;
import io.github.drivespeed.report.Report;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.SustainedReport;
import io.github.drivespeed.report.medium.Verification;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.warning.Warning;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

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
            // the warm-up's read-back is counted where it lost data (docs/genuine-media.md): what
            // was checked beyond the runs' passes is the warm-up file's
            long runsBytes = r.read().runs() * r.parameters().bytesPerPass().bytes();
            return r.read().verification().map(v -> readBack("the test file read back", v,
                    r.closeFailuresAfterLoss(), Math.max(0, v.checkedBytes() - runsBytes)));
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
            return r.read().verification().map(v -> readBack("the device", v, 0, 0));
        }

        @Override
        public Optional<Found> visit(CapacityCheckReport r) {
            return Optional.of(readBack("the capacity check's files", r.readBack().verification(),
                    r.readBack().closeFailuresAfterLoss(), 0));
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

    /** How each report's verified reads dealt with caches: what {@link #notVerified} says. */
    private static final Report.Visitor<Set<CacheHandling>> READ_HANDLINGS =
            new Report.Visitor<>() {
                @Override
                public Set<CacheHandling> visit(SpeedReport r) {
                    return r.read().samples().stream().map(s -> s.accounting().cacheHandling())
                            .collect(Collectors.toSet());
                }

                @Override
                public Set<CacheHandling> visit(WorkloadReport r) {
                    return Set.of();
                }

                @Override
                public Set<CacheHandling> visit(SustainedReport r) {
                    return Set.of();
                }

                @Override
                public Set<CacheHandling> visit(DeviceReport r) {
                    return Set.of();
                }

                @Override
                public Set<CacheHandling> visit(CapacityCheckReport r) {
                    return Set.of(r.readBack().readHandling());
                }

                @Override
                public Set<CacheHandling> visit(CapacityProbeReport r) {
                    return Set.of();
                }
            };

    private DataLoss() {
    }

    /**
     * {@return why a report's read-back was not verified and what to do, by how its reads went:
     * with no block device of this machine under the FUSE mount (sshfs), root changes nothing and
     * the medium is elsewhere; else the device's page cache could not be dropped}
     */
    private static String notVerified(Report r) {
        boolean noDevice = r.accept(READ_HANDLINGS).contains(CacheHandling.FUSE_NO_LOCAL_DEVICE);
        String path = r.target().path().toString();
        if (noDevice) {
            boolean network = r.warnings().contains(Warning.NETWORK_FILE_SYSTEM);
            return path + " is a FUSE file system with no block device of this machine under it"
                    + (network ? " (a network file system: the data is on the server)" : "")
                    + ": what was read back came through its daemon from "
                    + (network ? "the server, whose page cache" : "the files it serves, whose"
                    + " file system's cache") + " drivespeed cannot drop, so it may have come"
                    + " from memory. Running as root changes nothing here; measure where the"
                    + " medium is" + (network ? " (on the server, in the directory it exports)"
                    : " (the directory or device the FUSE file system serves)") + ".";
        }
        return path + " is a FUSE file system whose daemon reads its device through the page"
                + " cache, which drivespeed could not drop (no block device found under the"
                + " mount, or not openable): what was read back may have come from memory. Run as"
                + " root, or check the device itself (" + FormOptions.VERIFY_CAPACITY.option()
                + " on it).";
    }

    private static Found readBack(String what, Verification v, int closeFailuresAfterLoss,
            long warmUpBytes) {
        return new Found() {
            @Override
            public void printBlock(PrintWriter text) {
                LossLines.print(text, what, v, closeFailuresAfterLoss, warmUpBytes);
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
                err.println("drivespeed: NOT VERIFIED: " + notVerified(r));
                notVerified = true;
            }
        }
        err.flush();
        return reports.stream().anyMatch(r -> r.verdict().dataLost()) || notVerified
                ? ExitCode.DATA_LOST : ExitCode.OK;
    }
}
