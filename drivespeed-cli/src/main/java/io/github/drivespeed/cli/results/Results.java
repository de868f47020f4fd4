package io.github.drivespeed.cli.results;

import io.github.drivespeed.report.BackendInfo;
import io.github.drivespeed.report.CapacityCheckReport;
import io.github.drivespeed.report.CapacityProbeReport;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.SustainedReport;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.report.WorkloadTable;
import io.github.drivespeed.requirement.RequirementCheck;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.warning.Warning;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Everything one measurement of one target produced, as the JSON and CSV writers and the chart
 * read it: the target, the backend, the jobs (each a sequential test, a workload, a sustained
 * write, a capacity check or probe, named like fio's jobs), and the requirement check if one was
 * made. An immutable value.
 */
public final class Results {

    /**
     * One named job: a sequential test, a workload, a sustained write, a capacity check of a
     * directory or a capacity probe of a block device; exactly one report is present.
     *
     * @param name the job's name, for example {@code sequential} or {@code RND4K Q1T1 read}
     * @param sequential the sequential test's report, if this job is one
     * @param workload the workload's report, if this job is one
     * @param sustained the sustained write's report, if this job is one
     * @param capacityCheck the capacity check's report, if this job is one
     * @param capacityProbe the capacity probe's report, if this job is one
     */
    public record Job(String name, Optional<SpeedReport> sequential,
            Optional<WorkloadReport> workload, Optional<SustainedReport> sustained,
            Optional<CapacityCheckReport> capacityCheck,
            Optional<CapacityProbeReport> capacityProbe) {

        /**
         * Checks that exactly one report is present.
         *
         * @param name the job's name
         * @param sequential the sequential test's report, if this job is one
         * @param workload the workload's report, if this job is one
         * @param sustained the sustained write's report, if this job is one
         * @param capacityCheck the capacity check's report, if this job is one
         * @param capacityProbe the capacity probe's report, if this job is one
         */
        public Job {
            Objects.requireNonNull(name, "name");
            long present = Stream.of(sequential, workload, sustained, capacityCheck, capacityProbe)
                    .filter(Optional::isPresent).count();
            if (present != 1) {
                throw new IllegalArgumentException("a job is one test: " + present + " reports");
            }
        }

        /**
         * @param name the job's name
         * @param report the sequential test's report
         * @return the job
         */
        public static Job of(String name, SpeedReport report) {
            return new Job(name, Optional.of(report), Optional.empty(), Optional.empty(),
                    Optional.empty(), Optional.empty());
        }

        /**
         * @param name the job's name
         * @param report the workload's report
         * @return the job
         */
        public static Job of(String name, WorkloadReport report) {
            return new Job(name, Optional.empty(), Optional.of(report), Optional.empty(),
                    Optional.empty(), Optional.empty());
        }

        /**
         * @param report the sustained write's report
         * @return the job, named {@code sustained}
         */
        public static Job of(SustainedReport report) {
            return new Job("sustained", Optional.empty(), Optional.empty(), Optional.of(report),
                    Optional.empty(), Optional.empty());
        }

        /**
         * @param report the capacity check's report
         * @return the job, named {@code capacity_check}
         */
        public static Job of(CapacityCheckReport report) {
            return new Job("capacity_check", Optional.empty(), Optional.empty(),
                    Optional.empty(), Optional.of(report), Optional.empty());
        }

        /**
         * @param report the capacity probe's report
         * @return the job, named {@code capacity_probe}
         */
        public static Job of(CapacityProbeReport report) {
            return new Job("capacity_probe", Optional.empty(), Optional.empty(),
                    Optional.empty(), Optional.empty(), Optional.of(report));
        }

        /** @return the target the job measured; empty for a block device's capacity probe */
        public Optional<TargetInfo> target() {
            return sequential.map(SpeedReport::target)
                    .or(() -> workload.map(WorkloadReport::target))
                    .or(() -> sustained.map(SustainedReport::target))
                    .or(() -> capacityCheck.map(CapacityCheckReport::target));
        }

        /** @return the backend that ran the job; empty where the report does not say */
        public Optional<BackendInfo> backend() {
            return sequential.map(SpeedReport::backend)
                    .or(() -> workload.map(WorkloadReport::backend))
                    .or(() -> sustained.map(SustainedReport::backend));
        }

        /**
         * @return the job's warnings, its target's included; a capacity check or probe that
         *     found loss carries {@link Warning#DATA_LOSS}
         */
        public Set<Warning> warnings() {
            Set<Warning> w = EnumSet.noneOf(Warning.class);
            sequential.ifPresent(r -> w.addAll(r.warnings()));
            workload.ifPresent(r -> w.addAll(r.warnings()));
            sustained.ifPresent(r -> w.addAll(r.warnings()));
            capacityCheck.ifPresent(r -> {
                w.addAll(r.target().warnings());
                if (!r.passed()) {
                    w.add(Warning.DATA_LOSS);
                }
            });
            capacityProbe.filter(r -> !r.genuine()).ifPresent(r -> w.add(Warning.DATA_LOSS));
            return w;
        }
    }

    private final Optional<TargetInfo> target;
    private final List<Job> jobs;
    /** Per job, the number of the group it ran in: jobs of one group ran at the same time. */
    private final List<Integer> groups;
    private final Optional<RequirementCheck> requirement;

    private Results(Optional<TargetInfo> target, List<Job> jobs,
            Optional<RequirementCheck> requirement) {
        this(target, jobs, ordinals(jobs.size()), requirement);
    }

    private Results(Optional<TargetInfo> target, List<Job> jobs, List<Integer> groups,
            Optional<RequirementCheck> requirement) {
        this.target = Objects.requireNonNull(target, "target");
        this.jobs = List.copyOf(jobs);
        this.groups = List.copyOf(groups);
        this.requirement = Objects.requireNonNull(requirement, "requirement");
    }

    private static List<Integer> ordinals(int n) {
        List<Integer> g = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            g.add(i);
        }
        return g;
    }

    /**
     * Only the target's description ({@code --probe}): no job.
     *
     * @param target the probed target
     * @return the results
     */
    public static Results probe(TargetInfo target) {
        return new Results(Optional.of(target), List.of(), Optional.empty());
    }

    /**
     * @param report a sequential test's report, as job {@code sequential}
     * @return the results
     */
    public static Results of(SpeedReport report) {
        return new Results(Optional.of(report.target()),
                List.of(Job.of("sequential", report)), Optional.empty());
    }

    /**
     * @param report a sustained write's report, as job {@code sustained}
     * @return the results
     */
    public static Results of(SustainedReport report) {
        return new Results(Optional.of(report.target()), List.of(Job.of(report)),
                Optional.empty());
    }

    /**
     * @param report a directory's capacity check, as job {@code capacity_check}
     * @return the results
     */
    public static Results of(CapacityCheckReport report) {
        return new Results(Optional.of(report.target()), List.of(Job.of(report)),
                Optional.empty());
    }

    /**
     * @param report a block device's capacity probe, as job {@code capacity_probe}; no target
     *     description (the device is named in the job)
     * @return the results
     */
    public static Results of(CapacityProbeReport report) {
        return new Results(Optional.empty(), List.of(Job.of(report)), Optional.empty());
    }

    /**
     * @param report a workload's report, as a job named after fio's {@code rw} and the block size
     *     ({@code randread 4 KiB})
     * @return the results
     */
    public static Results of(WorkloadReport report) {
        return probe(report.target()).and(report);
    }

    /**
     * @param table a sweep's or preset suite's rows, one job per row named by its label
     * @return the results
     */
    public static Results of(WorkloadTable table) {
        return probe(table.rows().get(0).report().target()).and(table);
    }

    /**
     * @param report another sequential test of the same target
     * @return these results and a job {@code sequential}
     */
    public Results and(SpeedReport report) {
        return with(Job.of("sequential", report));
    }

    /**
     * @param report another workload of the same target
     * @return these results and a job for it
     */
    public Results and(WorkloadReport report) {
        return with(Job.of(report.parameters().fioRw() + " " + report.parameters().blockSize(),
                report));
    }

    /**
     * @param table more workloads of the same target
     * @return these results and one job per row
     */
    public Results and(WorkloadTable table) {
        Results r = this;
        for (WorkloadTable.Row row : table.rows()) {
            r = r.with(Job.of(row.label(), row.report()));
        }
        return r;
    }

    /**
     * @param table workloads that ran at the same time (an fio group: the jobs between two
     *     {@code stonewall}s), one job per row named by its label
     * @return these results and one job per row, all of one new {@link #group(int) group}
     */
    public Results andGroup(WorkloadTable table) {
        int group = nextGroup();
        List<Job> j = new ArrayList<>(jobs);
        List<Integer> g = new ArrayList<>(groups);
        for (WorkloadTable.Row row : table.rows()) {
            j.add(Job.of(row.label(), row.report()));
            g.add(group);
        }
        return new Results(target, j, g, requirement);
    }

    /**
     * @param check the requirement check made of these results
     * @return these results with the check
     */
    public Results with(RequirementCheck check) {
        return new Results(target, jobs, groups, Optional.of(check));
    }

    private Results with(Job job) {
        List<Job> j = new ArrayList<>(jobs);
        j.add(job);
        List<Integer> g = new ArrayList<>(groups);
        g.add(nextGroup());
        return new Results(target, j, g, requirement);
    }

    private int nextGroup() {
        return groups.isEmpty() ? 0 : groups.get(groups.size() - 1) + 1;
    }

    /**
     * @param jobIndex a job's index in {@link #jobs()}
     * @return the number of the group it ran in, from 0 in the order run: jobs of one group
     *     ran at the same time (fio's {@code groupid}); every other job is a group of its own
     */
    public int group(int jobIndex) {
        return groups.get(jobIndex);
    }

    /**
     * @return the target (as the first job saw it; as probed when there is no job); empty for a
     *     block device's capacity probe
     */
    public Optional<TargetInfo> target() {
        return target;
    }

    /** @return the jobs, in the order run */
    public List<Job> jobs() {
        return jobs;
    }

    /** @return the backend of the first job; empty when there is none or it does not say */
    public Optional<BackendInfo> backend() {
        return jobs.isEmpty() ? Optional.empty() : jobs.get(0).backend();
    }

    /** @return whether a job found data lost ({@link Warning#DATA_LOSS}) */
    public boolean dataLost() {
        return jobs.stream().anyMatch(j -> j.warnings().contains(Warning.DATA_LOSS));
    }

    /** @return the requirement check, if one was made */
    public Optional<RequirementCheck> requirement() {
        return requirement;
    }

    /** @return every warning of the target and of every job, in declaration order */
    public Set<Warning> warnings() {
        Set<Warning> all = EnumSet.noneOf(Warning.class);
        target.ifPresent(t -> all.addAll(t.warnings()));
        for (Job j : jobs) {
            all.addAll(j.warnings());
        }
        return all;
    }
}
