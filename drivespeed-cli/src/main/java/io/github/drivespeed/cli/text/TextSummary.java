package io.github.drivespeed.cli.text;

import io.github.drivespeed.report.CapacityProbeReport;
import io.github.drivespeed.report.DeviceReport;
import io.github.drivespeed.report.Report;
import java.io.PrintWriter;

/**
 * The text summary of a report of any kind, after an empty line: the report's own summary
 * ({@code toString()}), and the exceptions by kind: the device test's starts with hdparm's timing
 * lines ({@link DeviceReportPrinter}); the capacity probe's ends with an empty line.
 */
public final class TextSummary implements Report.DefaultVisitor<Void> {

    private final PrintWriter out;

    private TextSummary(PrintWriter out) {
        this.out = out;
    }

    /**
     * Prints a report's text summary, and flushes.
     *
     * @param out where the text goes
     * @param report what was measured, of any kind
     */
    public static void print(PrintWriter out, Report report) {
        report.accept(new TextSummary(out));
        out.flush();
    }

    @Override
    public Void visitDefault(Report report) {
        out.println();
        out.print(report);
        return null;
    }

    @Override
    public Void visit(DeviceReport report) {
        DeviceReportPrinter.print(out, report);
        return null;
    }

    @Override
    public Void visit(CapacityProbeReport report) {
        out.println();
        out.println(report);
        return null;
    }
}
