package io.github.drivespeed.fio;

import io.github.drivespeed.fio.internal.Results;
import io.github.drivespeed.fio.internal.json.FioJsonWriter;
import io.github.drivespeed.report.Report;
import io.github.drivespeed.report.WorkloadReport;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

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

    /** {@return the jobs' names as fio reports them, in the order they ran} */
    public List<String> names() {
        return results.jobs().stream().map(Results.Job::name).toList();
    }

    /**
     * {@return one report per job as fio reports it, in the order they ran; empty when only
     * {@code create_only=1} jobs ran}
     */
    public List<WorkloadReport> reports() {
        List<WorkloadReport> reports = new ArrayList<>();
        for (Results.Job job : results.jobs()) {
            Report r = job.report();
            if (r instanceof WorkloadReport w) {
                reports.add(w);
            }
        }
        return reports;
    }

    /**
     * Writes fio's {@code --output-format=json} document of the results, then a newline: fio's
     * layout (the release {@link #FIO_RELEASE} names) and fio's units (bandwidth in KiB/s in
     * {@code bw}, bytes/s in {@code bw_bytes}, runtime in ms, latencies in ns), so that fio's
     * consumers read it unchanged; docs/fio-json.md lists the keys drivespeed fills with fio's
     * zero.
     *
     * @param generator the program and version, written as {@code "fio version"} with its first
     *     space a dash ({@code myapp 1.2} becomes {@code myapp-1.2})
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
        return "FioResults" + names();
    }
}
