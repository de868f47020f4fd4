package io.github.drivespeed.cli;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.SequentialPlan;
import io.github.drivespeed.WorkloadPlan;
import io.github.drivespeed.error.InsufficientSpaceException;
import io.github.drivespeed.error.TargetNotFoundException;
import io.github.drivespeed.error.TargetNotWritableException;
import io.github.drivespeed.error.UnsupportedTargetException;
import io.github.drivespeed.cli.chart.ThroughputChart;
import io.github.drivespeed.cli.output.CsvReport;
import io.github.drivespeed.cli.output.JsonReport;
import io.github.drivespeed.cli.output.OutputFile;
import io.github.drivespeed.cli.progress.Listeners;
import io.github.drivespeed.cli.progress.ProgressBar;
import io.github.drivespeed.cli.results.Results;
import io.github.drivespeed.cli.text.HeaderPrinter;
import io.github.drivespeed.cli.text.RunLinePrinter;
import io.github.drivespeed.parameters.Preset;
import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.progress.WorkloadListener;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.report.WorkloadTable;
import io.github.drivespeed.requirement.Measurements;
import io.github.drivespeed.requirement.RequirementCheck;
import io.github.drivespeed.requirement.StorageRequirement;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.unit.Nanoseconds;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.function.BooleanSupplier;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Command;
import io.github.drivespeed.cli.options.DeviceWriteOptions;
import io.github.drivespeed.cli.options.Form;
import io.github.drivespeed.cli.options.GivenOptions;
import io.github.drivespeed.cli.options.MeasurementOptions;
import io.github.drivespeed.cli.options.OptionPlacement;
import io.github.drivespeed.cli.options.OptionTable.Exclusion;
import io.github.drivespeed.cli.options.OutputOptions;
import io.github.drivespeed.cli.options.ReadModeOptions;
import io.github.drivespeed.cli.options.RequirementOptions;
import io.github.drivespeed.cli.options.SequentialOptions;
import io.github.drivespeed.cli.options.WholeNumbers;
import io.github.drivespeed.cli.options.WorkloadOptions;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** {@code drivespeed [DIR]}: write then read a test file in DIR and print the speeds. */
@Command(name = "drivespeed", mixinStandardHelpOptions = true,
        versionProvider = DriveSpeedCommand.Version.class,
        // the same forms as the README's "Command line" section
        customSynopsis = {
            "drivespeed [DIR] [--block-size SIZE] [--count N] [--runs N]",
            "                  [--buffered | --direct-or-buffered] [--dsync] [--zeros]",
            "                  [-T] [--drop-caches] [--backend native|java]",
            "       drivespeed --probe [DIR]",
            "       drivespeed [DIR] --preset NAME[,NAME...] [--size SIZE]",
            "                  [--duration TIME] [--ramp-time TIME] [--count N] [--seed N]",
            "                  [--runs N] [--buffered]",
            "       drivespeed [DIR] --rw MODE [--rwmixread PCT] [--bs SIZE] [--iodepth N]",
            "                  [--threads N] [--size SIZE] [--duration TIME | --count N]",
            "                  [--ramp-time TIME] [--seed N] [--runs N] [--buffered]",
            "       drivespeed [DIR] --sweep [--rw MODE] (the --rw options but --bs)",
            "       drivespeed DEVICE [--block-size SIZE] [--duration TIME | --count N]",
            "                  [--runs N] [--buffered] [-T] [--drop-caches]",
            "                  [--backend native|java]        (read-only, as hdparm -t)",
            "       drivespeed DEVICE --write --allow-writes-to DEVICE [--force] ...",
            "                                                 (destroys DEVICE's contents)",
            "  DIR forms: [--json | --csv] [-o|--output FILE] [--overwrite]",
            "             [--chart FILE.png] [--require SPEC]; every form: [-q|--quiet]",
            "  --probe takes only --json, --csv, --output, --overwrite and --quiet.",
            "  --bs is --block-size; --iodepth, --threads and --duration have fio's names",
            "  too: --queue-depth, --numjobs and --runtime.",
            ""},
        description = {
            "Measures how fast the drive holding DIR writes and reads: for each run, writes a new "
                    + "test file (O_DIRECT, random data, fdatasync timed), reads it back, and "
                    + "removes it.",
            "MB/s is 10^6 bytes per second (as dd prints), MiB/s is 2^20 bytes per second.",
            "--json and --csv print machine-readable results (raw units: bytes, bytes per second,"
                    + " nanoseconds); --require checks them against a requirement.",
            "Given a block device (drivespeed /dev/sdX) it reads the device, read-only, like "
                    + "hdparm -t (O_DIRECT, 3 s per run from offset 0 on); -T adds hdparm -T's "
                    + "cached-read figure.",
            "With --preset, --rw or --sweep it runs fio-style workloads instead: random or "
                    + "sequential I/O over one fully written test file, threads, queue depth, "
                    + "time-based runs, IOPS and completion-latency percentiles."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:measured (and the requirement, if any, was met)",
            "1:measured, but the --require requirement was not met (the reasons on stderr)",
            "2:bad option, value or target (missing, not a directory or block device, not"
                    + " writable, writing a device refused; an --output or --chart file that"
                    + " cannot be created); nothing written",
            "3:I/O error (no space, O_DIRECT refused, read or write failed, interrupted, output"
                    + " not written)",
            "130:interrupted by Ctrl-C (SIGINT); the test file is removed",
            "143:terminated (SIGTERM); the test file is removed"})
public final class DriveSpeedCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    /** Whether standard error is a terminal (a progress bar is drawn only there). */
    private final BooleanSupplier stderrIsTerminal;

    DriveSpeedCommand(BooleanSupplier stderrIsTerminal) {
        this.stderrIsTerminal = stderrIsTerminal;
    }

    @Parameters(index = "0", arity = "0..1", paramLabel = "DIR", defaultValue = ".",
            description = "Directory to test in (default: the current directory), or a block "
                    + "device to read (read-only unless --write).")
    private String directory;

    @Option(names = "--probe",
            description = "Only describe the drive holding DIR (file system, mount options, block "
                    + "devices, model, block sizes, link, warnings); write nothing. Takes no"
                    + " measuring option.")
    private boolean probe;

    @Mixin
    private MeasurementOptions measurement;

    @Mixin
    private SequentialOptions sequential;

    @Mixin
    private ReadModeOptions readModes;

    @Mixin
    private DeviceWriteOptions deviceWrite;

    @Mixin
    private WorkloadOptions workload;

    @Mixin
    private OutputOptions outputOptions;

    @Mixin
    private RequirementOptions requirementOptions;

    /**
     * Runs the command and exits with its code.
     *
     * @param args command-line arguments
     */
    public static void main(String[] args) {
        PrintWriter stderr = new PrintWriter(new OutputStreamWriter(System.err,
                StandardCharsets.UTF_8), true);
        CommandLine cl = commandLine();
        cl.setErr(stderr);
        DriveSpeedCommand command = cl.getCommand();
        InterruptNotice notice = InterruptNotice.install(stderr, () -> command.directory == null
                || command.directory.isEmpty() ? null : Path.of(command.directory),
                Terminal.stderrIsTerminal());
        int code;
        try {
            code = cl.execute(args);
        } catch (Error e) {
            // picocli passes Errors through (OutOfMemoryError, say): one line and the I/O-error
            // exit code, not a stack trace followed by the interrupt notice
            notice.finished();
            stderr.println("drivespeed: the measurement failed: " + e);
            stderr.flush();
            System.exit(ExitCode.IO_ERROR);
            return;
        }
        notice.finished();
        System.exit(code);
    }

    /** @return the command line, with one-line error reporting; visible for tests */
    static CommandLine commandLine() {
        return commandLine(Terminal::stderrIsTerminal);
    }

    /**
     * @param stderrIsTerminal whether to draw the progress bar on the command line's stderr
     * @return the command line, with one-line error reporting; visible for tests
     */
    static CommandLine commandLine(BooleanSupplier stderrIsTerminal) {
        CommandLine cl = new CommandLine(new DriveSpeedCommand(stderrIsTerminal));
        WholeNumbers.registerWith(cl);
        cl.setParameterExceptionHandler((ex, args) -> {
            String message = String.valueOf(ex.getMessage());
            if (message.startsWith("Invalid value for ")) {
                message = "invalid" + message.substring("Invalid".length());
            }
            ex.getCommandLine().getErr().println("drivespeed: " + message);
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

    /** The name of an option as the user typed it, for messages. */
    private String typed(String name) {
        return new GivenOptions(spec).typed(name);
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
        Form form = Form.of(probe, workload, dir);
        OptionPlacement placement = new OptionPlacement(new GivenOptions(spec));
        String exclusion = placement.exclusion(form);
        if (exclusion != null) {
            return fail(err, exclusion, ExitCode.BAD_INPUT);
        }
        Outputs outputs;
        StorageRequirement requirement;
        try {
            outputs = outputs(out);
            requirement = requirementOptions.require() == null ? null
                    : option(null, "--require", requirementOptions.require(), t -> StorageRequirement.parse(requirementOptions.require()));
        } catch (IllegalArgumentException e) {
            return fail(err, e.getMessage(), ExitCode.BAD_INPUT);
        }
        try (OutputFile file = outputs.file(); OutputFile chartFile = outputs.chart()) {
            // created now, so that a file that cannot be created is found before measuring
            for (OutputFile f : new OutputFile[] {file, chartFile}) {
                if (f != null) {
                    f.create();
                }
            }
            if (form == Form.PROBE) {
                return probe(dir, outputs, err);
            }
            String misplaced = placement.misplaced(form, requirement != null
                    && (requirement.needsRandomReads() || requirement.needsRandomWrites()), dir);
            if (misplaced != null) {
                return fail(err, misplaced, ExitCode.BAD_INPUT);
            }
            switch (form) {
                case DEVICE:
                    return DeviceCommand.run(dir, new DeviceCommand.Settings(measurement,
                            workload.duration(), readModes, deviceWrite), outputs.text(), err);
                case SEQUENTIAL:
                    return callSequential(dir, outputs, requirement);
                default:
                    return callWorkload(dir, outputs, requirement);
            }
        } catch (IOException e) {
            return fail(err, e.getMessage(), ExitCode.BAD_INPUT);
        }
    }

    /** Where each kind of output goes, checked before anything is measured. */
    private record Outputs(PrintWriter text, StringWriter textBuffer, Writer machine,
            OutputFile file, OutputFile chart, boolean machineFormat) {
    }

    private Outputs outputs(PrintWriter out) {
        Exclusion.JSON_CSV.check(outputOptions.json(), outputOptions.csv());
        if (outputOptions.overwrite() && outputOptions.output() == null && outputOptions.chart() == null) {
            throw new IllegalArgumentException("option '--overwrite' needs --output or --chart");
        }
        OutputFile file = outputOptions.output() == null ? null : OutputFile.check("--output", outputOptions.output(), outputOptions.overwrite());
        if (outputOptions.chart() != null && !outputOptions.chart().toLowerCase(Locale.ROOT).endsWith(".png")) {
            throw new IllegalArgumentException("invalid value for option '--chart': '" + outputOptions.chart()
                    + "': the chart is a PNG image; give a name ending in .png");
        }
        OutputFile chartFile = outputOptions.chart() == null ? null
                : OutputFile.check("--chart", outputOptions.chart(), outputOptions.overwrite());
        if (file != null && chartFile != null && file.path().equals(chartFile.path())) {
            throw new IllegalArgumentException("options '--output' and '--chart' name the same"
                    + " file: " + file.path());
        }
        boolean machine = outputOptions.json() || outputOptions.csv();
        PrintWriter nowhere = new PrintWriter(Writer.nullWriter());
        StringWriter buffer = null;
        PrintWriter text;
        if (!machine && file != null) {
            buffer = new StringWriter();
            text = new PrintWriter(buffer);
        } else if (outputOptions.quiet() || (machine && file == null)) {
            text = nowhere;
        } else {
            text = out;
        }
        return new Outputs(text, buffer, machine && file == null ? out : null, file, chartFile,
                machine);
    }

    private int callSequential(Path dir, Outputs outputs, StorageRequirement requirement) {
        PrintWriter err = spec.commandLine().getErr();
        boolean sequentialNeeded = requirement == null || requirement.needsSequentialTest();
        SequentialPlan test = null;
        WorkloadPlan random = null;
        try {
            if (sequentialNeeded) {
                test = plan(dir);
            }
            if (requirement != null && (requirement.needsRandomReads()
                    || requirement.needsRandomWrites())) {
                random = requirementWorkloadPlan(dir);
            }
        } catch (IllegalArgumentException e) {
            return fail(err, e.getMessage(), ExitCode.BAD_INPUT);
        }
        PrintWriter text = outputs.text();
        Results results = null;
        try (ProgressBar bar = progressBar(test == null ? 0 : test.parameters().runs())) {
            if (test != null) {
                ProgressListener lines = new RunLinePrinter(text, "drivespeed on "
                        + dir.toAbsolutePath().normalize() + ": " + test.parameters());
                SpeedReport report = test.listener(bar == null ? lines
                        : new Listeners(bar, lines)).run();
                text.println();
                text.print(report);
                text.flush();
                results = Results.of(report);
            }
            if (random != null) {
                List<Preset> rnd = List.of(Preset.RND4K_Q1T1);
                WorkloadPlan plan = random.listener(bar == null ? WorkloadListener.NONE : bar);
                text.println((results == null ? "" : "\n") + "drivespeed on "
                        + dir.toAbsolutePath().normalize() + ": presets " + rnd + ", "
                        + plan.parameters().size() + " file, " + runLength(plan)
                        + " (for the requirement)");
                text.flush();
                WorkloadTable table = plan.presets(rnd);
                printTable(text, table, false);
                results = results == null ? Results.of(table) : results.and(table);
            }
        } catch (IllegalArgumentException e) {
            String message = e.getMessage();
            if (message != null && test != null && (message.startsWith("blockSize ")
                    || message.startsWith("cannot allocate "))) {
                message = "invalid value for option '" + typed("--block-size") + "': '"
                        + (measurement.blockSize() == null ? SequentialPlan.DEFAULT_BLOCK_SIZE : measurement.blockSize()) + "': "
                        + message;
            }
            return fail(err, message, ExitCode.BAD_INPUT);
        } catch (TargetNotFoundException | UnsupportedTargetException
                | TargetNotWritableException e) {
            return fail(err, e.getMessage(), ExitCode.BAD_INPUT);
        } catch (InsufficientSpaceException e) {
            // the sequential test runs first: no results yet means it was the one
            return fail(err, lowerWhat(e, test != null && results == null
                    ? typed("--block-size") + " (" + (measurement.blockSize() == null
                            ? SequentialPlan.DEFAULT_BLOCK_SIZE : measurement.blockSize()) + ") or "
                            + typed("--count") + " (" + (measurement.count() == null ? SequentialPlan.DEFAULT_COUNT
                                    : measurement.count()) + ")"
                    : typed("--size") + sizeGiven()), ExitCode.IO_ERROR);
        } catch (IOException e) {
            return fail(err, e.getMessage(), ExitCode.IO_ERROR);
        }
        return finish(results, requirement, outputs, null);
    }

    /**
     * The no-space message with the option to lower, as the user would type it, in place of the
     * API's "the block size or the count".
     */
    private static String lowerWhat(InsufficientSpaceException e, String options) {
        String message = String.valueOf(e.getMessage());
        String api = "lower the block size or the count";
        return message.endsWith(api)
                ? message.substring(0, message.length() - api.length()) + "lower " + options
                : message;
    }

    private String sizeGiven() {
        return workload.size() == null ? " (default " + WorkloadPlan.DEFAULT_SIZE + ")" : " (" + workload.size() + ")";
    }

    /**
     * An API message from a workload plan's run, with the command line's option names: {@code
     * blockSize 8 MiB is larger than size 4 MiB} names {@code --bs} and {@code --size}.
     */
    private String workloadMessage(String message) {
        if (message == null) {
            return null;
        }
        if (message.startsWith("blockSize ") || message.startsWith("cannot allocate ")) {
            String m = message.startsWith("blockSize ")
                    ? message.substring("blockSize ".length()) : message;
            m = m.replace("than size ", "than " + typed("--size") + " ");
            return "invalid value for option '" + typed("--block-size") + "': '"
                    + (measurement.blockSize() == null ? WorkloadPlan.DEFAULT_BLOCK_SIZE : measurement.blockSize()) + "': " + m;
        }
        return message;
    }

    /** A progress bar on stderr, or null when stderr is no terminal or --quiet was given. */
    private ProgressBar progressBar(int runs) {
        return outputOptions.quiet() || !stderrIsTerminal.getAsBoolean() ? null
                : new ProgressBar(spec.commandLine().getErr(), runs);
    }

    /**
     * Checks the requirement, writes the machine-readable results, the text file and the chart,
     * prints the verdict, and says how it went.
     *
     * @param sweepTable the sweep's table when the chart is to show throughput against block size
     */
    private int finish(Results measured, StorageRequirement requirement, Outputs outputs,
            WorkloadTable sweepTable) {
        PrintWriter err = spec.commandLine().getErr();
        Results results = measured;
        RequirementCheck check = null;
        if (requirement != null) {
            check = requirement.check(measurementsOf(results));
            results = results.with(check);
            outputs.text().println();
            outputs.text().print(check);
        }
        try {
            writeMachineOutput(results, outputs);
            if (outputs.chart() != null) {
                Results r = results;
                outputs.chart().write(o -> ThroughputChart.writePng(sweepTable == null
                        ? ThroughputChart.timeline(r)
                        : ThroughputChart.blockSizeSweep(sweepTable, r), o));
            }
        } catch (IOException e) {
            return fail(err, e.getMessage(), ExitCode.IO_ERROR);
        }
        if (spec.commandLine().getOut().checkError()) {
            return fail(err, "could not write the results to standard output", ExitCode.IO_ERROR);
        }
        if (check != null && !check.passed()) {
            err.println("drivespeed: requirement " + requirement.name() + " not met:");
            for (RequirementCheck.Result r : check.failures()) {
                err.println("  " + r);
            }
            err.flush();
            return ExitCode.REQUIREMENT_FAILED;
        }
        return ExitCode.OK;
    }

    private static Measurements measurementsOf(Results results) {
        Measurements m = Measurements.empty();
        for (Results.Job job : results.jobs()) {
            m = job.sequential().isPresent() ? m.with(job.sequential().get())
                    : m.with(job.workload().orElseThrow());
        }
        return m;
    }

    private void writeMachineOutput(Results results, Outputs outputs) throws IOException {
        outputs.text().flush();
        if (outputs.machineFormat()) {
            if (outputs.file() != null) {
                outputs.file().write(o -> machine(results, new OutputStreamWriter(o,
                        StandardCharsets.UTF_8)));
            } else {
                machine(results, outputs.machine());
            }
        } else if (outputs.file() != null) {
            String text = outputs.textBuffer().toString();
            outputs.file().write(o -> o.write(text.getBytes(StandardCharsets.UTF_8)));
        }
    }

    private void machine(Results results, Writer to) throws IOException {
        if (outputOptions.json()) {
            JsonReport.write(results, new Version().getVersion()[0], to);
        } else {
            CsvReport.write(results, to);
        }
        to.flush();
    }

    private int probe(Path dir, Outputs outputs, PrintWriter err) {
        TargetInfo target;
        try {
            target = DriveSpeed.probe(dir);
        } catch (TargetNotFoundException | UnsupportedTargetException e) {
            return fail(err, e.getMessage(), ExitCode.BAD_INPUT);
        } catch (IOException e) {
            return fail(err, e.getMessage(), ExitCode.IO_ERROR);
        }
        PrintWriter out = outputs.text();
        out.print(target.summary());
        if (target.warnings().isEmpty()) {
            out.println("warnings:   none");
        } else {
            out.println("warnings:");
            target.warnings().stream().sorted().forEach(
                    w -> out.println("  - " + w.name() + ": " + w.message()));
        }
        return finish(Results.probe(target), null, outputs, null);
    }

    private SequentialPlan plan(Path dir) {
        SequentialPlan test = DriveSpeed.on(dir);
        if (measurement.blockSize() != null) {
            test = option(test, typed("--block-size"), measurement.blockSize(), t -> t.blockSize(measurement.blockSize()));
        }
        if (measurement.count() != null) {
            test = option(test, typed("--count"), measurement.count(), t -> t.count(measurement.count()));
        }
        if (measurement.runs() != null) {
            test = option(test, typed("--runs"), measurement.runs(), t -> t.runs(measurement.runs()));
        }
        Exclusion.BUFFERED_FALLBACK.check(measurement.buffered(), sequential.directOrBuffered());
        if (measurement.buffered()) {
            test = test.buffered();
        }
        if (sequential.directOrBuffered()) {
            test = test.directOrBuffered();
        }
        if (sequential.dsync()) {
            test = test.dsync();
        }
        if (sequential.zeros()) {
            test = test.zeros();
        }
        if (measurement.backend() != null) {
            test = option(test, typed("--backend"), measurement.backend(), t -> t.backend(measurement.backend()));
        }
        if (readModes.dropCaches()) {
            if (!measurement.buffered() && !sequential.directOrBuffered()) {
                throw new IllegalArgumentException(DROP_CACHES_NEEDS_BUFFERED);
            }
            test = test.dropCaches();
        }
        if (readModes.cachedRead()) {
            test = test.cachedRead();
        }
        return test;
    }

    private int callWorkload(Path dir, Outputs outputs, StorageRequirement requirement) {
        PrintWriter err = spec.commandLine().getErr();
        WorkloadPlan plan;
        List<Preset> chosen;
        try {
            plan = workloadPlan(dir);
            chosen = workload.presets() == null ? List.of() : presetList(workload.presets());
        } catch (IllegalArgumentException e) {
            return fail(err, e.getMessage(), ExitCode.BAD_INPUT);
        }
        PrintWriter out = outputs.text();
        Results results;
        WorkloadTable sweepTable = null;
        try (ProgressBar bar = progressBar(0)) {
            // printed when the first stage starts: the plan's own checks come first
            plan = plan.listener(new HeaderPrinter(out, "drivespeed on "
                    + dir.toAbsolutePath().normalize() + ": " + (!chosen.isEmpty()
                            ? "presets " + chosen + ", " + plan.parameters().size() + " file, "
                                    + runLength(plan)
                            : workload.sweep() ? sweepHeader(plan)
                            : plan.parameters().toString()),
                    bar == null ? WorkloadListener.NONE : bar));
            if (!chosen.isEmpty() || workload.sweep()) {
                WorkloadTable table = chosen.isEmpty() ? plan.sweep() : plan.presets(chosen);
                printTable(out, table, workload.sweep());
                results = Results.of(table);
                sweepTable = chosen.isEmpty() ? table : null;
            } else {
                WorkloadReport report = plan.run();
                out.println();
                out.print(report);
                results = Results.of(report);
            }
        } catch (IllegalArgumentException e) {
            return fail(err, workloadMessage(e.getMessage()), ExitCode.BAD_INPUT);
        } catch (TargetNotFoundException | UnsupportedTargetException
                | TargetNotWritableException e) {
            return fail(err, e.getMessage(), ExitCode.BAD_INPUT);
        } catch (InsufficientSpaceException e) {
            return fail(err, lowerWhat(e, typed("--size") + sizeGiven()), ExitCode.IO_ERROR);
        } catch (IOException e) {
            return fail(err, e.getMessage(), ExitCode.IO_ERROR);
        }
        return finish(results, requirement, outputs, sweepTable);
    }

    /** The table, then the target, backend, I/O engines and warnings of its rows. */
    private void printTable(PrintWriter out, WorkloadTable table, boolean isSweep) {
        out.println();
        out.print(table);
        WorkloadReport first = table.rows().get(0).report();
        out.println();
        out.print(first.target().summary());
        out.println("backend:    " + first.backend());
        Set<String> engines = new java.util.LinkedHashSet<>();
        for (WorkloadTable.Row row : table.rows()) {
            engines.add(row.report().ioEngine());
        }
        List<WorkloadTable.Row> rows = table.rows();
        if (isSweep && engines.size() == 1) {
            out.println("I/O:        " + engines.iterator().next() + " (block sizes "
                    + rows.get(0).label() + " to " + rows.get(rows.size() - 1).label() + ")");
        } else {
            for (WorkloadTable.Row row : rows) {
                out.println(String.format(Locale.ROOT, "I/O:        %-22s %s", row.label(),
                        row.report().ioEngine()));
            }
        }
        Set<Warning> warnings = new TreeSet<>();
        for (WorkloadTable.Row row : table.rows()) {
            warnings.addAll(row.report().warnings());
        }
        out.println(warnings.isEmpty() ? "warnings:   none" : "warnings:");
        for (Warning w : warnings) {
            out.println("  - " + w.name() + ": " + w.message());
        }
        out.flush();
    }

    /**
     * The sweep's parameters without the plan's one block size: {@code read, block sizes 4 KiB
     * to 64 MiB, size 1 GiB, ...}; says when the mode is the sweep's default, randread.
     */
    private String sweepHeader(WorkloadPlan plan) {
        String p = plan.parameters().toString();
        String bs = ", bs " + plan.parameters().blockSize();
        int at = p.indexOf(bs);
        String header = at < 0 ? p : p.substring(0, at) + ", block sizes "
                + WorkloadPlan.DEFAULT_SWEEP.get(0) + " to "
                + WorkloadPlan.DEFAULT_SWEEP.get(WorkloadPlan.DEFAULT_SWEEP.size() - 1)
                + p.substring(at + bs.length());
        return workload.rw() == null ? header.replaceFirst("^randread", "randread (--sweep's default; give"
                + " --rw for another)") : header;
    }

    private static String runLength(WorkloadPlan plan) {
        WorkloadParameters p = plan.parameters();
        return (p.timeBased() ? Nanoseconds.format(p.duration().get().toNanos()) + " per run"
                : p.iosPerRun() + " I/Os per run")
                + (p.rampTime().isZero() ? "" : " after " + Nanoseconds.format(p.rampTime().toNanos())
                        + " ramp")
                + ", " + p.runs() + (p.runs() == 1 ? " run" : " runs")
                + (p.direct() ? ", O_DIRECT" : ", buffered");
    }

    /** The refusal of --drop-caches where the reads bypass the page cache. */
    static final String DROP_CACHES_NEEDS_BUFFERED = "option '--drop-caches' needs --buffered"
            + " (O_DIRECT reads bypass the page cache: there is nothing to drop)";

    private WorkloadPlan workloadPlan(Path dir) {
        WorkloadPlan w = commonWorkloadOptions(DriveSpeed.workload(dir));
        if (workload.rw() != null) {
            w = rwMode(w, workload.rw(), workload.rwmixread());
        } else if (workload.rwmixread() != null) {
            throw new IllegalArgumentException("option '--rwmixread' needs --rw rw or --rw randrw");
        }
        if (measurement.blockSize() != null) {
            w = option(w, typed("--block-size"), measurement.blockSize(), t -> t.blockSize(measurement.blockSize()));
        }
        if (workload.iodepth() != null) {
            w = option(w, typed("--iodepth"), workload.iodepth(), t -> t.queueDepth(workload.iodepth()));
        }
        if (workload.threads() != null) {
            w = option(w, typed("--threads"), workload.threads(), t -> t.threads(workload.threads()));
        }
        if (measurement.count() != null) {
            Exclusion.COUNT_DURATION.check(true, workload.duration() != null);
            w = option(w, typed("--count"), measurement.count(), t -> t.count(measurement.count()));
        }
        return w;
    }

    /**
     * The plan of the random 4 KiB workloads a requirement needs: only the options that apply to
     * them; --block-size and --count stay the sequential test's.
     */
    private WorkloadPlan requirementWorkloadPlan(Path dir) {
        return commonWorkloadOptions(DriveSpeed.workload(dir));
    }

    /** --size, --duration, --ramp-time, --seed, --runs, --buffered and --backend. */
    private WorkloadPlan commonWorkloadOptions(WorkloadPlan plan) {
        WorkloadPlan w = plan;
        if (workload.size() != null) {
            w = option(w, typed("--size"), workload.size(), t -> t.size(workload.size()));
        }
        if (workload.duration() != null) {
            w = option(w, typed("--duration"), workload.duration(), t -> t.duration(parseDuration(workload.duration())));
        }
        if (workload.rampTime() != null) {
            w = option(w, typed("--ramp-time"), workload.rampTime(), t -> t.rampTime(parseDuration(workload.rampTime())));
        }
        if (workload.seed() != null) {
            w = w.seed(workload.seed());
        }
        if (measurement.runs() != null) {
            w = option(w, typed("--runs"), measurement.runs(), t -> t.runs(measurement.runs()));
        }
        if (measurement.buffered()) {
            w = w.buffered();
        }
        if (measurement.backend() != null) {
            w = option(w, typed("--backend"), measurement.backend(), t -> t.backend(measurement.backend()));
        }
        return w;
    }

    /**
     * @param mixOrNull {@code --rwmixread}, or null when not given (50 for a mix); refused with
     *     a mode that does not mix
     */
    private static WorkloadPlan rwMode(WorkloadPlan w, String mode, Integer mixOrNull) {
        int mix = mixOrNull == null ? 50 : mixOrNull;
        switch (mode.toLowerCase(Locale.ROOT)) {
            case "read":
                return unmixed(mode, mixOrNull, w.sequential().read());
            case "write":
                return unmixed(mode, mixOrNull, w.sequential().write());
            case "rw":
            case "readwrite":
                return option(w.sequential(), "--rwmixread", mix, t -> t.readWrite(mix));
            case "randread":
                return unmixed(mode, mixOrNull, w.random().read());
            case "randwrite":
                return unmixed(mode, mixOrNull, w.random().write());
            case "randrw":
                return option(w.random(), "--rwmixread", mix, t -> t.readWrite(mix));
            default:
                throw new IllegalArgumentException("invalid value for option '--rw': '" + mode
                        + "': expected read, write, rw, randread, randwrite or randrw");
        }
    }

    /** {@code plan} for a mode that does not mix reads and writes, where no mix was given. */
    private static WorkloadPlan unmixed(String mode, Integer mixOrNull, WorkloadPlan plan) {
        if (mixOrNull != null) {
            throw new IllegalArgumentException("option '--rwmixread' needs --rw rw or --rw"
                    + " randrw, not --rw " + mode);
        }
        return plan;
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

    /** A duration as fio writes them; no unit means seconds (fio's runtime). */
    static Duration parseDuration(String text) {
        return Nanoseconds.parse(text, ChronoUnit.SECONDS);
    }

    /** Applies one option, naming it and its value if the plan refuses it. */
    static <T> T option(T test, String name, Object value, UnaryOperator<T> setter) {
        try {
            return setter.apply(test);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("invalid value for option '" + name + "': '"
                    + value + "': " + e.getMessage(), e);
        }
    }

    /** Prints one line on stderr: control characters (a newline in a path) are escaped. */
    static int fail(PrintWriter err, String message, int code) {
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
