package io.github.drivespeed.micrometer;

import io.github.drivespeed.parameters.AccessPattern;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Report;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.Verdict;
import io.github.drivespeed.report.WorkloadReport;
import java.util.List;
import java.util.Optional;

/**
 * What the meters show of one measurement: how it ended, the sequential test's report and the
 * random reads, each where there is one.
 *
 * @param outcome how the measurement ended
 * @param sequential the sequential test's report, or empty
 * @param randomReads the random-read pass, or empty
 */
record Figures(MeasurementOutcome outcome, Optional<SpeedReport> sequential,
        Optional<PassResult> randomReads) {

    /** {@return a scheduled measurement's figures} */
    static Figures of(Measurement m) {
        return new Figures(m.outcome(), Optional.of(m.sequential()), m.randomReads());
    }

    /**
     * {@return a finished run's figures: the first sequential test's report, the read pass of the
     * first workload that read at random offsets; {@link MeasurementOutcome#SUCCESS} when every
     * report's verdict is {@link Verdict.Outcome#MEASURED}, else {@link MeasurementOutcome#FLAGGED}}
     *
     * @param reports the run's reports, at least one
     */
    static Figures of(List<? extends Report> reports) {
        Optional<SpeedReport> sequential = reports.stream()
                .filter(SpeedReport.class::isInstance).map(SpeedReport.class::cast).findFirst();
        Optional<PassResult> randomReads = reports.stream()
                .filter(WorkloadReport.class::isInstance).map(WorkloadReport.class::cast)
                .filter(w -> w.parameters().pattern() == AccessPattern.RANDOM)
                .flatMap(w -> w.read().stream()).findFirst();
        boolean drives = reports.stream()
                .allMatch(r -> r.verdict().outcome() == Verdict.Outcome.MEASURED);
        return new Figures(drives ? MeasurementOutcome.SUCCESS : MeasurementOutcome.FLAGGED,
                sequential, randomReads);
    }
}
