package io.github.drivespeed.examples.cli;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.SpeedReport;
import io.github.drivespeed.SpeedTest;
import io.github.drivespeed.TargetInfo;
import io.github.drivespeed.TargetNotFoundException;
import io.github.drivespeed.TargetNotWritableException;
import io.github.drivespeed.UnsupportedTargetException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
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
            "MB/s is 10^6 bytes per second (as dd prints), MiB/s is 2^20 bytes per second."},
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

    @Option(names = "--block-size", paramLabel = "SIZE",
            description = "Bytes per write and read call, like dd's bs, a multiple of 512: 8M, "
                    + "4KiB, 512, 1G (K/M/G/T and KiB.. are powers of 1024, kB/MB/GB/TB of "
                    + "1000). Default: 8M.")
    private String blockSize;

    @Option(names = "--count", paramLabel = "N",
            description = "Blocks per pass, like dd's count. Default: 32.")
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
