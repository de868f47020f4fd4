package io.github.drivespeed.report.view;

import io.github.drivespeed.parameters.Settings;
import io.github.drivespeed.report.BackendInfo;
import io.github.drivespeed.report.engine.CpuUsage;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Report;
import io.github.drivespeed.report.Verdict;
import io.github.drivespeed.target.Target;
import io.github.drivespeed.warning.Warning;
import java.time.Instant;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What every report gives every consumer, whatever its kind ({@link #of(Report)}): an output
 * format, a summary or a check that reads this needs no method per kind. Kind-specific detail (a
 * sustained write's cache, a capacity check's fill, a device test's constant fill) stays on the
 * report and is read through {@link Report.Visitor} (or {@link Report.DefaultVisitor}) where a
 * consumer needs it. Immutable.
 *
 * @param kind the kind of report; {@link Kind#text()} names it as the outputs do
 * @param target what was measured: a directory or a block device
 * @param backend the I/O backend that ran
 * @param startedAt when the measurement started
 * @param settings the settings that shaped the run, by name, each with its unit
 * @param passes the timed passes, in the order they ran (write before read; a workload's reads
 *     before its writes), the cached-read pass last: each with its throughput in bytes per second,
 *     its IOPS and its latencies in nanoseconds ({@link PassResult}); a sustained write is one
 *     write pass of one run; empty for a capacity check or probe, whose figures are of their own
 *     kind
 * @param cpu the process's CPU time over the measured runs, where it was read (a workload)
 * @param warnings everything that may make the figures differ from the drive's own speed, in
 *     declaration order ({@link Report#warnings()})
 * @param verdict what the figures are worth ({@link Report#verdict()})
 *
 * @since 0.1.0
 */
public record ReportView(Kind kind, Target target, BackendInfo backend, Instant startedAt,
        Settings settings, List<PassResult> passes, Optional<CpuUsage> cpu,
        Set<Warning> warnings, Verdict verdict) {

    /**
     * The kind of a report: which {@link Report} it is.
     *
     * @since 0.1.0
     */
    public enum Kind {
        /** A sequential write-then-read test ({@link io.github.drivespeed.report.SpeedReport}). */
        SEQUENTIAL("sequential"),
        /** A fio-style workload ({@link io.github.drivespeed.report.WorkloadReport}). */
        WORKLOAD("workload"),
        /** A sustained write ({@link io.github.drivespeed.report.SustainedReport}). */
        SUSTAINED("sustained"),
        /** A test of a block device ({@link io.github.drivespeed.report.DeviceReport}). */
        DEVICE("device"),
        /** A capacity check ({@link io.github.drivespeed.report.CapacityCheckReport}). */
        CAPACITY_CHECK("capacity_check"),
        /** A capacity probe ({@link io.github.drivespeed.report.CapacityProbeReport}). */
        CAPACITY_PROBE("capacity_probe");

        private final String text;

        Kind(String text) {
            this.text = text;
        }

        /**
         * {@return the kind as the outputs name it (JSON, CSV, fio's job name): {@code sequential},
         * {@code workload}, {@code sustained}, {@code device}, {@code capacity_check} or
         * {@code capacity_probe}}
         */
        public String text() {
            return text;
        }

        /** {@return {@link #text()}} */
        @Override
        public String toString() {
            return text;
        }
    }

    /**
     * Checks that every value is there.
     *
     * @param kind the kind of report
     * @param target what was measured
     * @param backend the I/O backend that ran
     * @param startedAt when the measurement started
     * @param settings the settings
     * @param passes the timed passes
     * @param cpu the CPU time, or empty
     * @param warnings the warnings
     * @param verdict the verdict
     * @throws NullPointerException if a value is null
     */
    public ReportView {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(backend, "backend");
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(settings, "settings");
        passes = List.copyOf(passes);
        Objects.requireNonNull(cpu, "cpu");
        warnings = warnings.isEmpty() ? Set.of()
                : Collections.unmodifiableSet(EnumSet.copyOf(warnings));
        Objects.requireNonNull(verdict, "verdict");
    }

    /**
     * {@return what every consumer reads of the report, in one shape for every kind}
     *
     * @param report a report of any kind
     */
    public static ReportView of(Report report) {
        return report.accept(ReportViews.INSTANCE);
    }
}
