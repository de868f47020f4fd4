package io.github.drivespeed.cli.fio;

import java.util.ArrayList;
import java.util.List;

/**
 * The jobs of a job file or fio command line, with fio's grouping: each job starts from the
 * settings of the {@code [global]} sections before it (a later {@code [global]} changes only the
 * jobs after it), then applies its own options. {@code stonewall} starts a new set of jobs that
 * runs after the previous set has finished, and a new reporting group; {@code new_group} starts
 * a new reporting group that still runs with the jobs before it. Jobs of one set run at the same
 * time.
 */
public final class FioJobs {

    /**
     * One job, as written (before {@code numjobs} clones it).
     *
     * @param name its name: {@code name=}, else its section's
     * @param settings its settings
     * @param group its reporting group, from 0 (fio's {@code groupid})
     * @param runSet the set it runs in, from 0: sets run one after another (stonewall)
     */
    record Job(String name, FioJobSettings settings, int group, int runSet) {
    }

    private final List<Job> jobs;

    private FioJobs(List<Job> jobs) {
        this.jobs = List.copyOf(jobs);
    }

    /**
     * {@return the jobs of these sections, each with its {@code [global]} options applied}
     *
     * @param sections the sections, in order
     * @param jobFile whether they come from a job file (not the command line)
     * @throws IllegalArgumentException naming the place of an option refused or invalid, or when
     *     there is no job
     */
    public static FioJobs of(List<FioSection> sections, boolean jobFile) {
        FioJobSettings global = new FioJobSettings();
        List<Job> jobs = new ArrayList<>();
        int group = 0;
        int runSet = 0;
        for (FioSection s : sections) {
            if (s.global()) {
                FioOptions.apply(global, s.entries(), jobFile);
                continue;
            }
            FioJobSettings job = global.copy();
            job.name = s.name();
            FioOptions.apply(job, s.entries(), jobFile);
            if (job.name == null || job.name.isEmpty()) {
                throw new IllegalArgumentException(s.where() + ": a job needs a name");
            }
            if (!jobs.isEmpty()) {
                if (job.stonewall) {
                    runSet++;
                    group++;
                } else if (job.newGroup) {
                    group++;
                }
            }
            jobs.add(new Job(job.name, job, group, runSet));
        }
        if (jobs.isEmpty()) {
            throw new IllegalArgumentException(jobFile
                    ? "the job file holds no job: only [global] sections"
                    : "no fio job: give --name=NAME and the job's options");
        }
        return new FioJobs(jobs);
    }

    /** @return the jobs, in order */
    List<Job> jobs() {
        return jobs;
    }

    /** {@return how many sets run one after another} */
    public int runSets() {
        return jobs.get(jobs.size() - 1).runSet() + 1;
    }
}
