package io.github.drivespeed.report;

import io.github.drivespeed.report.engine.CpuUsage;
import io.github.drivespeed.report.engine.EngineInfo;
import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.report.text.ReportText;
import io.github.drivespeed.target.IoLimitReached;
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
 * The result of a {@link io.github.drivespeed.WorkloadPlan}: what was measured, how, and per
 * direction the runs' throughput, IOPS, completion latency and timeline. Immutable.
 *
 * <p>Each direction is a {@link PassResult}: one {@link Sample} per run (bytes, I/Os, measured
 * time, latency, timeline) and statistics over the runs. In a mix both directions share each
 * run's measured time, as fio reports them.
 *
 * @param target the directory and file system measured
 * @param parameters the settings the workload ran with; its I/O engine
 *     ({@link io.github.drivespeed.parameters.IoMode#ioEngine()}) is the one that ran,
 *     {@code engine.ioEngine()}, whatever the record given named (the one asked for is
 *     {@code engine.requestedIoEngine()})
 * @param backend the I/O backend that ran, and why a preferred one did not
 * @param engine how the I/O was issued: the engine, threads and queue depth
 * @param read the reads, empty when the workload only wrote
 * @param write the writes, empty when the workload only read
 * @param cpuPerRun the whole process's user and system CPU time over each measured run, in run
 *     order, per I/O and as fio's {@code usr_cpu}/{@code sys_cpu}; empty where the times could
 *     not be read
 * @param workloadWarnings what may make the figures differ from the drive's own speed beyond the
 *     target's and the passes' own (for example {@link Warning#QUEUE_DEPTH_RUN_AS_THREADS});
 *     {@link #warnings()} gives them all
 * @param startedAt when the workload started
 * @since 0.1.0
 */
public record WorkloadReport(TargetInfo target, WorkloadParameters parameters, BackendInfo backend,
        EngineInfo engine, Optional<PassResult> read, Optional<PassResult> write,
        List<CpuUsage> cpuPerRun, Set<Warning> workloadWarnings, Instant startedAt)
        implements Report {

    /**
     * Checks that every value is there and that the workload read or wrote.
     *
     * @param target what was measured
     * @param parameters the settings used; its I/O engine is set to the one that ran
     * @param backend the I/O backend that ran
     * @param engine how the I/O was issued
     * @param read the reads, if the workload read
     * @param write the writes, if the workload wrote
     * @param cpuPerRun the process's CPU time over each measured run; empty where not read
     * @param workloadWarnings the workload's own warnings
     * @param startedAt when the workload started
     * @throws IllegalArgumentException if there are neither reads nor writes
     * @throws NullPointerException if a value is null
     */
    public WorkloadReport {
        ReportChecks.requireCommon(target, parameters, backend, startedAt);
        Objects.requireNonNull(engine, "engine");
        parameters = parameters.withIo(parameters.io().withIoEngine(engine.ioEngine()));
        Objects.requireNonNull(read, "read");
        Objects.requireNonNull(write, "write");
        cpuPerRun = List.copyOf(cpuPerRun);
        workloadWarnings = workloadWarnings.isEmpty() ? Set.of()
                : Collections.unmodifiableSet(EnumSet.copyOf(workloadWarnings));
        if (read.isEmpty() && write.isEmpty()) {
            throw new IllegalArgumentException("a workload report needs reads or writes");
        }
    }

    /**
     * {@return how the I/O was issued: the engine as fio names it ({@code psync}, {@code libaio},
     * {@code io_uring}), threads and I/Os in flight each, and why a preferred engine did not run}
     */
    @Override
    public EngineInfo engine() {
        return engine;
    }

    /** {@return {@link #cpuPerRun()} over all runs together, or empty without it} */
    public Optional<CpuUsage> cpu() {
        return cpuPerRun.stream().reduce(CpuUsage::plus);
    }

    /**
     * {@return every warning of the target, the passes and the workload,
     * {@link Warning#LINK_LIMITED} when a direction's median reached the link's ceiling, and
     * {@link Warning#CGROUP_IO_LIMIT} when a figure reached a cap of the process's cgroup
     * ({@link #ioLimitsReached()}), in declaration order; empty when nothing is known to distort
     * the figures}
     */
    @Override
    public Set<Warning> warnings() {
        return ReportChecks.warnings(target, passes(), Optional.empty(), workloadWarnings,
                ioLimitsReached());
    }

    /** {@return the passes' figures held to a cap of the cgroup ({@link PassResult#ioLimitsReached})} */
    public List<IoLimitReached> ioLimitsReached() {
        return ReportText.ioLimitsReached(target.cgroupLimits(), passes());
    }

    private List<PassResult> passes() {
        List<PassResult> passes = new ArrayList<>(2);
        read.ifPresent(passes::add);
        write.ifPresent(passes::add);
        return passes;
    }

    /**
     * {@return the verdict on the reads and writes: flagged when a cache served them or the drive
     * was shared}
     */
    @Override
    public Verdict verdict() {
        return Verdict.ofPasses(passes(), workloadWarnings);
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visit(this);
    }

    /**
     * For example {@code read 12345 IOPS 50.6 MB/s (median of 1, randread 4 KiB QD1 T1,
     * O_DIRECT)}: each direction's median IOPS and rate, reads first.
     */
    @Override
    public String summary() {
        List<PassResult> passes = passes();
        int runs = passes.isEmpty() ? parameters.runs() : passes.get(0).runs();
        return ReportText.oneLine(ReportText.oneLineFigures(passes, true), "median of " + runs
                + ", " + parameters.fioRw() + " " + parameters.blockSize() + " QD"
                + parameters.queueDepth() + " T" + parameters.threads() + ", "
                + (parameters.direct() ? "O_DIRECT" : "buffered"), verdict(),
                target.warnings(), passes);
    }

    /** {@return {@link #summary()}: the answer in one line} */
    @Override
    public String toString() {
        return summary();
    }

    /**
     * A human summary in the spirit of fio's: per direction IOPS and throughput (medians over
     * the runs), the completion latency with fio's default percentiles, then the warnings.
     */
    @Override
    public String details() {
        StringBuilder sb = new StringBuilder();
        sb.append(target.details());
        sb.append("workload:   ").append(parameters).append('\n');
        sb.append("backend:    ").append(backend).append('\n');
        sb.append("I/O:        ").append(engine).append('\n');
        boolean async = engine.ioEngine().asynchronous();
        read.ifPresent(r -> appendPass(sb, r, async));
        write.ifPresent(w -> appendPass(sb, w, async));
        cpu().ifPresent(c -> sb.append("CPU:        ").append(c).append('\n'));
        ReportText.appendWarnings(sb, warnings(), target.link(), passes(), Optional.empty(),
                target.removedLeftovers(), ioLimitsReached(), ReportText.passTooShort(warnings(),
                        parameters.timeBased() ? "a longer duration"
                        : parameters.length().count().isPresent() ? "a larger count, or a duration"
                        : "a larger size, or a duration"));
        return sb.toString();
    }

    /**
     * A direction: its rates, then its latencies as fio names them: {@code slat}, {@code clat}
     * and {@code lat} where an asynchronous engine's submissions were timed apart; {@code clat}
     * alone for psync (its clat is its lat); {@code lat} alone for an asynchronous queue that did
     * not time its submissions. Percentiles of clat, or of lat where there is no clat.
     */
    private static void appendPass(StringBuilder sb, PassResult pass, boolean async) {
        boolean split = pass.submissionLatency().count() > 0;
        LatencyStats lat = split || !async ? pass.completionLatency() : pass.latency();
        String name = split || !async ? "clat" : "lat";
        sb.append(String.format(Locale.ROOT, "%-12s", pass.kind() + ":"))
                .append(String.format(Locale.ROOT, "IOPS %.0f, %s (median of %d), %d I/Os%n",
                        pass.medianIops(), pass.median(), pass.runs(), pass.totalIos()));
        String accounting = ReportText.accounting(pass);
        if (!accounting.isEmpty()) {
            sb.append("            ").append(accounting).append('\n');
        }
        if (split) {
            sb.append("            ").append(pass.submissionLatency().summary("slat")).append('\n');
        }
        sb.append("            ").append(lat.summary(name)).append('\n');
        if (split) {
            sb.append("            ").append(pass.latency().summary("lat")).append('\n');
        }
        Map<Double, Long> p = lat.fioPercentilesNanos();
        if (!p.isEmpty()) {
            sb.append("            ").append(name).append(" percentiles:");
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
