package io.github.drivespeed.report;

import io.github.drivespeed.parameters.Parameters;
import io.github.drivespeed.target.Target;
import io.github.drivespeed.warning.Warning;
import java.time.Instant;
import java.util.Set;

/**
 * What a plan's run returns: one report per kind of measurement, each an immutable record. Every
 * report says what it ran on, with which settings and backend, when, what may distort its
 * figures, and what the figures are worth;
 * {@link io.github.drivespeed.report.view.ReportView#of(Report)} gives all of that, with the
 * passes' figures and the settings by name, in one shape for every kind, and each kind's own
 * accessors give what is particular to it.
 *
 * <p>Code that reads every kind alike (an output format, a check of the figures) reads that
 * view. Code that needs a kind's own detail implements {@link Visitor} and calls
 * {@link #accept(Visitor)}: one method per kind, so a new kind of report does not compile until
 * every visitor handles it; or {@link DefaultVisitor}, which handles the kinds it names and sends
 * every other one to one method.
 *
 * <pre>{@code
 * String line = report.accept(new Report.Visitor<String>() {
 *     public String visit(SpeedReport r) { return "write " + r.write().median(); }
 *     ...
 * });
 * }</pre>
 *
 * @since 0.1.0
 */
public sealed interface Report permits SpeedReport, WorkloadReport, SustainedReport, DeviceReport,
        CapacityCheckReport, CapacityProbeReport {

    /**
     * {@return what was measured: the directory and its file system
     * ({@link io.github.drivespeed.target.TargetInfo}) or the block device
     * ({@link io.github.drivespeed.target.DeviceInfo})}
     */
    Target target();

    /** {@return the settings the measurement ran with} */
    Parameters parameters();

    /** {@return the I/O backend that ran, and why a preferred one did not} */
    BackendInfo backend();

    /**
     * {@return everything that may make the figures differ from the drive's own speed, in
     * declaration order; empty when nothing is known to distort them}
     */
    Set<Warning> warnings();

    /** {@return when the measurement started} */
    Instant startedAt();

    /**
     * {@return what the figures are worth: the drive's, flagged as not the drive's, or beside the
     * point because the medium lost data or is counterfeit}
     */
    Verdict verdict();

    /**
     * The answer in one line: the figures and how they were measured, for example {@code write
     * 489.2 MB/s, read 856.1 MB/s (median of 3, O_DIRECT, 256 MiB per pass)}. Rates are in
     * 10^6 B/s (MB/s, as dd prints). A report whose {@linkplain #verdict() verdict} is not
     * {@link Verdict.Outcome#MEASURED} says so inside the brackets ({@code flagged: see
     * warnings}, {@code DATA LOST: see warnings}, {@code COUNTERFEIT: see warnings}), so that a
     * figure that is not the drive's never reads as a clean one; figures measured in memory (the
     * target's {@link io.github.drivespeed.warning.Warning#MEMORY_FILE_SYSTEM}: tmpfs, a RAM disk)
     * say {@code memory, not a drive: see warnings} there, and figures of a pass too short to
     * time well (its {@link io.github.drivespeed.warning.Warning#PASS_TOO_SHORT}; the sequential
     * test, workloads and devices) {@code passes too short: see warnings}. Each kind's
     * {@code toString()}
     * returns this line; {@link #details()} gives every line.
     *
     * @return the line, without a newline
     * @since 0.1.0
     */
    String summary();

    /**
     * Everything the report holds, for people, in lines (each ending in a newline, as the
     * command line prints them): what was measured (the target's {@link Target#details()}), the
     * settings, the backend in full, each figure with its statistics and what the device moved,
     * and the warnings with the numbers behind them. A capacity probe's is one line.
     *
     * @return the text
     * @since 0.1.0
     */
    String details();

    /**
     * Calls the visitor's method for this kind of report.
     *
     * @param <R> what the visitor returns
     * @param visitor one method per kind of report
     * @return what the visitor's method returned
     */
    <R> R accept(Visitor<R> visitor);

    /**
     * Something done to every kind of report, one method per kind. A new kind of report adds a
     * method here, and every implementation fails to compile until it handles it.
     *
     * @param <R> what each method returns ({@link Void} for none)
     * @since 0.1.0
     */
    interface Visitor<R> {

        /**
         * {@return what the visitor makes of a sequential test's report}
         *
         * @param report a sequential write-then-read test
         *     ({@link io.github.drivespeed.SequentialPlan})
         */
        R visit(SpeedReport report);

        /**
         * {@return what the visitor makes of a workload's report}
         *
         * @param report a workload ({@link io.github.drivespeed.WorkloadPlan})
         */
        R visit(WorkloadReport report);

        /**
         * {@return what the visitor makes of a sustained write's report}
         *
         * @param report a sustained write ({@link io.github.drivespeed.SustainedPlan})
         */
        R visit(SustainedReport report);

        /**
         * {@return what the visitor makes of a device test's report}
         *
         * @param report a block-device test ({@link io.github.drivespeed.DevicePlan#run()})
         */
        R visit(DeviceReport report);

        /**
         * {@return what the visitor makes of a capacity check's report}
         *
         * @param report a directory's capacity check ({@link io.github.drivespeed.CapacityPlan})
         */
        R visit(CapacityCheckReport report);

        /**
         * {@return what the visitor makes of a capacity probe's report}
         *
         * @param report a block device's capacity probe
         *     ({@link io.github.drivespeed.CapacityProbePlan#run()})
         */
        R visit(CapacityProbeReport report);
    }

    /**
     * A visitor that handles some kinds of report in their own way and every other kind in one
     * method, {@link #visitDefault(Report)} (which reads the report's view, typically). A new
     * kind of report goes to that method in every such visitor until one handles it apart.
     *
     * @param <R> what each method returns ({@link Void} for none)
     *
     * @since 0.1.0
     */
    interface DefaultVisitor<R> extends Visitor<R> {

        /**
         * {@return what the visitor makes of a report of a kind it does not handle apart}
         *
         * @param report a report of any kind
         */
        R visitDefault(Report report);

        @Override
        default R visit(SpeedReport report) {
            return visitDefault(report);
        }

        @Override
        default R visit(WorkloadReport report) {
            return visitDefault(report);
        }

        @Override
        default R visit(SustainedReport report) {
            return visitDefault(report);
        }

        @Override
        default R visit(DeviceReport report) {
            return visitDefault(report);
        }

        @Override
        default R visit(CapacityCheckReport report) {
            return visitDefault(report);
        }

        @Override
        default R visit(CapacityProbeReport report) {
            return visitDefault(report);
        }
    }
}
