package io.github.drivespeed.fio;

import io.github.drivespeed.fio.internal.Results;
import io.github.drivespeed.fio.internal.json.FioJsonWriter;
import io.github.drivespeed.report.Report;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.report.WorkloadTable;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a {@link FioJob} measured: one drivespeed {@link WorkloadReport} per job as fio reports
 * it (a job, each clone of {@code numjobs} named {@code name.N}, or with {@code group_reporting}
 * its group joined into one), and fio's JSON of them. An immutable value.
 *
 * @since 0.1.0
 */
public final class FioResults {

    /** The fio release whose JSON layout {@link #writeJson} writes, as fio names it. */
    public static final String FIO_RELEASE = FioJsonWriter.FIO_RELEASE;

    private final Results results;

    FioResults(Results results) {
        this.results = results;
    }

    /**
     * fio's view of workloads measured from Java ({@link io.github.drivespeed.DriveSpeed#workload}),
     * to write as fio's JSON: one job per report, in this order, each named by its fio {@code rw}
     * and block size ({@code randread 4 KiB}), as the command line names a workload's job.
     *
     * @param first a workload's report
     * @param more further reports of the same target, as further jobs
     * @return the results
     * @throws NullPointerException if a report is null
     */
    public static FioResults of(WorkloadReport first, WorkloadReport... more) {
        Results results = Results.of(Objects.requireNonNull(first, "first"));
        for (WorkloadReport report : more) {
            results = results.and(Objects.requireNonNull(report, "report"));
        }
        return new FioResults(results);
    }

    /**
     * fio's view of a block-size sweep or a preset suite
     * ({@link io.github.drivespeed.WorkloadPlan#runSweep}, {@link io.github.drivespeed.WorkloadPlan#runPresets}),
     * to write as fio's JSON: one job per row, named by the row's label.
     *
     * @param table the sweep's or suite's rows
     * @return the results
     * @throws NullPointerException if {@code table} is null
     */
    public static FioResults of(WorkloadTable table) {
        return new FioResults(Results.of(Objects.requireNonNull(table, "table")));
    }

    /**
     * One job as fio reports it.
     *
     * @param name the job's name as fio reports it ({@code name.N} for a clone of
     *     {@code numjobs})
     * @param report what it measured; empty for a {@code create_only=1} job, which measures
     *     nothing
     * @since 0.1.0
     */
    public record Job(String name, Optional<WorkloadReport> report) {

        /**
         * Checks the values.
         *
         * @param name the job's name
         * @param report its report, or empty
         * @throws NullPointerException if either is null
         */
        public Job {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(report, "report");
        }
    }

    /** {@return the jobs as fio reports them, each with its name and report, in the order they ran} */
    public List<Job> jobs() {
        List<Job> jobs = new ArrayList<>();
        for (Results.Job job : results.jobs()) {
            Report r = job.report();
            jobs.add(new Job(job.name(), r instanceof WorkloadReport w ? Optional.of(w)
                    : Optional.empty()));
        }
        return List.copyOf(jobs);
    }

    /**
     * Writes fio's {@code --output-format=json} document of the results, then a newline: fio's
     * layout (the release {@link #FIO_RELEASE} names) and fio's units (bandwidth in KiB/s in
     * {@code bw}, bytes/s in {@code bw_bytes}, runtime in ms, latencies in ns), so that fio's
     * consumers read it unchanged; docs/fio-json.md lists the keys drivespeed fills with fio's
     * zero.
     *
     * @param generator the program and version, written as {@code "fio version"} after the fio
     *     release whose layout this is and a dash, with its first space a dash ({@code myapp 1.2}
     *     becomes {@code fio-3.33-myapp-1.2}): fio's consumers parse the {@code fio-} prefix and
     *     the release after it (fio-plot, KDiskMark), as they do from fio's {@code --version}
     * @param out where to; flushed, not closed
     * @throws IOException if writing fails
     */
    public void writeJson(String generator, Writer out) throws IOException {
        FioJsonWriter.json(generator).write(results, out);
    }

    /**
     * Writes fio's {@code --output-format=json+} document: {@link #writeJson}'s, with each
     * direction's latency bins ({@code clat_ns.bins}, fio's histogram).
     *
     * @param generator the program and version
     * @param out where to; flushed, not closed
     * @throws IOException if writing fails
     */
    public void writeJsonPlus(String generator, Writer out) throws IOException {
        FioJsonWriter.jsonPlus(generator).write(results, out);
    }

    @Override
    public String toString() {
        return "FioResults" + results.jobs().stream().map(Results.Job::name).toList();
    }
}
