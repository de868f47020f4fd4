package io.github.drivespeed.cli.text;

import io.github.drivespeed.report.DeviceReport;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.warning.Warning;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** The device test's summary: hdparm's timing lines (in hdparm's units), then the report. */
final class DeviceReportPrinter {

    private DeviceReportPrinter() {
    }

    /**
     * Prints the device test's report as text.
     *
     * @param out where to
     * @param report the device test's report
     * @param verbose whether {@code --verbose} was given: the backend line in full
     */
    static void print(PrintWriter out, DeviceReport report, boolean verbose) {
        out.println();
        // In hdparm's own units: its "MB" is 2^20 bytes (hdparm.c divides by 1024 * 1024).
        report.cachedRead().ifPresent(c -> out.println(hdparmLine("cached reads:  ",
                c.samples().get(0), "memory, not the drive; MB = 2^20 bytes, as hdparm counts")));
        List<Sample> byRate = new ArrayList<>(report.read().samples());
        byRate.sort(Comparator.comparingDouble(x -> x.throughput().bytesPerSecond()));
        // hdparm prints one run's bytes and time; with an odd number of runs that is the median
        // run, with an even number no run is the median (the mean of the two middle ones), so
        // the line says which middle run it shows
        Sample middle = byRate.get((byRate.size() - 1) / 2);
        String which = byRate.size() % 2 == 1 ? "the median"
                : "the slower of the two middle runs, whose mean is the median";
        out.println(hdparmLine((report.parameters().direct() ? "O_DIRECT" : "buffered")
                + " disk reads:", middle, "run " + middle.run() + " of " + byRate.size()
                + ", " + which + "; MB = 2^20 bytes, as hdparm counts")
                + (report.read().warnings().contains(Warning.DATA_LOSS)
                        ? " [DATA LOST: not the drive's speed]" : ""));
        out.println();
        TextSummary.printText(out, report, verbose);
    }

    /** One run as hdparm prints its timing: {@code " Timing X: 256 MB in 0.29 seconds = 877.76 MB/sec"}. */
    private static String hdparmLine(String what, Sample run, String note) {
        double mib = run.bytes() / (double) DataSize.MEBIBYTE;
        return String.format(Locale.ROOT, " Timing %s %.0f MB in %.2f seconds = %.2f MB/sec (%s)",
                what, mib, run.elapsedSeconds(), run.throughput().mebibytesPerSecond(), note);
    }
}
