package io.github.drivespeed.fio.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The jobs of a job file or fio command line, with fio's grouping: each job starts from the
 * settings of the {@code [global]} sections before it (a later {@code [global]} changes only the
 * jobs after it), then applies its own options. {@code stonewall} starts a new set of jobs that
 * runs after the previous set has finished, and a new reporting group; {@code new_group} starts
 * a new reporting group that still runs with the jobs before it. Jobs of one set run at the same
 * time. With fio's {@code --section=NAME}, only the sections so named run.
 */
public final class FioJobs {

    /**
     * One job, as written (before {@code numjobs} clones it).
     *
     * @param name its name: {@code name=}, else its section's
     * @param settings its settings
     * @param group its reporting group, from 0 (fio's {@code groupid})
     * @param runSet the set it runs in, from 0: sets run one after another (stonewall)
     * @param written its own options as written, by fio's name of each (fio's
     *     {@code job options}: options given without a value left out, as fio leaves them out)
     */
    record Job(String name, FioJobSettings settings, int group, int runSet,
            Map<String, String> written) {
    }

    private final List<Job> jobs;
    private final Map<String, String> globalWritten;

    private FioJobs(List<Job> jobs, Map<String, String> globalWritten) {
        this.jobs = List.copyOf(jobs);
        this.globalWritten = Collections.unmodifiableMap(new LinkedHashMap<>(globalWritten));
    }

    /**
     * {@return the jobs of these sections, each with its {@code [global]} options applied}
     *
     * @param sections the sections, in order: the command line's, then a job file's
     * @throws IllegalArgumentException naming the place of an option refused or invalid, or when
     *     there is no job
     */
    public static FioJobs of(List<FioSection> sections) {
        FioJobSettings global = new FioJobSettings();
        Map<String, String> globalWritten = new LinkedHashMap<>();
        List<Job> jobs = new ArrayList<>();
        List<FioSection> jobSections = new ArrayList<>();
        int group = 0;
        int runSet = 0;
        for (FioSection s : sections) {
            if (s.global()) {
                FioOptions.apply(global, s.entries(), s.fromJobFile());
                globalWritten.putAll(written(s));
                continue;
            }
            jobSections.add(s);
            FioJobSettings job = global.copy();
            job.name = s.name();
            FioOptions.apply(job, s.entries(), s.fromJobFile());
            if (job.name == null || job.name.isEmpty()) {
                throw new IllegalArgumentException(s.where() + ": a job needs a name");
            }
            if (!job.sections.isEmpty() && !job.sections.contains(s.name())) {
                continue;
            }
            if (!jobs.isEmpty()) {
                if (job.stonewall) {
                    runSet++;
                    group++;
                } else if (job.newGroup) {
                    group++;
                }
            }
            jobs.add(new Job(job.name, job, group, runSet, written(s)));
        }
        if (jobs.isEmpty()) {
            throw new IllegalArgumentException(noJob(sections, jobSections));
        }
        return new FioJobs(jobs, globalWritten);
    }

    private static String noJob(List<FioSection> sections, List<FioSection> jobSections) {
        if (!jobSections.isEmpty()) {
            return "no job runs: --section names none of the jobs ("
                    + String.join(", ", jobSections.stream().map(FioSection::name).toList())
                    + ")";
        }
        return sections.stream().anyMatch(FioSection::fromJobFile)
                ? "the job file holds no job: only [global] sections"
                : "no fio job: give --name=NAME and the job's options";
    }

    /**
     * A section's options as fio lists them in its JSON: by fio's name of each, the value as
     * written; options given without a value and fio's command-line-only options left out.
     */
    private static Map<String, String> written(FioSection s) {
        Map<String, String> w = new LinkedHashMap<>();
        for (FioEntry e : s.entries()) {
            FioOptions.find(e.key()).filter(r -> !r.commandLineOnly() && e.value() != null)
                    .ifPresent(r -> w.put(r.name(), e.value()));
        }
        return w;
    }

    /** @return the jobs, in order */
    List<Job> jobs() {
        return jobs;
    }

    /**
     * {@return the global sections' options as written (fio's {@code global options}), by fio's
     * name of each; empty when there are none}
     */
    public Map<String, String> globalWritten() {
        return globalWritten;
    }

    /** {@return how many sets run one after another} */
    public int runSets() {
        return jobs.get(jobs.size() - 1).runSet() + 1;
    }
}
