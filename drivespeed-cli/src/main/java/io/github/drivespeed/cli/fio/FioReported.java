package io.github.drivespeed.cli.fio;

import io.github.drivespeed.report.LatencyStats;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
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
 */
public record FioReported(String name, int group, List<WorkloadReport> reports) {

    /**
     * Copies the reports.
     *
     * @param name the (first) job's name
     * @param group fio's groupid
     * @param reports the jobs' reports
     */
    public FioReported {
        reports = List.copyOf(reports);
        if (reports.isEmpty()) {
            throw new IllegalArgumentException("a reported job needs a report");
        }
    }

    /**
     * @param jobs the jobs run, in order
     * @param reports their reports, in the same order
     * @return what fio would report: each job alone, or consecutive {@code group_reporting}
     *     jobs of one group together
     */
    public static List<FioReported> of(List<FioPlans.PlannedJob> jobs,
            List<WorkloadReport> reports) {
        List<FioReported> out = new ArrayList<>();
        List<WorkloadReport> current = new ArrayList<>();
        FioPlans.PlannedJob first = null;
        for (int i = 0; i < jobs.size(); i++) {
            FioPlans.PlannedJob j = jobs.get(i);
            boolean joins = first != null && j.groupReporting() && first.groupReporting()
                    && j.group() == first.group();
            if (!joins && first != null) {
                out.add(new FioReported(first.name(), first.group(), current));
                current = new ArrayList<>();
            }
            if (!joins) {
                first = j;
            }
            current.add(reports.get(i));
        }
        out.add(new FioReported(first.name(), first.group(), current));
        return out;
    }

    /** @return the reads of every job pooled, if any read */
    public Optional<PassResult> read() {
        return pooled(PassKind.READ, WorkloadReport::read);
    }

    /** @return the writes of every job pooled, if any wrote */
    public Optional<PassResult> write() {
        return pooled(PassKind.WRITE, WorkloadReport::write);
    }

    /** @return every warning of every job */
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
        int runs = passes.get(0).count();
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
                submissions.add(s.submissionLatency());
                completions.add(s.completionLatency());
            }
            LatencyStats lat = LatencyStats.merge(latencies);
            LatencyStats slat = LatencyStats.merge(submissions);
            // split only where every job's was (jobs of one group on different engines are not)
            boolean split = slat.count() > 0 && slat.count() == lat.count();
            samples.add(new Sample(run + 1, bytes, elapsed, ios, lat, Timeline.NONE)
                    .withSubmissionSplit(split ? slat : LatencyStats.NONE,
                            split ? LatencyStats.merge(completions) : LatencyStats.NONE));
        }
        return Optional.of(new PassResult(kind, samples, warnings));
    }
}
