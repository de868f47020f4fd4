package io.github.drivespeed.report;

import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.unit.Nanoseconds;
import io.github.drivespeed.warning.Warning;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The result of a {@link io.github.drivespeed.WorkloadPlan}: what was measured, how, and per direction the runs'
 * throughput, IOPS, completion latency and timeline. Immutable.
 *
 * <p>Each direction is a {@link PassResult}: one {@link Sample} per run (bytes, I/Os, measured
 * time, latency, timeline) and statistics over the runs. In a mix both directions share each
 * run's measured time, as fio reports them.
 */
public final class WorkloadReport {

    private final TargetInfo target;
    private final WorkloadParameters parameters;
    private final BackendInfo backend;
    private final String ioEngine;
    private final Optional<PassResult> read;
    private final Optional<PassResult> write;
    private final Set<Warning> warnings;
    private final Instant startedAt;

    /**
     * @param target what was measured
     * @param parameters the settings used
     * @param backend the I/O backend that ran
     * @param ioEngine how the I/O was issued, for example {@code psync: 32 threads x queue depth 1}
     * @param read the reads, if the workload read
     * @param write the writes, if the workload wrote
     * @param warnings what may make the figures differ from the drive's own speed, beyond the
     *     target's and the passes' own
     * @param startedAt when the workload started
     */
    public WorkloadReport(TargetInfo target, WorkloadParameters parameters, BackendInfo backend,
            String ioEngine, Optional<PassResult> read, Optional<PassResult> write,
            Set<Warning> warnings, Instant startedAt) {
        this.target = Objects.requireNonNull(target, "target");
        this.parameters = Objects.requireNonNull(parameters, "parameters");
        this.backend = Objects.requireNonNull(backend, "backend");
        this.ioEngine = Objects.requireNonNull(ioEngine, "ioEngine");
        this.read = Objects.requireNonNull(read, "read");
        this.write = Objects.requireNonNull(write, "write");
        this.warnings = Set.copyOf(warnings);
        this.startedAt = Objects.requireNonNull(startedAt, "startedAt");
        if (read.isEmpty() && write.isEmpty()) {
            throw new IllegalArgumentException("a workload report needs reads or writes");
        }
    }

    /** @return the directory and file system measured */
    public TargetInfo target() {
        return target;
    }

    /** @return the settings the workload ran with */
    public WorkloadParameters parameters() {
        return parameters;
    }

    /** @return the I/O backend that ran, and why a preferred one did not */
    public BackendInfo backend() {
        return backend;
    }

    /**
     * @return how the I/O was issued: synchronous calls or an asynchronous queue, with how many
     *     threads and I/Os in flight each
     */
    public String ioEngine() {
        return ioEngine;
    }

    /** @return the reads, empty when the workload only wrote */
    public Optional<PassResult> read() {
        return read;
    }

    /** @return the writes, empty when the workload only read */
    public Optional<PassResult> write() {
        return write;
    }

    /** @return when the workload started */
    public Instant startedAt() {
        return startedAt;
    }

    /**
     * @return every warning of the target, the passes and the workload, and
     *     {@link Warning#LINK_LIMITED} when a direction's median reached the link's ceiling, in
     *     declaration order; empty when nothing is known to distort the figures
     */
    public Set<Warning> warnings() {
        Set<Warning> all = EnumSet.noneOf(Warning.class);
        all.addAll(target.warnings());
        read.ifPresent(r -> all.addAll(r.warnings()));
        write.ifPresent(w -> all.addAll(w.warnings()));
        all.addAll(warnings);
        all.addAll(ReportText.verdicts(target.link(), passes(), Optional.empty()));
        return Collections.unmodifiableSet(all);
    }

    private List<PassResult> passes() {
        List<PassResult> passes = new ArrayList<>(2);
        read.ifPresent(passes::add);
        write.ifPresent(passes::add);
        return passes;
    }

    /**
     * A human summary in the spirit of fio's: per direction IOPS and throughput (medians over
     * the runs), the completion latency with fio's default percentiles, then the warnings.
     */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        sb.append(target.summary());
        sb.append("workload:   ").append(parameters).append('\n');
        sb.append("backend:    ").append(backend).append('\n');
        sb.append("I/O:        ").append(ioEngine).append('\n');
        read.ifPresent(r -> appendPass(sb, r));
        write.ifPresent(w -> appendPass(sb, w));
        ReportText.appendWarnings(sb, warnings(), target.link(), passes(), Optional.empty());
        return sb.toString();
    }

    private static void appendPass(StringBuilder sb, PassResult pass) {
        LatencyStats lat = pass.latency();
        sb.append(String.format(Locale.ROOT, "%-12s", pass.kind() + ":"))
                .append(String.format(Locale.ROOT, "IOPS %.0f, %s (median of %d), %d I/Os%n",
                        pass.medianIops(), pass.median(), pass.count(), pass.totalIos()));
        String accounting = ReportText.accounting(pass);
        if (!accounting.isEmpty()) {
            sb.append("            ").append(accounting).append('\n');
        }
        sb.append("            ").append(lat).append('\n');
        Map<Double, Long> p = lat.fioPercentilesNanos();
        if (!p.isEmpty()) {
            sb.append("            clat percentiles:");
            int i = 0;
            for (Map.Entry<Double, Long> e : p.entrySet()) {
                sb.append(i++ % 6 == 0 ? "\n              " : ", ")
                        .append(String.format(Locale.ROOT, "%.2fth=[%s]", e.getKey(),
                                Nanoseconds.format(e.getValue())));
            }
            sb.append('\n');
        }
    }
}
