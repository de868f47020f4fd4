package io.github.drivespeed.cli.run;

import io.github.drivespeed.fio.internal.FioJobs;
import io.github.drivespeed.cli.options.FormOptions;
import io.github.drivespeed.fio.internal.FioPlans;
import io.github.drivespeed.fio.internal.FioReported;
import io.github.drivespeed.fio.internal.FioSection;
import io.github.drivespeed.fio.internal.FioSets;
import io.github.drivespeed.fio.internal.LaidOutFile;
import io.github.drivespeed.fio.internal.Results;
import io.github.drivespeed.fio.internal.text.FioReportPrinter;
import io.github.drivespeed.error.CgroupMemoryLimitException;
import io.github.drivespeed.error.InsufficientSpaceException;
import io.github.drivespeed.error.TargetNotFoundException;
import io.github.drivespeed.error.TargetNotWritableException;
import io.github.drivespeed.error.UnsafeTargetException;
import io.github.drivespeed.error.UnsupportedTargetException;
import io.github.drivespeed.report.WorkloadReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * fio's jobs, from a job file or an fio-spelled command line: reads and checks every job and
 * file before any I/O, then runs the sets of jobs one after another (stonewall), the jobs of a
 * set at the same time, and prints each set as fio reports it.
 */
public final class FioJobRunner {

    private final RunContext context;
    private final String source;
    private final List<FioSection> sections;
    private final Path directory;
    private final List<String> allowOverwrite;
    private final String backend;

    /**
     * A runner of fio's jobs, from a job file or the command line.
     *
     * @param context where the text and the results go
     * @param source the job file, or {@code the command line}, for the header
     * @param sections the sections read
     * @param directory where jobs without {@code directory=} or {@code filename=} run
     * @param allowOverwrite the {@code --allow-overwrite} files as given
     * @param backend {@code --backend} as given, or null
     */
    public FioJobRunner(RunContext context, String source, List<FioSection> sections,
            Path directory, List<String> allowOverwrite, String backend) {
        this.context = context;
        this.source = source;
        this.sections = List.copyOf(sections);
        this.directory = directory;
        this.allowOverwrite = List.copyOf(allowOverwrite);
        this.backend = backend;
    }

    /** {@return the exit code of the jobs, one of {@link ExitCode}'s} */
    public int run() {
        List<FioPlans.RunSet> sets;
        FioJobs jobs;
        try {
            jobs = FioJobs.of(sections);
            sets = new FioPlans(directory, allowed(), backend, new SecureRandom()::nextLong)
                    .plan(jobs);
        } catch (IllegalArgumentException e) {
            return context.fail(e.getMessage(), ExitCode.BAD_INPUT);
        } catch (IOException e) {
            return context.fail(e.getMessage(), ExitCode.BAD_INPUT);
        }
        Map<FioPlans.PlannedJob, FioLogFiles> logs;
        try {
            logs = FioLogFiles.check(sets, context.outputs().replaces());
        } catch (IllegalArgumentException e) {
            return context.fail(e.getMessage(), ExitCode.BAD_INPUT);
        }
        PrintWriter out = context.outputs().text();
        header(out, sets);
        Results results;
        try {
            results = FioSets.run(jobs, sets, new Printed(out, logs));
        } catch (IllegalArgumentException | TargetNotFoundException
                | UnsupportedTargetException | TargetNotWritableException
                | UnsafeTargetException | CgroupMemoryLimitException e) {
            return context.fail(e.getMessage(), ExitCode.BAD_INPUT);
        } catch (InsufficientSpaceException e) {
            return context.fail(e.getMessage(), ExitCode.IO_ERROR);
        } catch (IOException e) {
            return context.fail(e.getMessage(), ExitCode.IO_ERROR);
        } finally {
            logs.values().forEach(FioLogFiles::close);
        }
        return Completion.finish(context, results, null, null);
    }

    /** Prints each set as fio reports it, and writes its jobs' log files. */
    private record Printed(PrintWriter out, Map<FioPlans.PlannedJob, FioLogFiles> logs)
            implements FioSets.Observer {

        @Override
        public void laidOut(FioPlans.PlannedJob j, FioPlans.CreateOnly c, boolean marked) {
            out.println(j.name() + ": laid out " + c.file() + ": " + c.bytes() + " bytes of random"
                    + " data (create_only=1), nothing measured" + (marked ? ""
                            : "; the file system keeps no extended attribute " + LaidOutFile.MARK
                            + ", so a job that writes it needs "
                            + FormOptions.ALLOW_OVERWRITE.option()));
        }

        @Override
        public void measured(FioPlans.RunSet set, List<WorkloadReport> reports,
                List<FioReported> reported) throws IOException {
            for (int i = 0; i < reports.size(); i++) {
                FioLogFiles files = logs.get(set.measured().get(i));
                if (files != null) {
                    files.write(reports.get(i));
                }
            }
            out.println();
            FioReportPrinter.print(out, reported);
        }
    }

    /** The --allow-overwrite files, each an existing regular file, by their real paths. */
    private Set<Path> allowed() throws IOException {
        Set<Path> real = new HashSet<>();
        for (String f : allowOverwrite) {
            Path p = Path.of(f);
            if (!Files.isRegularFile(p)) {
                throw context.given().refusal(FormOptions.ALLOW_OVERWRITE, f,
                        new IllegalArgumentException("not an existing regular file (a job's new"
                                + " file needs no permission: drivespeed creates and removes its"
                                + " own)"));
            }
            real.add(p.toRealPath());
        }
        return real;
    }

    private void header(PrintWriter out, List<FioPlans.RunSet> sets) {
        int jobs = sets.stream().mapToInt(s -> s.jobs().size()).sum();
        out.println("fio jobs from " + source + ": " + jobs + (jobs == 1 ? " job" : " jobs")
                + (sets.size() == 1 ? ", run at the same time"
                        : " in " + sets.size() + " sets run one after another (stonewall)"));
        for (FioPlans.RunSet set : sets) {
            for (FioPlans.PlannedJob j : set.jobs()) {
                if (j.cloneIndex() == 0) {
                    out.println(j.fioLine());
                }
                if (j.createOnly().isPresent()) {
                    j.notes().forEach(note -> out.println("  note: " + note));
                    continue;
                }
                out.println("  drivespeed: " + j.plan().parameters()
                        + (j.cloneIndex() > 0 || FioSets.clones(set, j) > 1
                                ? " (clone " + j.cloneIndex() + ")" : "")
                        + (j.startDelay().isZero() ? "" : ", start delay " + j.startDelay()));
                for (String note : j.notes()) {
                    out.println("  note: " + note);
                }
            }
        }
    }
}
