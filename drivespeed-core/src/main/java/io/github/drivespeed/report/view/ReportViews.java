package io.github.drivespeed.report.view;

import io.github.drivespeed.parameters.Parameters;
import io.github.drivespeed.report.CapacityCheckReport;
import io.github.drivespeed.report.CapacityProbeReport;
import io.github.drivespeed.report.engine.CpuUsage;
import io.github.drivespeed.report.DeviceReport;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Report;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.SustainedReport;
import io.github.drivespeed.report.WorkloadReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@link ReportView#of(Report)}, one method per kind: each kind's passes into the view's list;
 * the settings are the report's record's own ({@link Parameters#settings()}).
 */
final class ReportViews implements Report.Visitor<ReportView> {

    static final ReportViews INSTANCE = new ReportViews();

    private ReportViews() {
    }

    @Override
    public ReportView visit(SpeedReport r) {
        List<PassResult> passes = new ArrayList<>(List.of(r.write(), r.read()));
        r.cachedRead().ifPresent(passes::add);
        return view(ReportView.Kind.SEQUENTIAL, r, passes, Optional.empty());
    }

    @Override
    public ReportView visit(WorkloadReport r) {
        List<PassResult> passes = new ArrayList<>(2);
        r.read().ifPresent(passes::add);
        r.write().ifPresent(passes::add);
        return view(ReportView.Kind.WORKLOAD, r, passes, r.cpu());
    }

    @Override
    public ReportView visit(SustainedReport r) {
        return view(ReportView.Kind.SUSTAINED, r, List.of(PassResult.of(PassKind.WRITE,
                List.of(r.write()), r.warnings())), Optional.empty());
    }

    @Override
    public ReportView visit(DeviceReport r) {
        List<PassResult> passes = new ArrayList<>(3);
        r.write().ifPresent(passes::add);
        passes.add(r.read());
        r.cachedRead().ifPresent(passes::add);
        return view(ReportView.Kind.DEVICE, r, passes, Optional.empty());
    }

    @Override
    public ReportView visit(CapacityCheckReport r) {
        return view(ReportView.Kind.CAPACITY_CHECK, r, List.of(), Optional.empty());
    }

    @Override
    public ReportView visit(CapacityProbeReport r) {
        return view(ReportView.Kind.CAPACITY_PROBE, r, List.of(), Optional.empty());
    }

    private static ReportView view(ReportView.Kind kind, Report r, List<PassResult> passes,
            Optional<CpuUsage> cpu) {
        return new ReportView(kind, r.target(), r.backend(), r.startedAt(),
                r.parameters().settings(), passes, cpu, r.warnings(), r.verdict());
    }
}
