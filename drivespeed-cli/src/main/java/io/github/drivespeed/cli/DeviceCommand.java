package io.github.drivespeed.cli;

import static io.github.drivespeed.cli.DriveSpeedCommand.option;

import io.github.drivespeed.DevicePlan;
import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.cli.options.DeviceWriteOptions;
import io.github.drivespeed.cli.options.MeasurementOptions;
import io.github.drivespeed.cli.options.OptionTable.Exclusion;
import io.github.drivespeed.cli.options.ReadModeOptions;
import io.github.drivespeed.cli.text.RunLinePrinter;
import io.github.drivespeed.error.TargetNotFoundException;
import io.github.drivespeed.error.UnsafeTargetException;
import io.github.drivespeed.error.UnsupportedTargetException;
import io.github.drivespeed.report.DeviceReport;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.unit.DataSize;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * {@code drivespeed /dev/sdX}: the read-only device test, as {@code hdparm -t} (with
 * {@code -T}, also {@code hdparm -T}'s cached reads), or, with the opt-ins, a write test.
 */
final class DeviceCommand {

    /** The settings taken from the command line. */
    record Settings(MeasurementOptions measurement, String duration, ReadModeOptions read,
            DeviceWriteOptions write) { }

    private DeviceCommand() {
    }

    /**
     * Builds the plan from the options.
     *
     * @throws IllegalArgumentException naming the option and value a setter refused
     */
    static DevicePlan plan(Path device, Settings s) {
        MeasurementOptions m = s.measurement();
        DevicePlan t = DriveSpeed.onDevice(device);
        if (m.blockSize() != null) {
            t = option(t, "--block-size", m.blockSize(), p -> p.blockSize(m.blockSize()));
        }
        Exclusion.COUNT_DURATION.check(m.count() != null, s.duration() != null);
        if (m.count() != null) {
            t = option(t, "--count", m.count(), p -> p.count(m.count()));
        }
        if (s.duration() != null) {
            t = option(t, "--duration", s.duration(),
                    p -> p.duration(DriveSpeedCommand.parseDuration(s.duration())));
        }
        if (m.runs() != null) {
            t = option(t, "--runs", m.runs(), p -> p.runs(m.runs()));
        }
        if (m.buffered()) {
            t = t.buffered();
        }
        ReadModeOptions r = s.read();
        if (r.dropCaches()) {
            if (!m.buffered()) {
                throw new IllegalArgumentException(DriveSpeedCommand.DROP_CACHES_NEEDS_BUFFERED);
            }
            t = t.dropCaches();
        }
        if (r.cachedRead()) {
            t = t.cachedRead();
        }
        DeviceWriteOptions w = s.write();
        if (w.write()) {
            t = t.write();
        } else if (w.deviceWriteOption() != null) {
            throw new IllegalArgumentException("option '" + w.deviceWriteOption()
                    + "' needs --write");
        }
        if (w.allowWritesTo() != null) {
            t = t.allowWritesTo(Path.of(w.allowWritesTo()));
        }
        if (w.force()) {
            t = t.force();
        }
        if (m.backend() != null) {
            t = option(t, "--backend", m.backend(), p -> p.backend(m.backend()));
        }
        return t;
    }

    /**
     * Runs the device test and prints it.
     *
     * @return the exit code
     */
    /** One run as hdparm prints its timing: {@code " Timing X: 256 MB in 0.29 seconds = 877.76 MB/sec"}. */
    private static String hdparmLine(String what, Sample run, String note) {
        double mib = run.bytes() / (double) DataSize.MEBIBYTE;
        return String.format(Locale.ROOT, " Timing %s %.0f MB in %.2f seconds = %.2f MB/sec (%s)",
                what, mib, run.elapsedSeconds(), run.throughput().mebibytesPerSecond(), note);
    }

    static int run(Path device, Settings s, PrintWriter out, PrintWriter err) {
        DevicePlan plan;
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
        // In hdparm's own units: its "MB" is 2^20 bytes (hdparm.c divides by 1024 * 1024).
        report.cachedRead().ifPresent(c -> out.println(hdparmLine("cached reads:  ",
                c.samples().get(0), "memory, not the drive; MB = 2^20 bytes, as hdparm counts")));
        List<Sample> byRate = new ArrayList<>(report.read().samples());
        byRate.sort(Comparator.comparingDouble(x -> x.throughput().bytesPerSecond()));
        Sample median = byRate.get((byRate.size() - 1) / 2);
        out.println(hdparmLine((report.parameters().direct() ? "O_DIRECT" : "buffered")
                + " disk reads:", median, "run " + median.run() + " of " + byRate.size()
                + ", the median; MB = 2^20 bytes, as hdparm counts"));
        out.println();
        out.print(report);
        if (out.checkError()) {
            return DriveSpeedCommand.fail(err, "could not write the results to standard output",
                    ExitCode.IO_ERROR);
        }
        return ExitCode.OK;
    }
}
