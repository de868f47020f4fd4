package io.github.drivespeed.cli;

import io.github.drivespeed.cli.options.Form;
import io.github.drivespeed.fio.internal.FioSection;
import io.github.drivespeed.cli.options.FormOptions;
import io.github.drivespeed.cli.options.GivenOptions;
import io.github.drivespeed.cli.options.MeasurementOptions;
import io.github.drivespeed.cli.options.OptionPlacement;
import io.github.drivespeed.cli.options.OutputOptions;
import io.github.drivespeed.cli.output.OutputRouter;
import io.github.drivespeed.cli.run.CapacityCheckRunner;
import io.github.drivespeed.cli.run.CapacityProbeRunner;
import io.github.drivespeed.cli.run.DeviceRunner;
import io.github.drivespeed.cli.run.ErrorLine;
import io.github.drivespeed.cli.run.FioJobRunner;
import io.github.drivespeed.cli.run.ExitCode;
import io.github.drivespeed.cli.run.ProbeRunner;
import io.github.drivespeed.cli.run.RequirementChecker;
import io.github.drivespeed.cli.run.RunContext;
import io.github.drivespeed.cli.run.SequentialRunner;
import io.github.drivespeed.cli.run.SustainedRunner;
import io.github.drivespeed.cli.run.WorkloadRunner;
import io.github.drivespeed.requirement.StorageRequirement;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.BooleanSupplier;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code drivespeed [DIR]}: the top-level command. Holds the positional target and the arguments
 * picocli does not know (its model, options and all, is built by {@link CommandLineFactory}
 * without annotations: reading them costs every start of the command more than the rest of its
 * model); picks the form (probe, sequential test, workload, device), has the option table refuse
 * what the form does not take, routes the output, and hands over to the form's runner.
 */
final class DriveSpeedCommand implements Callable<Integer> {

    /** The command's name, in its help and errors. */
    static final String NAME = "drivespeed";

    /** The exit codes the help lists, each {@code CODE:MEANING}. */
    static final List<String> EXIT_CODES = List.of(
            "0:" + ExitCode.OK_MEANING,
            "1:" + ExitCode.REQUIREMENT_FAILED_MEANING,
            "2:" + ExitCode.BAD_INPUT_MEANING,
            "3:" + ExitCode.IO_ERROR_MEANING,
            "4:" + ExitCode.NOT_JUDGED_MEANING,
            "130:" + ExitCode.INTERRUPTED_MEANING,
            "143:" + ExitCode.TERMINATED_MEANING);

    /** The heading of the exit codes in the help. */
    static final String EXIT_CODE_HEADING = "%nExit codes:%n";

    private CommandSpec spec;

    /** Whether standard error is a terminal (a progress bar is drawn only there). */
    private final BooleanSupplier stderrIsTerminal;

    /** Whether the command was started under the name {@code fio}. */
    private final boolean asFio;

    /** The positional target, {@code DIR}; null before the arguments are parsed. */
    private volatile String directory;

    /** Arguments picocli does not know: fio's spellings, read by {@link FioJobLine}. */
    private final List<String> unmatched = new ArrayList<>();

    DriveSpeedCommand(BooleanSupplier stderrIsTerminal, boolean asFio) {
        this.stderrIsTerminal = stderrIsTerminal;
        this.asFio = asFio;
    }

    /** @param spec the command's model, which {@link CommandLineFactory} built around it */
    void spec(CommandSpec spec) {
        this.spec = spec;
    }

    /** @param directory the positional target, as picocli parsed it */
    void directory(String directory) {
        this.directory = directory;
    }

    /** @return the list picocli fills with the arguments it does not know */
    List<String> unmatched() {
        return unmatched;
    }

    /** @return the target given, null before the arguments are parsed or when it is empty */
    Path target() {
        String d = directory;
        return d == null || d.isEmpty() ? null : Path.of(d);
    }

    /**
     * {@return the refusal of an empty target or of dd's operands typed as the target or beside
     * it ({@code bs=1M}: {@link DdOperands}), or null}
     */
    private String targetWordsRefusal() {
        if (directory.isEmpty()) {
            return "DIR must not be empty: give a directory, or none for the current directory";
        }
        if (asFio) {
            return null;
        }
        List<String> words = new ArrayList<>(List.of(directory));
        words.addAll(unmatched);
        return DdOperands.refusal(words);
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        String badTarget = targetWordsRefusal();
        if (badTarget != null) {
            return ErrorLine.print(err, badTarget, ExitCode.BAD_INPUT);
        }
        Path target = Path.of(directory);
        GivenOptions given = new GivenOptions(spec);
        FioJobLine fio = new FioJobLine(spec, given, directory, unmatched, asFio);
        String unknown = fio.unmatchedRefusal();
        if (unknown != null) {
            return ErrorLine.print(err, unknown, ExitCode.BAD_INPUT);
        }
        String missing = fio.missingJobFileRefusal();
        if (missing != null) {
            return ErrorLine.print(err, missing, ExitCode.BAD_INPUT);
        }
        if (asFio && !fio.givesJobs()) {
            // fio without a job prints its usage; drivespeed's own tests are not run in its place
            return ErrorLine.print(err, "started as fio: give fio's jobs (--name=NAME and its"
                    + " options, or a job file); 'drivespeed --help' lists drivespeed's own tests",
                    ExitCode.BAD_INPUT);
        }
        Form form = Form.of(given, fio.givesJobs(), target);
        OptionPlacement placement = new OptionPlacement(given);
        String exclusion = placement.exclusion(form);
        if (exclusion != null) {
            return ErrorLine.print(err, exclusion, ExitCode.BAD_INPUT);
        }
        OutputRouter outputs;
        StorageRequirement requirement;
        try {
            OutputRouter.FioMeaning fioOutput = form != Form.FIO_JOB
                    ? OutputRouter.FioMeaning.NONE
                    : asFio ? OutputRouter.FioMeaning.FIO : OutputRouter.FioMeaning.JOBS;
            outputs = OutputRouter.of(new OutputOptions(given), out, Version.line(), fioOutput);
            requirement = given.value(OutputOptions.REQUIRE);
        } catch (IllegalArgumentException e) {
            return ErrorLine.print(err, e.getMessage(), ExitCode.BAD_INPUT);
        }
        try (outputs) {
            outputs.createFiles();
            RunContext context = new RunContext(target, err, outputs, given,
                    given.has(OutputOptions.QUIET), stderrIsTerminal, form);
            if (form == Form.PROBE) {
                return new ProbeRunner(context).run();
            }
            String misplaced = placement.misplaced(form, requirement,
                    RequirementChecker.needsWorkloads(requirement), target);
            if (misplaced != null) {
                return ErrorLine.print(err, misplaced, ExitCode.BAD_INPUT);
            }
            return run(form, context, requirement, fio, given);
        } catch (IOException e) {
            return ErrorLine.print(err, e.getMessage(), ExitCode.BAD_INPUT);
        }
    }

    /** Runs the form's runner on options already checked; returns its exit code. */
    private int run(Form form, RunContext context, StorageRequirement requirement,
            FioJobLine fio, GivenOptions given) throws IOException {
        switch (form) {
            case FIO_JOB:
                return runFioJobs(fio, given, context);
            case DEVICE:
                return new DeviceRunner(context).run();
            case SEQUENTIAL:
                return new SequentialRunner(context, requirement).run();
            case SUSTAINED:
                return new SustainedRunner(context, requirement).run();
            case CAPACITY_CHECK:
                return new CapacityCheckRunner(context).run();
            case CAPACITY_PROBE:
                return new CapacityProbeRunner(context).run();
            default:
                return new WorkloadRunner(context, requirement).run();
        }
    }

    private int runFioJobs(FioJobLine fio, GivenOptions given, RunContext context)
            throws IOException {
        String misspelled = fio.misspelled();
        if (misspelled != null) {
            return ErrorLine.print(context.err(), misspelled, ExitCode.BAD_INPUT);
        }
        try {
            Path file = fio.jobFile();
            List<String> allowOverwrite = given.value(FormOptions.ALLOW_OVERWRITE);
            List<FioSection> sections = fio.sections();
            String stray = fio.strayBesideJobs();
            if (stray != null) {
                return ErrorLine.print(context.err(), stray, ExitCode.BAD_INPUT);
            }
            return new FioJobRunner(context, file == null ? "the command line" : file.toString(),
                    sections, fio.directory(),
                    allowOverwrite == null ? List.of() : allowOverwrite,
                    given.value(MeasurementOptions.BACKEND)).run();
        } catch (IllegalArgumentException e) {
            return ErrorLine.print(context.err(), e.getMessage(), ExitCode.BAD_INPUT);
        }
    }
}
