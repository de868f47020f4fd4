package io.github.drivespeed.cli.run;

import io.github.drivespeed.cli.output.OutputFile;
import io.github.drivespeed.fio.internal.FioLogWriter;
import io.github.drivespeed.fio.internal.FioLogs;
import io.github.drivespeed.fio.internal.FioPlans;
import io.github.drivespeed.report.WorkloadReport;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The log files of one fio job, checked before any I/O as drivespeed's other output files are
 * (an existing file is replaced only with {@code --overwrite}, or when started as {@code fio},
 * which replaces its logs), and written when the job's run has ended. With
 * {@code per_job_logs=0} jobs may name the same file: the first writes it, the others append
 * their lines in turn, as fio appends them.
 */
public final class FioLogFiles {

    private final FioLogs logs;
    /** Each file, and the output file that writes it; null where an earlier job writes it. */
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
     * @throws IllegalArgumentException naming the option and file that cannot be written
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
                    String other = owners.putIfAbsent(f.path().toAbsolutePath().normalize(),
                            job.name());
                    files.put(f, other != null ? null
                            : OutputFile.check(f.option(), f.path().toString(), replace));
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
            String kind = e.getKey().kind();
            if (e.getValue() != null) {
                e.getValue().write(out -> writer.writeTo(kind, out));
                continue;
            }
            Path path = e.getKey().path();
            try (OutputStream out = Files.newOutputStream(path, StandardOpenOption.APPEND)) {
                writer.writeTo(kind, out);
            } catch (IOException x) {
                throw new IOException(e.getKey().option() + ": cannot append to " + path + ": "
                        + x.getMessage(), x);
            }
        }
    }

    /** Removes what was left of files not written (a run that failed). */
    public void close() {
        files.values().stream().filter(Objects::nonNull).forEach(OutputFile::close);
    }
}
