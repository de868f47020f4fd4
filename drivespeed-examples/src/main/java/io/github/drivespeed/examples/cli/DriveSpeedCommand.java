package io.github.drivespeed.examples.cli;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.LatencyStats;
import io.github.drivespeed.Preset;
import io.github.drivespeed.SpeedReport;
import io.github.drivespeed.SpeedTest;
import io.github.drivespeed.TargetInfo;
import io.github.drivespeed.TargetNotFoundException;
import io.github.drivespeed.TargetNotWritableException;
import io.github.drivespeed.UnsupportedTargetException;
import io.github.drivespeed.Warning;
import io.github.drivespeed.WorkloadParameters;
import io.github.drivespeed.WorkloadReport;
import io.github.drivespeed.WorkloadTable;
import io.github.drivespeed.WorkloadTest;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code drivespeed [DIR]}: write then read a test file in DIR and print the speeds. */
@Command(name = "drivespeed", mixinStandardHelpOptions = true,
        versionProvider = DriveSpeedCommand.Version.class,
        description = {
            "Measures how fast the drive holding DIR writes and reads: for each run, writes a new "
                    + "test file (O_DIRECT, random data, fdatasync timed), reads it back, and "
                    + "removes it.",
            "MB/s is 10^6 bytes per second (as dd prints), MiB/s is 2^20 bytes per second.",
            "With --preset, --rw or --sweep it runs fio-style workloads instead: random or "
                    + "sequential I/O over one fully written test file, threads, queue depth, "
                    + "time-based runs, IOPS and completion-latency percentiles."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:measured", "2:bad option, value or target (missing, not a directory, not"
                    + " writable); nothing written",
            "3:I/O error (no space, O_DIRECT refused, read or write failed, output not written)",
            "130:interrupted by Ctrl-C (SIGINT); 143: terminated (SIGTERM); the test file is"
                    + " removed in both cases"})
public final class DriveSpeedCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "DIR", defaultValue = ".",
            description = "Directory to test in (default: the current directory).")
    private String directory;

    @Option(names = {"--block-size", "--bs"}, paramLabel = "SIZE",
            description = "Bytes per write and read call, like dd's bs, a multiple of 512: 8M, "
                    + "4KiB, 512, 1G (K/M/G/T and KiB.. are powers of 1024, kB/MB/GB/TB of "
                    + "1000). Default: 8M.")
    private String blockSize;

    @Option(names = "--count", paramLabel = "N",
            description = "Blocks per pass, like dd's count. Default: 32. With a workload: "
                    + "I/Os per run over all threads (size-based instead of --duration).")
    private Long count;

    @Option(names = "--runs", paramLabel = "N", description = "Measured runs. Default: 3.")
    private Integer runs;

    @Option(names = "--buffered",
            description = "Go through the page cache instead of O_DIRECT (the read figure is "
                    + "then flagged when it may come from the cache).")
    private boolean buffered;

    @Option(names = "--direct-or-buffered",
            description = "Use O_DIRECT where the file system allows it, else buffered I/O; the "
                    + "report then says the figures are buffered (warning BUFFERED_FALLBACK).")
    private boolean directOrBuffered;

    @Option(names = "--dsync", description = "Open the test file with O_DSYNC, like dd's oflag=dsync.")
    private boolean dsync;

    @Option(names = "--zeros", description = "Write zeros instead of random data, like dd if=/dev/zero.")
    private boolean zeros;

    @Option(names = "--probe",
            description = "Only describe the drive holding DIR (file system, mount options, block "
                    + "devices, model, block sizes, link, warnings); write nothing.")
    private boolean probe;

    @Option(names = "--backend", paramLabel = "NAME",
            description = "I/O backend: native (JNA system calls: O_TMPFILE, pread/pwrite, "
                    + "posix_fadvise) or java (FileChannel). Default: native where it works, "
                    + "else java; the summary says which ran and why.")
    private String backend;

    @Option(names = "--preset", paramLabel = "NAME", split = ",",
            description = "Workload preset(s), each run as a read and a write test: "
                    + "SEQ1M-Q8T1, SEQ1M-Q1T1, RND4K-Q32T1, RND4K-Q1T1, SEQ128K-Q32T1, "
                    + "RND4K-Q32T16; 'standard' for the first four, 'nvme' for the NVMe set. "
                    + "Repeatable or comma-separated.")
    private List<String> presets;

    @Option(names = "--rw", paramLabel = "MODE",
            description = "Workload, fio's names: read, write, rw (mixed), randread, randwrite, "
                    + "randrw.")
    private String rw;

    @Option(names = "--rwmixread", paramLabel = "PCT",
            description = "Share of reads in a mixed workload (rw, randrw), in percent. Default: 50.")
    private Integer rwmixread;

    @Option(names = "--sweep", description = "Run the workload at every block size from 4K to "
            + "64M (powers of two) and print a table.")
    private boolean sweep;

    @Option(names = {"--iodepth", "--queue-depth"}, paramLabel = "N",
            description = "Workload: I/Os in flight per thread. Without asynchronous I/O in the "
                    + "backend, run as that many more threads (the report says so). Default: 1.")
    private Integer iodepth;

    @Option(names = {"--threads", "--numjobs"}, paramLabel = "N",
            description = "Workload: threads, each with its own offsets. Default: 1.")
    private Integer threads;

    @Option(names = "--size", paramLabel = "SIZE",
            description = "Workload: the test file's size, written in full first. Default: 1G.")
    private String size;

    @Option(names = {"--duration", "--runtime"}, paramLabel = "TIME",
            description = "Workload: measured time per run: 5, 5s, 500ms, 2m. Default: 5s. "
                    + "(--count N instead runs N I/Os per run.)")
    private String duration;

    @Option(names = "--ramp-time", paramLabel = "TIME",
            description = "Workload: time run before each run's measured part, left out of the "
                    + "figures. Default: 0.")
    private String rampTime;

    @Option(names = "--seed", paramLabel = "N",
            description = "Workload: seed of the random offsets and read/write choices. Default: 0.")
    private Long seed;

    /**
     * Runs the command and exits with its code.
     *
     * @param args command-line arguments
     */
    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** @return the command line, with one-line error reporting; visible for tests */
    static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new DriveSpeedCommand());
        cl.setParameterExceptionHandler((ex, args) -> {
            ex.getCommandLine().getErr().println("drivespeed: " + ex.getMessage());
            ex.getCommandLine().getErr().flush();
            return ExitCode.BAD_INPUT;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            commandLine.getErr().println("drivespeed: " + ex);
            commandLine.getErr().flush();
            return ExitCode.IO_ERROR;
        });
        return cl;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (directory.isEmpty()) {
            return fail(err, "DIR must not be empty: give a directory, or none for the current"
                    + " directory", ExitCode.BAD_INPUT);
        }
        Path dir = Path.of(directory);
        if (probe) {
            return probe(dir, out, err);
        }
        if (presets != null || rw != null || sweep) {
            return callWorkload(dir);
        }
        String misplaced = workloadOnlyOption();
        if (misplaced != null) {
            return fail(err, "option '" + misplaced + "' needs a workload (--rw, --preset or"
                    + " --sweep)", ExitCode.BAD_INPUT);
        }
        SpeedTest test;
        try {
            test = plan(dir);
        } catch (IllegalArgumentException e) {
            return fail(err, e.getMessage(), ExitCode.BAD_INPUT);
        }
        SpeedReport report;
        try {
            report = test.listener(new RunLinePrinter(out, "drivespeed on "
                    + dir.toAbsolutePath().normalize() + ": " + test.parameters())).run();
        } catch (IllegalArgumentException e) {
            String message = e.getMessage();
            if (message != null && message.startsWith("blockSize ")) {
                message = "invalid value for option '--block-size': '"
                        + (blockSize == null ? SpeedTest.DEFAULT_BLOCK_SIZE : blockSize) + "': "
                        + message;
            }
            return fail(err, message, ExitCode.BAD_INPUT);
        } catch (TargetNotFoundException | UnsupportedTargetException
                | TargetNotWritableException e) {
            return fail(err, e.getMessage(), ExitCode.BAD_INPUT);
        } catch (IOException e) {
            return fail(err, e.getMessage(), ExitCode.IO_ERROR);
        }
        out.println();
        out.print(report);
        if (out.checkError()) {
            return fail(err, "could not write the results to standard output", ExitCode.IO_ERROR);
        }
        return ExitCode.OK;
    }

    private int probe(Path dir, PrintWriter out, PrintWriter err) {
        TargetInfo target;
        try {
            target = DriveSpeed.probe(dir);
        } catch (TargetNotFoundException | UnsupportedTargetException e) {
            return fail(err, e.getMessage(), ExitCode.BAD_INPUT);
        } catch (IOException e) {
            return fail(err, e.getMessage(), ExitCode.IO_ERROR);
        }
        out.print(target.summary());
        if (target.warnings().isEmpty()) {
            out.println("warnings:   none");
        } else {
            out.println("warnings:");
            target.warnings().stream().sorted().forEach(
                    w -> out.println("  - " + w.name() + ": " + w.message()));
        }
        if (out.checkError()) {
            return fail(err, "could not write the results to standard output", ExitCode.IO_ERROR);
        }
        return ExitCode.OK;
    }

    private SpeedTest plan(Path dir) {
        SpeedTest test = DriveSpeed.on(dir);
        if (blockSize != null) {
            test = option(test, "--block-size", blockSize, t -> t.blockSize(blockSize));
        }
        if (count != null) {
            test = option(test, "--count", count, t -> t.count(count));
        }
        if (runs != null) {
            test = option(test, "--runs", runs, t -> t.runs(runs));
        }
        if (buffered && directOrBuffered) {
            throw new IllegalArgumentException(
                    "options '--buffered' and '--direct-or-buffered' exclude each other");
        }
        if (buffered) {
            test = test.buffered();
        }
        if (directOrBuffered) {
            test = test.directOrBuffered();
        }
        if (dsync) {
            test = test.dsync();
        }
        if (zeros) {
            test = test.zeros();
        }
        if (backend != null) {
            test = option(test, "--backend", backend, t -> t.backend(backend));
        }
        return test;
    }

    private String workloadOnlyOption() {
        if (rwmixread != null) {
            return "--rwmixread";
        }
        if (iodepth != null) {
            return "--iodepth";
        }
        if (threads != null) {
            return "--threads";
        }
        if (size != null) {
            return "--size";
        }
        if (duration != null) {
            return "--duration";
        }
        if (rampTime != null) {
            return "--ramp-time";
        }
        return seed != null ? "--seed" : null;
    }

    private int callWorkload(Path dir) {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (dsync || zeros || directOrBuffered) {
            return fail(err, "option '" + (dsync ? "--dsync" : zeros ? "--zeros"
                    : "--direct-or-buffered") + "' applies to the sequential test only, not to"
                    + " workloads", ExitCode.BAD_INPUT);
        }
        WorkloadTest plan;
        List<Preset> chosen;
        try {
            plan = workloadPlan(dir);
            chosen = presets == null ? List.of() : presetList(presets);
            if (!chosen.isEmpty() && (rw != null || sweep)) {
                throw new IllegalArgumentException("--preset runs its own read and write tests;"
                        + " it cannot be combined with --rw or --sweep");
            }
        } catch (IllegalArgumentException e) {
            return fail(err, e.getMessage(), ExitCode.BAD_INPUT);
        }
        try {
            out.println("drivespeed on " + dir.toAbsolutePath().normalize() + ": "
                    + (chosen.isEmpty() ? plan.parameters().toString()
                            : "presets " + chosen + ", " + plan.parameters().size() + " file, "
                                    + runLength(plan)));
            out.flush();
            if (!chosen.isEmpty() || sweep) {
                WorkloadTable table = chosen.isEmpty() ? plan.sweep() : plan.presets(chosen);
                out.println();
                out.print(table);
                WorkloadReport first = table.rows().get(0).report();
                out.println();
                out.print(first.target().summary());
                out.println("backend:    " + first.backend());
                for (WorkloadTable.Row row : table.rows()) {
                    out.println(String.format(Locale.ROOT, "I/O:        %-22s %s", row.label(),
                            row.report().ioEngine()));
                }
                Set<Warning> warnings = new TreeSet<>();
                for (WorkloadTable.Row row : table.rows()) {
                    warnings.addAll(row.report().warnings());
                }
                out.println("warnings:   " + (warnings.isEmpty() ? "none" : ""));
                for (Warning w : warnings) {
                    out.println("  - " + w.name() + ": " + w.message());
                }
            } else {
                out.println();
                out.print(plan.run());
            }
        } catch (IllegalArgumentException | TargetNotFoundException
                | UnsupportedTargetException | TargetNotWritableException e) {
            return fail(err, e.getMessage(), ExitCode.BAD_INPUT);
        } catch (IOException e) {
            return fail(err, e.getMessage(), ExitCode.IO_ERROR);
        }
        if (out.checkError()) {
            return fail(err, "could not write the results to standard output", ExitCode.IO_ERROR);
        }
        return ExitCode.OK;
    }

    private static String runLength(WorkloadTest plan) {
        WorkloadParameters p = plan.parameters();
        return (p.timeBased() ? LatencyStats.formatNanos(p.duration().get().toNanos()) + " per run"
                : p.iosPerRun() + " I/Os per run")
                + (p.rampTime().isZero() ? "" : " after " + LatencyStats.formatNanos(p.rampTime().toNanos())
                        + " ramp")
                + ", " + p.runs() + (p.runs() == 1 ? " run" : " runs")
                + (p.direct() ? ", O_DIRECT" : ", buffered");
    }

    private WorkloadTest workloadPlan(Path dir) {
        WorkloadTest w = DriveSpeed.workload(dir);
        if (rw != null) {
            w = rwMode(w, rw, rwmixread == null ? 50 : rwmixread);
        } else if (rwmixread != null) {
            throw new IllegalArgumentException("option '--rwmixread' needs --rw rw or --rw randrw");
        }
        if (blockSize != null) {
            w = wOption(w, "--block-size", blockSize, t -> t.blockSize(blockSize));
        }
        if (size != null) {
            w = wOption(w, "--size", size, t -> t.size(size));
        }
        if (iodepth != null) {
            w = wOption(w, "--iodepth", iodepth, t -> t.queueDepth(iodepth));
        }
        if (threads != null) {
            w = wOption(w, "--threads", threads, t -> t.threads(threads));
        }
        if (duration != null) {
            w = wOption(w, "--duration", duration, t -> t.duration(parseDuration(duration)));
        }
        if (count != null) {
            if (duration != null) {
                throw new IllegalArgumentException("options '--count' and '--duration' exclude"
                        + " each other: a run is size-based or time-based");
            }
            w = wOption(w, "--count", count, t -> t.count(count));
        }
        if (rampTime != null) {
            w = wOption(w, "--ramp-time", rampTime, t -> t.rampTime(parseDuration(rampTime)));
        }
        if (seed != null) {
            w = w.seed(seed);
        }
        if (runs != null) {
            w = wOption(w, "--runs", runs, t -> t.runs(runs));
        }
        if (buffered) {
            w = w.buffered();
        }
        if (backend != null) {
            w = wOption(w, "--backend", backend, t -> t.backend(backend));
        }
        return w;
    }

    private static WorkloadTest rwMode(WorkloadTest w, String mode, int mix) {
        switch (mode.toLowerCase(Locale.ROOT)) {
            case "read":
                return w.sequential().read();
            case "write":
                return w.sequential().write();
            case "rw":
            case "readwrite":
                return wOption(w.sequential(), "--rwmixread", mix, t -> t.readWrite(mix));
            case "randread":
                return w.random().read();
            case "randwrite":
                return w.random().write();
            case "randrw":
                return wOption(w.random(), "--rwmixread", mix, t -> t.readWrite(mix));
            default:
                throw new IllegalArgumentException("invalid value for option '--rw': '" + mode
                        + "': expected read, write, rw, randread, randwrite or randrw");
        }
    }

    private static List<Preset> presetList(List<String> names) {
        List<Preset> list = new ArrayList<>();
        for (String name : names) {
            String n = name.trim().toLowerCase(Locale.ROOT);
            if (n.equals("standard") || n.equals("all")) {
                list.addAll(Preset.STANDARD);
            } else if (n.equals("nvme")) {
                list.addAll(Preset.NVME);
            } else {
                try {
                    list.add(Preset.parse(name));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("invalid value for option '--preset': '"
                            + name + "': " + e.getMessage() + ", standard, nvme", e);
                }
            }
        }
        return list;
    }

    /**
     * A duration as fio writes them: an integer with an optional unit {@code ns}, {@code us},
     * {@code ms}, {@code s}, {@code m}, {@code h}; no unit means seconds (fio's runtime).
     */
    static Duration parseDuration(String text) {
        Matcher m = Pattern.compile("(\\d{1,12})\\s?(ns|us|ms|s|m|h)?")
                .matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("not a duration: '" + text
                    + "' (expected for example 5, 5s, 500ms, 2m)");
        }
        long v = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        switch (unit) {
            case "ns":
                return Duration.ofNanos(v);
            case "us":
                return Duration.ofNanos(v * 1000);
            case "ms":
                return Duration.ofMillis(v);
            case "m":
                return Duration.ofMinutes(v);
            case "h":
                return Duration.ofHours(v);
            default:
                return Duration.ofSeconds(v);
        }
    }

    private static WorkloadTest wOption(WorkloadTest test, String name, Object value,
            UnaryOperator<WorkloadTest> setter) {
        try {
            return setter.apply(test);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("invalid value for option '" + name + "': '"
                    + value + "': " + e.getMessage(), e);
        }
    }

    /** Applies one option, naming it and its value if the plan refuses it. */
    private static SpeedTest option(SpeedTest test, String name, Object value,
            UnaryOperator<SpeedTest> setter) {
        try {
            return setter.apply(test);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("invalid value for option '" + name + "': '"
                    + value + "': " + e.getMessage(), e);
        }
    }

    /** Prints one line on stderr: control characters (a newline in a path) are escaped. */
    private static int fail(PrintWriter err, String message, int code) {
        StringBuilder line = new StringBuilder("drivespeed: ");
        for (char c : String.valueOf(message).toCharArray()) {
            if (c == '\n') {
                line.append("\\n");
            } else if (Character.isISOControl(c)) {
                line.append(String.format("\\x%02x", (int) c));
            } else {
                line.append(c);
            }
        }
        err.println(line);
        err.flush();
        return code;
    }

    /** The version from the jar manifest. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = DriveSpeedCommand.class.getPackage().getImplementationVersion();
            return new String[] {"drivespeed " + (v == null ? "(development build)" : v)};
        }
    }
}
