package io.github.drivespeed.report.view;

import io.github.drivespeed.parameters.CapacityParameters;
import io.github.drivespeed.parameters.CapacityProbeParameters;
import io.github.drivespeed.parameters.DeviceParameters;
import io.github.drivespeed.parameters.SequentialParameters;
import io.github.drivespeed.parameters.SustainedParameters;
import io.github.drivespeed.parameters.WorkloadParameters;
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
import io.github.drivespeed.unit.DataSize;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@link ReportView#of(Report)}, one method per kind: the only place that reads each kind's
 * parameters record into {@link Settings}, and each kind's passes into the view's list.
 */
final class ReportViews implements Report.Visitor<ReportView> {

    static final ReportViews INSTANCE = new ReportViews();

    private ReportViews() {
    }

    @Override
    public ReportView visit(SpeedReport r) {
        SequentialParameters p = r.parameters();
        Settings settings = new Settings.Builder().size("bs", p.blockSize())
                .count("count", p.count()).size("size", p.bytesPerPass()).count("runs", p.runs())
                .flag("direct", p.direct()).flag("dsync", p.dsync())
                .text("data", p.dataPattern().toString()).flag("verify", p.verify())
                .flag("drop_caches", p.dropCaches()).flag("buffered_fallback", p.bufferedFallback())
                .build();
        List<PassResult> passes = new ArrayList<>(List.of(r.write(), r.read()));
        r.cachedRead().ifPresent(passes::add);
        return view("sequential", r, settings, passes, Optional.empty());
    }

    @Override
    public ReportView visit(WorkloadReport r) {
        WorkloadParameters p = r.parameters();
        Settings settings = new Settings.Builder().text("rw", p.fioRw())
                .count("rwmixread", p.readPercent()).size("bs", p.blockSize())
                .size("size", p.size()).count("count", p.length().count())
                .time("runtime", p.length().duration()).time("ramp_time", p.length().rampTime()).count("numjobs", p.threads())
                .count("iodepth", p.queueDepth()).text("ioengine", r.engine().ioEngine().fioName())
                .count("randseed", p.seed()).flag("norandommap", !p.randomMap())
                .time("time_limit", p.length().timeLimit()).count("fdatasync", p.syncEveryWrites())
                .count("runs", p.runs()).flag("direct", p.direct())
                .time("log_avg", p.timelineInterval()).build();
        List<PassResult> passes = new ArrayList<>(2);
        r.read().ifPresent(passes::add);
        r.write().ifPresent(passes::add);
        return view("workload", r, settings, passes, r.cpu());
    }

    @Override
    public ReportView visit(SustainedReport r) {
        SustainedParameters p = r.parameters();
        Settings settings = new Settings.Builder().size("bs", p.blockSize())
                .size("size", p.size()).time("runtime", p.duration())
                .time("steady_for", p.steadyFor()).time("idle_before", p.idleFirst())
                .flag("direct", p.direct()).build();
        return view("sustained", r, settings, List.of(PassResult.of(PassKind.WRITE,
                List.of(r.write()), r.warnings())), Optional.empty());
    }

    @Override
    public ReportView visit(DeviceReport r) {
        DeviceParameters p = r.parameters();
        Settings settings = new Settings.Builder().size("bs", p.blockSize())
                .count("count", p.count()).time("runtime", p.duration()).count("runs", p.runs())
                .flag("direct", p.direct()).flag("write", p.write()).flag("force", p.force())
                .flag("verify", p.verify()).flag("drop_caches", p.dropCaches()).build();
        List<PassResult> passes = new ArrayList<>(3);
        r.write().ifPresent(passes::add);
        passes.add(r.read());
        r.cachedRead().ifPresent(passes::add);
        return view("device", r, settings, passes, Optional.empty());
    }

    @Override
    public ReportView visit(CapacityCheckReport r) {
        CapacityParameters p = r.parameters();
        Settings settings = new Settings.Builder().size("size", p.size())
                .time("runtime", p.duration()).flag("direct", r.direct()).build();
        return view("capacity_check", r, settings, List.of(), Optional.empty());
    }

    @Override
    public ReportView visit(CapacityProbeReport r) {
        CapacityProbeParameters p = r.parameters();
        Settings settings = new Settings.Builder().flag("force", p.force())
                .size("cache_bound", DataSize.ofBytes(p.cacheBoundBytes())).build();
        return view("capacity_probe", r, settings, List.of(), Optional.empty());
    }

    private static ReportView view(String kind, Report r, Settings settings,
            List<PassResult> passes, Optional<CpuUsage> cpu) {
        return new ReportView(kind, r.target(), r.backend(), r.startedAt(), settings, passes, cpu,
                r.warnings(), r.verdict());
    }
}
