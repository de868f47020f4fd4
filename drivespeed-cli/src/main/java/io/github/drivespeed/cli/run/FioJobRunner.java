package io.github.drivespeed.cli.run;

import io.github.drivespeed.cli.fio.FioJobs;
import io.github.drivespeed.cli.fio.FioLogFiles;
import io.github.drivespeed.cli.options.FormOptions;
import io.github.drivespeed.cli.fio.FioPlans;
import io.github.drivespeed.cli.fio.FioReported;
import io.github.drivespeed.cli.fio.FioSection;
import io.github.drivespeed.cli.fio.LaidOutFile;
import io.github.drivespeed.cli.results.FioWritten;
import io.github.drivespeed.cli.results.Results;
import io.github.drivespeed.cli.text.FioReportPrinter;
import io.github.drivespeed.error.CgroupMemoryLimitException;
import io.github.drivespeed.error.InsufficientSpaceException;
import io.github.drivespeed.error.TargetNotFoundException;
import io.github.drivespeed.error.TargetNotWritableException;
import io.github.drivespeed.error.UnsafeTargetException;
import io.github.drivespeed.error.UnsupportedTargetException;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.report.WorkloadTable;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashSet;
import java.time.Instant;
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
        Results results = null;
        List<Map<String, String>> jobOptions = new ArrayList<>();
        List<FioWritten.LaidOut> laidOut = new ArrayList<>();
        try {
            for (FioPlans.RunSet set : sets) {
                layOut(out, set, laidOut);
                if (set.measured().isEmpty()) {
                    continue;
                }
                List<WorkloadReport> reports = set.group().run();
                for (int i = 0; i < reports.size(); i++) {
                    FioLogFiles files = logs.get(set.measured().get(i));
                    if (files != null) {
                        files.write(reports.get(i));
                    }
                }
                out.println();
                List<FioReported> reported = FioReported.of(set.measured(), reports);
                FioReportPrinter.print(out, reported);
                WorkloadTable table = table(set, reported, jobOptions);
                results = (results == null ? Results.probe(table.rows().get(0).report()
                        .target()) : results).andGroup(table);
            }
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
        FioWritten written = new FioWritten(jobs.globalWritten(), jobOptions, laidOut);
        return Completion.finish(context, (results == null ? Results.none() : results)
                .with(written), null, null);
    }

    /** Lays out the files of the set's {@code create_only=1} jobs, which measure nothing. */
    private static void layOut(PrintWriter out, FioPlans.RunSet set,
            List<FioWritten.LaidOut> laidOut) throws IOException {
        for (FioPlans.PlannedJob j : set.jobs()) {
            if (j.createOnly().isEmpty()) {
                continue;
            }
            FioPlans.CreateOnly c = j.createOnly().get();
            Instant start = Instant.now();
            boolean marked = LaidOutFile.layOut(c.file(), c.bytes());
            out.println(j.name() + ": laid out " + c.file() + ": " + c.bytes() + " bytes of random"
                    + " data (create_only=1), nothing measured" + (marked ? ""
                            : "; the file system keeps no extended attribute " + LaidOutFile.MARK
                            + ", so a job that writes it needs "
                            + FormOptions.ALLOW_OVERWRITE.option()));
            laidOut.add(new FioWritten.LaidOut(j.name(), j.group(), j.written(), c.file(),
                    c.bytes(), start));
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
                        + (j.cloneIndex() > 0 || clones(set, j) > 1
                                ? " (clone " + j.cloneIndex() + ")" : "")
                        + (j.startDelay().isZero() ? "" : ", start delay " + j.startDelay()));
                for (String note : j.notes()) {
                    out.println("  note: " + note);
                }
            }
        }
    }

    private static long clones(FioPlans.RunSet set, FioPlans.PlannedJob j) {
        return set.jobs().stream().filter(x -> x.name().equals(j.name())).count();
    }

    /**
     * The results of one group, one row per job as fio reports it: a job or clone alone (a
     * clone named {@code name.N}), or with {@code group_reporting} the group's jobs joined.
     */
    private static WorkloadTable table(FioPlans.RunSet set, List<FioReported> reported,
            List<Map<String, String>> jobOptions) {
        List<String> labels = new ArrayList<>();
        List<WorkloadReport> reports = new ArrayList<>();
        int job = 0;
        for (FioReported r : reported) {
            FioPlans.PlannedJob j = set.measured().get(job);
            jobOptions.add(j.written());
            labels.add(r.reports().size() == 1 && clones(set, j) > 1
                    ? j.name() + "." + j.cloneIndex() : r.name());
            reports.add(r.aggregate());
            job += r.reports().size();
        }
        return WorkloadTable.of(labels, reports);
    }
}
