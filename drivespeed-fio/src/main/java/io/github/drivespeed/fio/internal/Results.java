package io.github.drivespeed.fio.internal;

import io.github.drivespeed.report.BackendInfo;
import io.github.drivespeed.report.CapacityCheckReport;
import io.github.drivespeed.report.CapacityProbeReport;
import io.github.drivespeed.report.Report;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.report.WorkloadTable;
import io.github.drivespeed.report.view.ReportView;
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
 * read it: the target, the backend, the jobs (each one report of any kind, named like fio's
 * jobs), and the requirement check if one was made. An immutable value.
 */
public final class Results {

    /**
     * One named job: one report, of any kind.
     *
     * @param name the job's name, for example {@code sequential} or {@code RND4K Q1T1 read}
     * @param report what the job measured
     */
    public record Job(String name, Report report) {

        /**
         * Checks that both are there.
         *
         * @param name the job's name
         * @param report what the job measured
         */
        public Job {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(report, "report");
        }

        /**
         * {@return the job, named by {@link #defaultName(Report)}}
         *
         * @param report what the job measured
         */
        public static Job of(Report report) {
            return new Job(defaultName(report), report);
        }

        /**
         * {@return the name of its job when nothing else names it: {@code sequential}, fio's
         * {@code rw} and the block size for a workload ({@code randread 4 KiB}), {@code sustained},
         * {@code device}, {@code capacity_check}, {@code capacity_probe}}
         *
         * @param report a report
         */
        public static String defaultName(Report report) {
            return report.accept(DEFAULT_NAMES);
        }

        /** {@return the directory the job measured; empty for a block device} */
        public Optional<TargetInfo> target() {
            return directory(report);
        }

        /**
         * {@return the backend that ran the job as the outputs show it; empty for a capacity check
         * or probe, whose output (schema 1) names no backend}
         */
        public Optional<BackendInfo> backend() {
            return report.accept(SHOWN_BACKEND);
        }

        /**
         * {@return the job's warnings, its target's included; a capacity check or probe that found
         * loss carries {@link Warning#DATA_LOSS}}
         */
        public Set<Warning> warnings() {
            return report.warnings();
        }
    }

    /**
     * The job names of {@link Job#defaultName(Report)}: the kind of report
     * ({@link ReportView#of(Report)}), and for a workload fio's {@code rw} and the block size.
     */
    private static final Report.Visitor<String> DEFAULT_NAMES = new Report.DefaultVisitor<>() {
        @Override
        public String visitDefault(Report report) {
            return ReportView.of(report).kind().text();
        }

        @Override
        public String visit(WorkloadReport report) {
            return report.parameters().fioRw() + " " + report.parameters().blockSize();
        }
    };

    /** The backend of {@link Job#backend()}: none for a capacity check or probe (schema 1). */
    private static final Report.Visitor<Optional<BackendInfo>> SHOWN_BACKEND =
            new Report.DefaultVisitor<>() {
                @Override
                public Optional<BackendInfo> visitDefault(Report report) {
                    return Optional.of(report.backend());
                }

                @Override
                public Optional<BackendInfo> visit(CapacityCheckReport report) {
                    return Optional.empty();
                }

                @Override
                public Optional<BackendInfo> visit(CapacityProbeReport report) {
                    return Optional.empty();
                }
            };

    /** The report's target when it is a directory. */
    private static Optional<TargetInfo> directory(Report report) {
        return report.target() instanceof TargetInfo t ? Optional.of(t) : Optional.empty();
    }

    private final Optional<TargetInfo> target;
    private final List<Job> jobs;
    /** Per job, the number of the group it ran in: jobs of one group ran at the same time. */
    private final List<Integer> groups;
    private final Optional<RequirementCheck> requirement;
    private final Optional<FioWritten> fio;
    private final Optional<Failure> failure;

    /**
     * The failure that ended a measurement after some of it completed: the jobs are what
     * completed before it, the last perhaps with fewer runs than its parameters asked for.
     *
     * @param message the failure, as the command line words it
     * @param exitCode the command's exit code for it
     */
    public record Failure(String message, int exitCode) {
        /** Checks the message. */
        public Failure {
            Objects.requireNonNull(message, "message");
        }
    }

    private Results(Optional<TargetInfo> target, List<Job> jobs,
            Optional<RequirementCheck> requirement) {
        this(target, jobs, ordinals(jobs.size()), requirement, Optional.empty(),
                Optional.empty());
    }

    private Results(Optional<TargetInfo> target, List<Job> jobs, List<Integer> groups,
            Optional<RequirementCheck> requirement, Optional<FioWritten> fio,
            Optional<Failure> failure) {
        this.target = Objects.requireNonNull(target, "target");
        this.jobs = List.copyOf(jobs);
        this.groups = List.copyOf(groups);
        this.requirement = Objects.requireNonNull(requirement, "requirement");
        this.fio = Objects.requireNonNull(fio, "fio");
        this.failure = Objects.requireNonNull(failure, "failure");
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
     * {@return no job and no target: only fio's {@code create_only=1} jobs ran, which measure
     * nothing}
     */
    public static Results none() {
        return new Results(Optional.empty(), List.of(), Optional.empty());
    }

    /**
     * {@return these results with what the fio job file or command line wrote}
     *
     * @param written its options and laid-out files, for fio's JSON
     */
    public Results with(FioWritten written) {
        return new Results(target, jobs, groups, requirement, Optional.of(written), failure);
    }

    /** {@return what the fio job file or command line wrote, when fio's jobs were run} */
    public Optional<FioWritten> fio() {
        return fio;
    }

    /**
     * {@return the results of one report, as one job}
     *
     * @param report a report of any kind, as one job named by {@link Job#defaultName(Report)}; the
     *     target is its directory (none for a block device)
     */
    public static Results of(Report report) {
        return new Results(directory(report), List.of(Job.of(report)), Optional.empty());
    }

    /**
     * {@return the results of a sweep or preset suite, one job per row}
     *
     * @param table a sweep's or preset suite's rows, one job per row named by its label
     */
    public static Results of(WorkloadTable table) {
        return probe(table.rows().get(0).report().target()).and(table);
    }

    /**
     * {@return these results and one job for it, named by {@link Job#defaultName(Report)}}
     *
     * @param report another test of the same target
     */
    public Results and(Report report) {
        return with(Job.of(report));
    }

    /**
     * {@return these results and one job per row}
     *
     * @param table more workloads of the same target
     */
    public Results and(WorkloadTable table) {
        Results r = this;
        for (WorkloadTable.Row row : table.rows()) {
            r = r.with(new Job(row.label(), row.report()));
        }
        return r;
    }

    /**
     * {@return these results and one job per row, all of one new {@link #group(int) group}}
     *
     * @param table workloads that ran at the same time (an fio group: the jobs between two
     *     {@code stonewall}s), one job per row named by its label
     */
    public Results andGroup(WorkloadTable table) {
        int group = nextGroup();
        List<Job> j = new ArrayList<>(jobs);
        List<Integer> g = new ArrayList<>(groups);
        for (WorkloadTable.Row row : table.rows()) {
            j.add(new Job(row.label(), row.report()));
            g.add(group);
        }
        return new Results(target, j, g, requirement, fio, failure);
    }

    /**
     * {@return these results with the check}
     *
     * @param check the requirement check made of these results
     */
    public Results with(RequirementCheck check) {
        return new Results(target, jobs, groups, Optional.of(check), fio, failure);
    }

    /**
     * {@return these results, ended by a failure after they were measured}
     *
     * @param ended the failure
     */
    public Results with(Failure ended) {
        return new Results(target, jobs, groups, requirement, fio, Optional.of(ended));
    }

    /** {@return the failure that ended the measurement after these results, if one did} */
    public Optional<Failure> failure() {
        return failure;
    }

    private Results with(Job job) {
        List<Job> j = new ArrayList<>(jobs);
        j.add(job);
        List<Integer> g = new ArrayList<>(groups);
        g.add(nextGroup());
        return new Results(target, j, g, requirement, fio, failure);
    }

    private int nextGroup() {
        return groups.isEmpty() ? 0 : groups.get(groups.size() - 1) + 1;
    }

    /**
     * {@return the number of the group it ran in, from 0 in the order run: jobs of one group ran at
     * the same time (fio's {@code groupid}); every other job is a group of its own}
     *
     * @param jobIndex a job's index in {@link #jobs()}
     */
    public int group(int jobIndex) {
        return groups.get(jobIndex);
    }

    /**
     * {@return the target (as the first job saw it; as probed when there is no job); empty for a
     * block device's capacity probe}
     */
    public Optional<TargetInfo> target() {
        return target;
    }

    /** {@return the jobs, in the order run} */
    public List<Job> jobs() {
        return jobs;
    }

    /** {@return the backend of the first job; empty when there is none or it does not say} */
    public Optional<BackendInfo> backend() {
        return jobs.isEmpty() ? Optional.empty() : jobs.get(0).backend();
    }

    /**
     * {@return whether a job's medium lost data or holds less than it claims
     * ({@link io.github.drivespeed.report.Verdict#dataLost()})}
     */
    public boolean dataLost() {
        return jobs.stream().anyMatch(j -> j.report().verdict().dataLost());
    }

    /** {@return the requirement check, if one was made} */
    public Optional<RequirementCheck> requirement() {
        return requirement;
    }

    /** {@return every warning of the target and of every job, in declaration order} */
    public Set<Warning> warnings() {
        Set<Warning> all = EnumSet.noneOf(Warning.class);
        target.ifPresent(t -> all.addAll(t.warnings()));
        for (Job j : jobs) {
            all.addAll(j.warnings());
        }
        return all;
    }
}
