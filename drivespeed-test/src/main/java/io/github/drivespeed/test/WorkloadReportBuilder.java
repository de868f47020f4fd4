package io.github.drivespeed.test;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.parameters.IoEngine;
import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.report.engine.EngineInfo;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.unit.Throughput;
import io.github.drivespeed.warning.Warning;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Builds a {@link WorkloadReport} (see {@link TestReports}): reads or writes (or both) are
 * required, the rest defaults to {@link io.github.drivespeed.WorkloadPlan}'s settings (random 4 KiB
 * reads, queue depth 1, one thread) on {@link TestReports#DIRECTORY}, run with psync. Passes
 * built from rates complete I/Os of the parameters' block size, for IOPS.
 *
 * @since 0.1.0
 */
public final class WorkloadReportBuilder extends ReportBuilder<WorkloadReportBuilder, TargetInfo,
        WorkloadParameters, WorkloadReport> {

    private Optional<PassResult> read = Optional.empty();
    private Throughput[] readRuns;
    private Optional<PassResult> write = Optional.empty();
    private Throughput[] writeRuns;
    private final Set<Warning> warnings = EnumSet.noneOf(Warning.class);
    private EngineInfo engine;

    WorkloadReportBuilder() {
        super(TestReports.target(TestReports.DIRECTORY),
                DriveSpeed.workload(TestReports.DIRECTORY).parameters());
    }

    /**
     * Sets the reads from each run's rate.
     *
     * @param runs the read rate of each run, in I/Os of the parameters' block size
     * @return this builder
     */
    public WorkloadReportBuilder read(Throughput... runs) {
        this.readRuns = runs.clone();
        this.read = Optional.empty();
        return this;
    }

    /**
     * Sets the reads.
     *
     * @param pass the reads
     * @return this builder
     */
    public WorkloadReportBuilder read(PassResult pass) {
        this.read = Optional.of(pass);
        this.readRuns = null;
        return this;
    }

    /**
     * Sets the writes from each run's rate.
     *
     * @param runs the write rate of each run, in I/Os of the parameters' block size
     * @return this builder
     */
    public WorkloadReportBuilder write(Throughput... runs) {
        this.writeRuns = runs.clone();
        this.write = Optional.empty();
        return this;
    }

    /**
     * Sets the writes.
     *
     * @param pass the writes
     * @return this builder
     */
    public WorkloadReportBuilder write(PassResult pass) {
        this.write = Optional.of(pass);
        this.writeRuns = null;
        return this;
    }

    /**
     * Adds a warning of the workload beyond its passes' and target's own.
     *
     * @param warning a warning of the workload beyond its passes' and target's own, for example
     *     {@link Warning#QUEUE_DEPTH_RUN_AS_THREADS}
     * @return this builder
     */
    public WorkloadReportBuilder warning(Warning warning) {
        warnings.add(Objects.requireNonNull(warning, "warning"));
        return this;
    }

    /**
     * Sets how the I/O was issued.
     *
     * @param engine how the I/O was issued, instead of psync with the parameters' threads and queue
     *     depth
     * @return this builder
     */
    public WorkloadReportBuilder engine(EngineInfo engine) {
        this.engine = Objects.requireNonNull(engine, "engine");
        return this;
    }

    /**
     * {@return the workload's report}
     *
     * @throws IllegalArgumentException if neither reads nor writes were given
     */
    @Override
    public WorkloadReport build() {
        EngineInfo e = engine != null ? engine : new EngineInfo(IoEngine.PSYNC,
                Optional.empty(), parameters.threads(), parameters.queueDepth(), Optional.empty(),
                Optional.empty(), Optional.empty());
        return new WorkloadReport(target, parameters, backend, e,
                pass(read, readRuns, PassKind.READ), pass(write, writeRuns, PassKind.WRITE),
                List.of(), warnings, startedAt);
    }

    private Optional<PassResult> pass(Optional<PassResult> given, Throughput[] runs,
            PassKind kind) {
        return runs == null ? given
                : Optional.of(TestReports.pass(kind, parameters.blockSize(), runs));
    }
}
