package io.github.drivespeed.micrometer;

import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.Verdict;
import io.github.drivespeed.report.WorkloadReport;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One scheduled measurement of a directory's drive: a sequential test and a random-read
 * workload, run one after the other in the same directory. Immutable.
 *
 * @param finishedAt when the second test finished
 * @param sequential the sequential test's report
 * @param workload the random-read workload's report
 * @since 0.1.0
 */
public record Measurement(Instant finishedAt, SpeedReport sequential, WorkloadReport workload) {

    /**
     * Checks that no part is null.
     *
     * @param finishedAt when the second test finished
     * @param sequential the sequential test's report
     * @param workload the random-read workload's report
     * @throws NullPointerException if any part is null
     */
    public Measurement {
        Objects.requireNonNull(finishedAt, "finishedAt");
        Objects.requireNonNull(sequential, "sequential");
        Objects.requireNonNull(workload, "workload");
    }

    /**
     * {@return {@link MeasurementOutcome#SUCCESS} when both reports' verdicts are
     * {@link Verdict.Outcome#MEASURED}, {@link MeasurementOutcome#FLAGGED} otherwise}
     */
    public MeasurementOutcome outcome() {
        boolean drives = sequential.verdict().outcome() == Verdict.Outcome.MEASURED
                && workload.verdict().outcome() == Verdict.Outcome.MEASURED;
        return drives ? MeasurementOutcome.SUCCESS : MeasurementOutcome.FLAGGED;
    }

    /** {@return the workload's read pass, empty when the workload plan did not read} */
    public Optional<PassResult> randomReads() {
        return workload.read();
    }
}
