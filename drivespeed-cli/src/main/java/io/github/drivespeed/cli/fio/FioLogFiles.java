package io.github.drivespeed.cli.fio;

import io.github.drivespeed.cli.output.OutputFile;
import io.github.drivespeed.report.WorkloadReport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The log files of one fio job, checked before any I/O as drivespeed's other output files are
 * (an existing file is replaced only with {@code --overwrite}, or when started as {@code fio},
 * which replaces its logs), and written when the job's run has ended.
 */
public final class FioLogFiles {

    private final FioLogs logs;
    private final Map<FioLogs.File, OutputFile> files;

    private FioLogFiles(FioLogs logs, Map<FioLogs.File, OutputFile> files) {
        this.logs = logs;
        this.files = files;
    }

    /**
     * Checks every log file the jobs ask for.
     *
     * @param sets the planned jobs
     * @param replace whether an existing file may be replaced
     * @return each job that asks for logs, with its files
     * @throws IllegalArgumentException naming the option and file that cannot be written, or
     *     two jobs that would write the same file
     */
    public static Map<FioPlans.PlannedJob, FioLogFiles> check(List<FioPlans.RunSet> sets,
            boolean replace) {
        Map<FioPlans.PlannedJob, FioLogFiles> all = new LinkedHashMap<>();
        Map<Path, String> owners = new HashMap<>();
        for (FioPlans.RunSet set : sets) {
            for (FioPlans.PlannedJob job : set.measured()) {
                if (job.logs().isEmpty()) {
                    continue;
                }
                Map<FioLogs.File, OutputFile> files = new LinkedHashMap<>();
                for (FioLogs.File f : job.logs().get().files()) {
                    String other = owners.put(f.path().toAbsolutePath().normalize(), job.name());
                    if (other != null) {
                        throw new IllegalArgumentException(f.option() + ": jobs '" + other
                                + "' and '" + job.name() + "' would both write " + f.path()
                                + ": give per_job_logs=1 (fio's default) or another prefix");
                    }
                    files.put(f, OutputFile.check(f.option(), f.path().toString(), replace));
                }
                all.put(job, new FioLogFiles(job.logs().get(), files));
            }
        }
        return all;
    }

    /**
     * Writes the files from the job's report.
     *
     * @param report the job's report, whose first run's samples carry its I/O logs
     * @throws IOException if a file cannot be written, naming it
     */
    public void write(WorkloadReport report) throws IOException {
        FioLogWriter writer = new FioLogWriter(logs, report);
        for (Map.Entry<FioLogs.File, OutputFile> e : files.entrySet()) {
            e.getValue().write(out -> writer.writeTo(e.getKey().kind(), out));
        }
    }

    /** Removes what was left of files not written (a run that failed). */
    public void close() {
        new ArrayList<>(files.values()).forEach(OutputFile::close);
    }
}
