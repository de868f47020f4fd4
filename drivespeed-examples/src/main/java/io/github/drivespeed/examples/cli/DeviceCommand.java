package io.github.drivespeed.examples.cli;

import static io.github.drivespeed.examples.cli.DriveSpeedCommand.option;

import io.github.drivespeed.DeviceReport;
import io.github.drivespeed.DeviceTest;
import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.TargetNotFoundException;
import io.github.drivespeed.UnsafeTargetException;
import io.github.drivespeed.UnsupportedTargetException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * {@code drivespeed /dev/sdX}: the read-only device test, as {@code hdparm -t} (with
 * {@code -T}, also {@code hdparm -T}'s cached reads), or, with the opt-ins, a write test.
 */
final class DeviceCommand {

    /** The settings taken from the command line. */
    record Settings(String blockSize, Long count, Integer runs, String duration, boolean buffered,
            String backend, ReadOptions read) { }

    private DeviceCommand() {
    }

    /**
     * @param path a path given as the target
     * @return whether it is a block device (following symbolic links, as /dev/disk/by-id/...)
     */
    static boolean isBlockDevice(Path path) {
        try {
            int mode = (Integer) Files.getAttribute(path, "unix:mode");
            return (mode & 0170000) == 0060000;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * Builds the plan from the options.
     *
     * @throws IllegalArgumentException naming the option and value a setter refused
     */
    static DeviceTest plan(Path device, Settings s) {
        DeviceTest t = DriveSpeed.onDevice(device);
        if (s.blockSize() != null) {
            t = option(t, "--block-size", s.blockSize(), p -> p.blockSize(s.blockSize()));
        }
        if (s.count() != null && s.duration() != null) {
            throw new IllegalArgumentException("options '--count' and '--duration' exclude each"
                    + " other: a run is size-based or time-based");
        }
        if (s.count() != null) {
            t = option(t, "--count", s.count(), p -> p.count(s.count()));
        }
        if (s.duration() != null) {
            t = option(t, "--duration", s.duration(),
                    p -> p.duration(DriveSpeedCommand.parseDuration(s.duration())));
        }
        if (s.runs() != null) {
            t = option(t, "--runs", s.runs(), p -> p.runs(s.runs()));
        }
        if (s.buffered()) {
            t = t.buffered();
        }
        ReadOptions r = s.read();
        if (r.dropCaches) {
            t = t.dropCaches();
        }
        if (r.cachedRead) {
            t = t.cachedRead();
        }
        if (r.write) {
            t = t.write();
        } else if (r.deviceWriteOption() != null) {
            throw new IllegalArgumentException("option '" + r.deviceWriteOption()
                    + "' needs --write");
        }
        if (r.allowWritesTo != null) {
            t = t.allowWritesTo(Path.of(r.allowWritesTo));
        }
        if (r.force) {
            t = t.force();
        }
        if (s.backend() != null) {
            t = option(t, "--backend", s.backend(), p -> p.backend(s.backend()));
        }
        return t;
    }

    /**
     * Runs the device test and prints it.
     *
     * @return the exit code
     */
    static int run(Path device, Settings s, PrintWriter out, PrintWriter err) {
        DeviceTest plan;
        try {
            plan = plan(device, s);
        } catch (IllegalArgumentException e) {
            return DriveSpeedCommand.fail(err, e.getMessage(), ExitCode.BAD_INPUT);
        }
        DeviceReport report;
        try {
            report = plan.listener(RunLinePrinter.detailed(out, "drivespeed on "
                    + device.toAbsolutePath().normalize() + ": " + plan.parameters())).run();
        } catch (IllegalArgumentException | TargetNotFoundException | UnsupportedTargetException
                | UnsafeTargetException e) {
            return DriveSpeedCommand.fail(err, e.getMessage(), ExitCode.BAD_INPUT);
        } catch (IOException e) {
            return DriveSpeedCommand.fail(err, e.getMessage(), ExitCode.IO_ERROR);
        }
        out.println();
        report.cachedRead().ifPresent(c -> out.println(String.format(Locale.ROOT,
                " Timing cached reads:   %.0f MB in %.2f seconds = %.2f MB/sec (memory, not the"
                        + " drive)", c.totalBytes() / 1e6, c.samples().get(0).elapsedSeconds(),
                c.median().megabytesPerSecond())));
        out.println(String.format(Locale.ROOT,
                " Timing %s disk reads: %.0f MB in %.2f seconds = %.2f MB/sec (median of %d)",
                report.parameters().direct() ? "O_DIRECT" : "buffered",
                report.read().totalBytes() / 1e6 / report.read().count(),
                report.read().samples().stream().mapToDouble(x -> x.elapsedSeconds()).sum()
                        / report.read().count(),
                report.read().median().megabytesPerSecond(), report.read().count()));
        out.println();
        out.print(report);
        if (out.checkError()) {
            return DriveSpeedCommand.fail(err, "could not write the results to standard output",
                    ExitCode.IO_ERROR);
        }
        return ExitCode.OK;
    }
}
