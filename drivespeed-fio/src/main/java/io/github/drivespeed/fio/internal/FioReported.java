package io.github.drivespeed.fio.internal;

import io.github.drivespeed.report.engine.CpuUsage;
import io.github.drivespeed.report.engine.EngineInfo;
import io.github.drivespeed.report.Latencies;
import io.github.drivespeed.report.LatencyStats;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.engine.ThreadEvents;
import io.github.drivespeed.report.Timeline;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.warning.Warning;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * What fio reports as one job: a job (or clone) alone, or with {@code group_reporting} the
 * consecutive jobs of one group, aggregated as fio aggregates them: per direction and run the
 * bytes and I/Os summed, the time the longest job's, the latencies pooled.
 *
 * @param name the (first) job's name
 * @param group fio's {@code groupid}
 * @param reports the reports of the jobs it holds, at least one
 * @param clonesOfFirst how many of them are the first job's {@code numjobs} clones (the first
 *     included), at least 1
 */
public record FioReported(String name, int group, List<WorkloadReport> reports,
        int clonesOfFirst) {

    /**
     * Copies the reports.
     *
     * @param name the (first) job's name
     * @param group fio's groupid
     * @param reports the jobs' reports
     * @param clonesOfFirst how many of them are the first job's clones, at least 1
     */
    public FioReported {
        reports = List.copyOf(reports);
        if (reports.isEmpty()) {
            throw new IllegalArgumentException("a reported job needs a report");
        }
        if (clonesOfFirst < 1 || clonesOfFirst > reports.size()) {
            throw new IllegalArgumentException("clonesOfFirst must be in [1, " + reports.size()
                    + "]: " + clonesOfFirst);
        }
    }

    /**
     * {@return what fio would report: each job alone, or consecutive {@code group_reporting} jobs
     * of one group together}
     *
     * @param jobs the jobs run, in order
     * @param reports their reports, in the same order
     */
    public static List<FioReported> of(List<FioPlans.PlannedJob> jobs,
            List<WorkloadReport> reports) {
        List<FioReported> out = new ArrayList<>();
        List<WorkloadReport> current = new ArrayList<>();
        FioPlans.PlannedJob first = null;
        int clones = 0;
        for (int i = 0; i < jobs.size(); i++) {
            FioPlans.PlannedJob j = jobs.get(i);
            boolean joins = first != null && j.groupReporting() && first.groupReporting()
                    && j.group() == first.group();
            if (!joins && first != null) {
                out.add(new FioReported(first.name(), first.group(), current, clones));
                current = new ArrayList<>();
            }
            if (!joins) {
                first = j;
                clones = 0;
            }
            if (j.name().equals(first.name())) {
                clones++;
            }
            current.add(reports.get(i));
        }
        out.add(new FioReported(first.name(), first.group(), current, clones));
        return out;
    }

    /** {@return the reads of every job pooled, if any read} */
    public Optional<PassResult> read() {
        return pooled(PassKind.READ, WorkloadReport::read);
    }

    /** {@return the writes of every job pooled, if any wrote} */
    public Optional<PassResult> write() {
        return pooled(PassKind.WRITE, WorkloadReport::write);
    }

    /**
     * One report for what fio reports as one job: the job's own report when it is alone, else
     * the jobs' reports joined as fio's {@code group_reporting} joins them: the first job's
     * target, settings, engine and start, the engine's threads those of the first job's
     * {@code numjobs} clones together (as fio's {@code job options} give the first job's
     * {@code numjobs}), the directions pooled as
     * {@link #read()} and {@link #write()}, and per run the first job's process CPU time (the
     * jobs ran at once in one process, so each report's is the same window) over every job's
     * I/Os, with the I/O threads' context switches and page faults summed.
     *
     * @return the report
     */
    public WorkloadReport aggregate() {
        if (reports.size() == 1) {
            return reports.get(0);
        }
        WorkloadReport first = reports.get(0);
        EngineInfo e = first.engine();
        int threads = e.threads() * clonesOfFirst;
        EngineInfo engine = new EngineInfo(e.ioEngine(), e.requestedIoEngine(), threads,
                e.queueDepth(), e.details(), e.fallbackReason(), e.inFlight());
        Set<Warning> warnings = EnumSet.noneOf(Warning.class);
        reports.forEach(r -> warnings.addAll(r.warnings()));
        return new WorkloadReport(first.target(), first.parameters(), first.backend(), engine,
                read(), write(), cpuPerRun(), warnings, first.startedAt());
    }

    private List<CpuUsage> cpuPerRun() {
        List<CpuUsage> out = new ArrayList<>();
        List<CpuUsage> firsts = reports.get(0).cpuPerRun();
        for (int run = 0; run < firsts.size(); run++) {
            CpuUsage c = firsts.get(run);
            long ios = 0;
            Optional<ThreadEvents> events = Optional.of(ThreadEvents.NONE);
            for (WorkloadReport r : reports) {
                if (r.cpuPerRun().size() <= run) {
                    return List.of();
                }
                CpuUsage other = r.cpuPerRun().get(run);
                ios += other.ios();
                events = ThreadEvents.sum(events, other.ioThreadEvents());
            }
            out.add(c.withIos(ios, events));
        }
        return out;
    }

    /** {@return every warning of every job} */
    public Set<Warning> warnings() {
        Set<Warning> all = EnumSet.noneOf(Warning.class);
        reports.forEach(r -> all.addAll(r.warnings()));
        return all;
    }

    private Optional<PassResult> pooled(PassKind kind,
            Function<WorkloadReport, Optional<PassResult>> direction) {
        List<PassResult> passes = reports.stream().map(direction).flatMap(Optional::stream)
                .toList();
        if (passes.size() <= 1) {
            return passes.stream().findFirst();
        }
        int runs = passes.get(0).runs();
        List<Sample> samples = new ArrayList<>();
        Set<Warning> warnings = EnumSet.noneOf(Warning.class);
        passes.forEach(p -> warnings.addAll(p.warnings()));
        for (int run = 0; run < runs; run++) {
            long bytes = 0;
            long ios = 0;
            long elapsed = 1;
            List<LatencyStats> latencies = new ArrayList<>();
            List<LatencyStats> submissions = new ArrayList<>();
            List<LatencyStats> completions = new ArrayList<>();
            for (PassResult p : passes) {
                Sample s = p.samples().get(run);
                bytes += s.bytes();
                ios += s.ios();
                elapsed = Math.max(elapsed, s.elapsedNanos());
                latencies.add(s.latency());
                submissions.add(s.latencies().submission());
                completions.add(s.latencies().completion());
            }
            LatencyStats lat = LatencyStats.merge(latencies);
            LatencyStats slat = LatencyStats.merge(submissions);
            // split only where every job's was (jobs of one group on different engines are not)
            boolean split = slat.count() > 0 && slat.count() == lat.count();
            Latencies merged = split ? new Latencies(lat, slat, LatencyStats.merge(completions))
                    : Latencies.of(lat);
            samples.add(Sample.of(run + 1, bytes, elapsed, ios, merged, Timeline.NONE));
        }
        return Optional.of(PassResult.of(kind, samples, warnings));
    }
}
