package io.github.drivespeed.cli.results;

import io.github.drivespeed.report.BackendInfo;
import io.github.drivespeed.report.SpeedReport;
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

/**
 * Everything one measurement of one target produced, as the JSON and CSV writers and the chart
 * read it: the target, the backend, the jobs (each a sequential test or a workload, named like
 * fio's jobs), and the requirement check if one was made. An immutable value.
 */
public final class Results {

    /**
     * One named job: a sequential test or a workload.
     *
     * @param name the job's name, for example {@code sequential} or {@code RND4K Q1T1 read}
     * @param sequential the sequential test's report, if this job is one
     * @param workload the workload's report, if this job is one
     */
    public record Job(String name, Optional<SpeedReport> sequential,
            Optional<WorkloadReport> workload) {

        /**
         * Checks that exactly one report is present.
         *
         * @param name the job's name
         * @param sequential the sequential test's report, if this job is one
         * @param workload the workload's report, if this job is one
         */
        public Job {
            Objects.requireNonNull(name, "name");
            if (sequential.isPresent() == workload.isPresent()) {
                throw new IllegalArgumentException("a job is a sequential test or a workload");
            }
        }

        /**
         * @param name the job's name
         * @param report the sequential test's report
         * @return the job
         */
        public static Job of(String name, SpeedReport report) {
            return new Job(name, Optional.of(report), Optional.empty());
        }

        /**
         * @param name the job's name
         * @param report the workload's report
         * @return the job
         */
        public static Job of(String name, WorkloadReport report) {
            return new Job(name, Optional.empty(), Optional.of(report));
        }

        /** @return the target the job measured */
        public TargetInfo target() {
            return sequential.map(SpeedReport::target)
                    .orElseGet(() -> workload.orElseThrow().target());
        }

        /** @return the backend that ran the job */
        public BackendInfo backend() {
            return sequential.map(SpeedReport::backend)
                    .orElseGet(() -> workload.orElseThrow().backend());
        }

        /** @return the job's warnings, its target's included */
        public Set<Warning> warnings() {
            return sequential.map(SpeedReport::warnings)
                    .orElseGet(() -> workload.orElseThrow().warnings());
        }
    }

    private final TargetInfo target;
    private final List<Job> jobs;
    private final Optional<RequirementCheck> requirement;

    private Results(TargetInfo target, List<Job> jobs, Optional<RequirementCheck> requirement) {
        this.target = Objects.requireNonNull(target, "target");
        this.jobs = List.copyOf(jobs);
        this.requirement = Objects.requireNonNull(requirement, "requirement");
    }

    /**
     * Only the target's description ({@code --probe}): no job.
     *
     * @param target the probed target
     * @return the results
     */
    public static Results probe(TargetInfo target) {
        return new Results(target, List.of(), Optional.empty());
    }

    /**
     * @param report a sequential test's report, as job {@code sequential}
     * @return the results
     */
    public static Results of(SpeedReport report) {
        return new Results(report.target(), List.of(Job.of("sequential", report)),
                Optional.empty());
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
     * @param check the requirement check made of these results
     * @return these results with the check
     */
    public Results with(RequirementCheck check) {
        return new Results(target, jobs, Optional.of(check));
    }

    private Results with(Job job) {
        List<Job> j = new ArrayList<>(jobs);
        j.add(job);
        return new Results(target, j, requirement);
    }

    /** @return the target (as the first job saw it; as probed when there is no job) */
    public TargetInfo target() {
        return target;
    }

    /** @return the jobs, in the order run */
    public List<Job> jobs() {
        return jobs;
    }

    /** @return the backend of the first job; empty when there is none */
    public Optional<BackendInfo> backend() {
        return jobs.isEmpty() ? Optional.empty() : Optional.of(jobs.get(0).backend());
    }

    /** @return the requirement check, if one was made */
    public Optional<RequirementCheck> requirement() {
        return requirement;
    }

    /** @return every warning of the target and of every job, in declaration order */
    public Set<Warning> warnings() {
        Set<Warning> all = EnumSet.noneOf(Warning.class);
        all.addAll(target.warnings());
        for (Job j : jobs) {
            all.addAll(j.warnings());
        }
        return all;
    }
}
