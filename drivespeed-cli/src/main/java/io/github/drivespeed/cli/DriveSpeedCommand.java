package io.github.drivespeed.cli;

import io.github.drivespeed.cli.options.DeviceWriteOptions;
import io.github.drivespeed.cli.options.FioJobOptions;
import io.github.drivespeed.cli.options.Form;
import io.github.drivespeed.cli.options.GenuineOptions;
import io.github.drivespeed.cli.options.GivenOptions;
import io.github.drivespeed.cli.options.MeasurementOptions;
import io.github.drivespeed.cli.options.OptionPlacement;
import io.github.drivespeed.cli.options.OutputOptions;
import io.github.drivespeed.cli.options.ReadModeOptions;
import io.github.drivespeed.cli.options.RequirementOptions;
import io.github.drivespeed.cli.options.SequentialOptions;
import io.github.drivespeed.cli.options.WorkloadOptions;
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
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.BooleanSupplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * {@code drivespeed [DIR]}: the top-level command. Holds the help text, the positional target and
 * the option groups; picks the form (probe, sequential test, workload, device), has the option
 * table refuse what the form does not take, routes the output, and hands over to the form's
 * runner.
 */
@Command(name = "drivespeed", mixinStandardHelpOptions = true,
        versionProvider = Version.class,
        // the same forms as docs/command-line.md
        customSynopsis = {
            "drivespeed [DIR] [--block-size SIZE] [--count N] [--runs N]",
            "                  [--buffered | --direct-or-buffered] [--dsync] [--zeros]",
            "                  [-T] [--drop-caches] [--no-verify] [--backend native|java]",
            "       drivespeed --probe [DIR]",
            "       drivespeed [DIR] --verify-capacity [--size SIZE] [--duration TIME]",
            "       drivespeed [DIR] --sustained [--size SIZE] [--duration TIME]",
            "                  [--block-size SIZE] [--buffered]",
            "       drivespeed [DIR] --preset NAME[,NAME...] [--size SIZE]",
            "                  [--duration TIME] [--ramp-time TIME] [--count N] [--seed N]",
            "                  [--runs N] [--buffered] [--ioengine psync|libaio|io_uring]",
            "       drivespeed [DIR] --rw MODE [--rwmixread PCT] [--bs SIZE] [--iodepth N]",
            "                  [--ioengine psync|libaio|io_uring] [--threads N]",
            "                  [--size SIZE] [--duration TIME | --count N]",
            "                  [--ramp-time TIME] [--seed N] [--runs N] [--buffered]",
            "                  [--norandommap]",
            "       drivespeed [DIR] --sweep [--rw MODE] (the --rw options but --bs)",
            "       drivespeed DEVICE [--block-size SIZE] [--duration TIME | --count N]",
            "                  [--runs N] [--buffered] [-T] [--drop-caches]",
            "                  [--backend native|java]        (read-only, as hdparm -t)",
            "       drivespeed DEVICE --write --allow-writes-to DEVICE [--force] ...",
            "                                                 (destroys DEVICE's contents)",
            "       drivespeed DEVICE --verify-capacity --allow-writes-to DEVICE [--force]",
            "                                  (probes its real capacity; destroys its contents)",
            "       drivespeed FILE.fio | --job FILE [DIR] [--allow-overwrite FILE]",
            "       drivespeed [DIR] --name=NAME --rw=MODE --bs=SIZE --size=SIZE --direct=1",
            "                  ... (fio's spellings; docs/fio.md)",
            "  every form: [--json | --csv] [-o|--output FILE] [--overwrite] [-q|--quiet];",
            "  DIR forms and fio jobs: [--output-format=normal|json|json+] instead of --json/--csv;",
            "  DIR forms: [--chart FILE.png] [--require SPEC], but --verify-capacity takes",
            "  neither and --sustained only --require; fio jobs take no --chart or --require.",
            "  --probe takes only --json, --csv, --output, --overwrite and --quiet.",
            "  --bs is --block-size; --iodepth, --threads and --duration have fio's names",
            "  too: --queue-depth, --numjobs and --runtime; --ioengine is fio's.",
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
                    + "time-based runs, IOPS and completion-latency percentiles.",
            "Given an fio job file (FILE.fio, or --job FILE) or fio's option spellings"
                    + " (--name=x --direct=1 ...) it runs fio's jobs, as fio groups them; an fio"
                    + " option it does not take is refused by name (and line), never ignored."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:" + ExitCode.OK_MEANING,
            "1:" + ExitCode.REQUIREMENT_FAILED_MEANING,
            "2:" + ExitCode.BAD_INPUT_MEANING,
            "3:" + ExitCode.IO_ERROR_MEANING,
            "130:" + ExitCode.INTERRUPTED_MEANING,
            "143:" + ExitCode.TERMINATED_MEANING})
final class DriveSpeedCommand implements Callable<Integer> {

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
    private GenuineOptions genuine;

    @Mixin
    private WorkloadOptions workload;

    @Mixin
    private OutputOptions outputOptions;

    @Mixin
    private RequirementOptions requirementOptions;

    @Mixin
    private FioJobOptions fioJob;

    /** Arguments picocli does not know: fio's spellings, read by {@link FioJobLine}. */
    @Unmatched
    private List<String> unmatched;

    /** @return the target given, null before the arguments are parsed or when it is empty */
    Path target() {
        return directory == null || directory.isEmpty() ? null : Path.of(directory);
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (directory.isEmpty()) {
            return ErrorLine.print(err, "DIR must not be empty: give a directory, or none for the"
                    + " current directory", ExitCode.BAD_INPUT);
        }
        Path target = Path.of(directory);
        FioJobLine fio = new FioJobLine(spec, fioJob, directory, unmatched);
        String unknown = fio.unmatchedRefusal();
        if (unknown != null) {
            return ErrorLine.print(err, unknown, ExitCode.BAD_INPUT);
        }
        Form form = Form.of(probe, fio.givesJobs(), genuine, workload, target);
        GivenOptions given = new GivenOptions(spec);
        OptionPlacement placement = new OptionPlacement(given);
        String exclusion = placement.exclusion(form);
        if (exclusion != null) {
            return ErrorLine.print(err, exclusion, ExitCode.BAD_INPUT);
        }
        OutputRouter outputs;
        StorageRequirement requirement;
        try {
            outputs = OutputRouter.of(outputOptions, out, Version.line());
            requirement = RequirementChecker.parse(requirementOptions.require());
        } catch (IllegalArgumentException e) {
            return ErrorLine.print(err, e.getMessage(), ExitCode.BAD_INPUT);
        }
        try (outputs) {
            outputs.createFiles();
            RunContext context = new RunContext(target, err, outputs, given,
                    outputOptions.quiet(), stderrIsTerminal, form);
            if (form == Form.PROBE) {
                return new ProbeRunner(context).run();
            }
            String misplaced = placement.misplaced(form,
                    RequirementChecker.needsWorkloads(requirement), target);
            if (misplaced != null) {
                return ErrorLine.print(err, misplaced, ExitCode.BAD_INPUT);
            }
            switch (form) {
                case FIO_JOB:
                    return runFioJobs(fio, given, context);
                case DEVICE:
                    return new DeviceRunner(context, measurement, workload, readModes,
                            deviceWrite, genuine).run();
                case SEQUENTIAL:
                    return new SequentialRunner(context, measurement, sequential, readModes,
                            workload, requirement, genuine).run();
                case SUSTAINED:
                    return new SustainedRunner(context, measurement, workload, requirement).run();
                case CAPACITY_CHECK:
                    return new CapacityCheckRunner(context, measurement, workload).run();
                case CAPACITY_PROBE:
                    return new CapacityProbeRunner(context, measurement, deviceWrite).run();
                default:
                    return new WorkloadRunner(context, measurement, workload, requirement).run();
            }
        } catch (IOException e) {
            return ErrorLine.print(err, e.getMessage(), ExitCode.BAD_INPUT);
        }
    }

    private int runFioJobs(FioJobLine fio, GivenOptions given, RunContext context)
            throws IOException {
        String misspelled = fio.misspelled(given);
        if (misspelled != null) {
            return ErrorLine.print(context.err(), misspelled, ExitCode.BAD_INPUT);
        }
        try {
            Path file = fio.jobFile();
            return new FioJobRunner(context, file == null ? "the command line" : file.toString(),
                    fio.sections(), file != null, fio.directory(), fioJob.allowOverwrite(),
                    measurement.backend()).run();
        } catch (IllegalArgumentException e) {
            return ErrorLine.print(context.err(), e.getMessage(), ExitCode.BAD_INPUT);
        }
    }
}
