package io.github.drivespeed.test;

import io.github.drivespeed.parameters.Parameters;
import io.github.drivespeed.report.BackendInfo;
import io.github.drivespeed.report.Report;
import io.github.drivespeed.target.Target;
import java.time.Instant;
import java.util.Objects;

/**
 * What every report builder of {@link TestReports} sets the same way: the target, the
 * parameters, the backend and the start. A builder is mutable and meant for one test; each
 * setter returns it.
 *
 * @param <SELF> the builder's own class, which every setter returns
 * @param <T> the kind of target the report names
 * @param <P> the report's parameters record
 * @param <R> the report built
 * @since 0.1.0
 */
public abstract sealed class ReportBuilder<SELF extends ReportBuilder<SELF, T, P, R>,
        T extends Target, P extends Parameters, R extends Report>
        permits SpeedReportBuilder, WorkloadReportBuilder, SustainedReportBuilder,
        DeviceReportBuilder, CapacityCheckReportBuilder, CapacityProbeReportBuilder {

    /** The target, as set. */
    T target;
    /** The parameters, as set. */
    P parameters;
    /** The backend, as set. */
    BackendInfo backend = TestReports.backend();
    /** The start, as set. */
    Instant startedAt = TestReports.STARTED_AT;

    ReportBuilder(T target, P parameters) {
        this.target = target;
        this.parameters = parameters;
    }

    @SuppressWarnings("unchecked") // SELF is this builder's own class
    private SELF self() {
        return (SELF) this;
    }

    /**
     * Sets what the report ran on.
     *
     * @param target what the report ran on, instead of {@link TestReports#DIRECTORY} or
     *     {@link TestReports#DEVICE}
     * @return this builder
     */
    public final SELF target(T target) {
        this.target = Objects.requireNonNull(target, "target");
        return self();
    }

    /**
     * Sets the settings the report ran with.
     *
     * @param parameters the settings the report ran with, instead of the plan's defaults
     * @return this builder
     */
    public final SELF parameters(P parameters) {
        this.parameters = Objects.requireNonNull(parameters, "parameters");
        return self();
    }

    /**
     * Sets the backend the report names.
     *
     * @param backend the backend the report names, instead of {@link TestReports#backend()}
     * @return this builder
     */
    public final SELF backend(BackendInfo backend) {
        this.backend = Objects.requireNonNull(backend, "backend");
        return self();
    }

    /**
     * Sets when the report started.
     *
     * @param startedAt when the report started, instead of {@link TestReports#STARTED_AT}
     * @return this builder
     */
    public final SELF startedAt(Instant startedAt) {
        this.startedAt = Objects.requireNonNull(startedAt, "startedAt");
        return self();
    }

    /**
     * {@return the report, checked as drivespeed checks the reports it makes}
     *
     * @throws IllegalStateException if a figure the report needs was not given
     * @throws IllegalArgumentException if the figures contradict each other
     */
    public abstract R build();

    /** @return {@code value}, or a failure naming the setter that gives it */
    static <V> V required(V value, String setter) {
        if (value == null) {
            throw new IllegalStateException("set " + setter + "(...) before build()");
        }
        return value;
    }
}
