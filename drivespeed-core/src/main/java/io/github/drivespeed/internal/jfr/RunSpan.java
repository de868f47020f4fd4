package io.github.drivespeed.internal.jfr;

import io.github.drivespeed.report.LatencyStats;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Report;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.view.ReportView;
import io.github.drivespeed.warning.Warning;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The events of one plan's run: its {@code Run} events begun when the run starts, then filled in
 * from each report's view and committed with the reports' {@code Pass} and {@code Warning}
 * events. The only class of {@link FlightEvents} that names {@code jdk.jfr}'s types, loaded only
 * where {@code jdk.jfr} is.
 */
final class RunSpan {

    private final List<RunEvent> runs;

    private RunSpan(List<RunEvent> runs) {
        this.runs = runs;
    }

    /**
     * @param reports how many reports the run will make
     * @return the run's events, begun now
     */
    static RunSpan begin(int reports) {
        List<RunEvent> runs = new ArrayList<>(reports);
        for (int i = 0; i < reports; i++) {
            RunEvent run = new RunEvent();
            run.begin();
            runs.add(run);
        }
        return new RunSpan(runs);
    }

    /**
     * @return a run's events where the recorder started after the run did: its {@code Pass} and
     *     {@code Warning} events only, since a {@code Run} event begun now would not span the run
     */
    static RunSpan unbegun() {
        return new RunSpan(List.of());
    }

    /**
     * Ends the run's events and commits them with every pass's and warning's, where a recording
     * has them enabled.
     *
     * @param reports the reports the run made, as many as {@link #begin} was told (a report
     *     beyond those has no {@code Run} event)
     */
    void end(List<? extends Report> reports) {
        for (int i = 0; i < reports.size(); i++) {
            ReportView view = ReportView.of(reports.get(i));
            if (i < runs.size()) {
                RunEvent run = runs.get(i);
                run.end();
                if (run.shouldCommit()) {
                    commitRun(run, view);
                }
            }
            view.passes().forEach(p -> commitPasses(view, p));
            view.warnings().forEach(w -> commitWarning(view, w));
        }
    }

    private static void commitRun(RunEvent run, ReportView view) {
        run.report = view.kind().text();
        run.target = view.target().path().toString();
        run.backend = view.backend().name();
        run.passes = view.passes().size();
        run.bytes = view.passes().stream().mapToLong(PassResult::totalBytes).sum();
        run.verdict = view.verdict().outcome().name();
        run.warnings = names(view.warnings());
        run.commit();
    }

    private static void commitPasses(ReportView view, PassResult pass) {
        for (Sample s : pass.samples()) {
            PassEvent e = new PassEvent();
            if (!e.isEnabled()) {
                return;
            }
            e.report = view.kind().text();
            e.pass = passName(view, pass.kind());
            e.run = s.run();
            e.bytes = s.bytes();
            e.elapsed = s.elapsedNanos();
            e.throughput = s.throughput().bytesPerSecond();
            e.megabytesPerSecond = s.throughput().megabytesPerSecond();
            e.ios = s.ios();
            e.iops = s.iops();
            LatencyStats latency = s.latency();
            boolean recorded = latency.count() > 0;
            e.latencyMedian = recorded ? latency.medianNanos() : PassEvent.NOT_RECORDED;
            e.latency99 = recorded ? latency.percentileNanos(99.0) : PassEvent.NOT_RECORDED;
            e.latency999 = recorded ? latency.percentileNanos(99.9) : PassEvent.NOT_RECORDED;
            e.latencyMax = recorded ? latency.maxNanos() : PassEvent.NOT_RECORDED;
            e.target = view.target().path().toString();
            e.backend = view.backend().name();
            e.warnings = names(pass.warnings());
            e.commit();
        }
    }

    private static void commitWarning(ReportView view, Warning warning) {
        WarningEvent e = new WarningEvent();
        if (!e.isEnabled()) {
            return;
        }
        e.code = warning.name();
        e.message = warning.message();
        e.figureNotTheDrives = warning.figureNotTheDrives();
        e.report = view.kind().text();
        e.target = view.target().path().toString();
        e.commit();
    }

    /** {@return the pass as a workload's random pattern names it, else the pass's own name} */
    private static String passName(ReportView view, PassKind kind) {
        boolean random = view.settings().text("rw").filter(rw -> rw.startsWith("rand"))
                .isPresent();
        return random ? "random " + kind : kind.toString();
    }

    private static String names(Set<Warning> warnings) {
        return warnings.stream().map(Warning::name).collect(Collectors.joining(","));
    }
}
