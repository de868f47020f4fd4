package io.github.drivespeed.fio.internal;

import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.report.WorkloadTable;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs planned fio jobs: the sets one after another (stonewall), the jobs of a set at the same
 * time, each {@code create_only=1} job's file laid out before its set runs. What happens is told
 * to an {@link Observer} as it happens (the command line prints it, writes the log files); what
 * was measured is returned as {@link Results}, one group per set, one job per row as fio reports
 * it.
 */
public final class FioSets {

    /** What is told as the sets run; each method does nothing unless overridden. */
    public interface Observer {

        /**
         * A {@code create_only=1} job's file was laid out.
         *
         * @param job the job
         * @param file its file and size
         * @param marked whether the file system kept the mark that lets a later job write it
         * @throws IOException if telling it fails
         */
        default void laidOut(FioPlans.PlannedJob job, FioPlans.CreateOnly file, boolean marked)
                throws IOException {
        }

        /**
         * A set's jobs ran.
         *
         * @param set the set
         * @param reports one report per measured job or clone, in the set's order
         * @param reported the same, as fio reports them (group_reporting joined)
         * @throws IOException if telling it fails
         */
        default void measured(FioPlans.RunSet set, List<WorkloadReport> reports,
                List<FioReported> reported) throws IOException {
        }
    }

    private FioSets() {
    }

    /**
     * Runs the sets.
     *
     * @param jobs the jobs as read (for their global options)
     * @param sets the sets, as planned
     * @param observer told what happens
     * @return what was measured, with the options as written and the files laid out
     * @throws IOException from the runs (the library's exceptions) or the observer
     * @throws IllegalArgumentException from a plan the target refuses
     */
    public static Results run(FioJobs jobs, List<FioPlans.RunSet> sets, Observer observer)
            throws IOException {
        Results results = null;
        List<Map<String, String>> jobOptions = new ArrayList<>();
        List<FioWritten.LaidOut> laidOut = new ArrayList<>();
        for (FioPlans.RunSet set : sets) {
            for (FioPlans.PlannedJob j : set.jobs()) {
                if (j.createOnly().isEmpty()) {
                    continue;
                }
                FioPlans.CreateOnly c = j.createOnly().get();
                Instant start = Instant.now();
                boolean marked = LaidOutFile.layOut(c.file(), c.bytes());
                observer.laidOut(j, c, marked);
                laidOut.add(new FioWritten.LaidOut(j.name(), j.group(), j.written(), c.file(),
                        c.bytes(), start));
            }
            if (set.measured().isEmpty()) {
                continue;
            }
            List<WorkloadReport> reports = set.group().run();
            List<FioReported> reported = FioReported.of(set.measured(), reports);
            observer.measured(set, reports, reported);
            WorkloadTable table = table(set, reported, jobOptions);
            results = (results == null ? Results.probe(table.rows().get(0).report()
                    .target()) : results).andGroup(table);
        }
        FioWritten written = new FioWritten(jobs.globalWritten(), jobOptions, laidOut);
        return (results == null ? Results.none() : results).with(written);
    }

    /**
     * {@return how many jobs of the set share the job's name: its clones, itself included}
     *
     * @param set a set
     * @param j one of its jobs
     */
    public static long clones(FioPlans.RunSet set, FioPlans.PlannedJob j) {
        return set.jobs().stream().filter(x -> x.name().equals(j.name())).count();
    }

    /**
     * The results of one group, one row per job as fio reports it: a job or clone alone (a
     * clone named {@code name.N}), or with {@code group_reporting} the group's jobs joined.
     */
    private static WorkloadTable table(FioPlans.RunSet set, List<FioReported> reported,
            List<Map<String, String>> jobOptions) {
        List<WorkloadTable.Row> rows = new ArrayList<>();
        int job = 0;
        for (FioReported r : reported) {
            FioPlans.PlannedJob j = set.measured().get(job);
            jobOptions.add(j.written());
            rows.add(new WorkloadTable.Row(r.reports().size() == 1 && clones(set, j) > 1
                    ? j.name() + "." + j.cloneIndex() : r.name(), r.aggregate()));
            job += r.reports().size();
        }
        return WorkloadTable.of(rows);
    }
}
