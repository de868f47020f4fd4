package io.github.drivespeed.cli.text;

import io.github.drivespeed.report.CapacityProbeReport;
import io.github.drivespeed.report.DeviceReport;
import io.github.drivespeed.report.Report;
import java.io.PrintWriter;

/**
 * The text summary of a report of any kind, after an empty line: the report's text
 * ({@link Report#details()}) with a short backend line unless {@code --verbose} ({@link
 * BackendLine}), then the answer in one line ({@link #LABEL} and {@link Report#summary()}), last,
 * where the terminal leaves it in view and {@code tail -1} or {@code grep '^summary:'} finds it.
 * The exceptions by kind: the device test's starts with hdparm's timing lines
 * ({@link DeviceReportPrinter}); the capacity probe's ends with an empty line.
 */
public final class TextSummary implements Report.DefaultVisitor<Void> {

    /** What the one-line answer starts with, padded as the reports' other labels. */
    public static final String LABEL = "summary:    ";

    private final PrintWriter out;
    private final boolean verbose;

    private TextSummary(PrintWriter out, boolean verbose) {
        this.out = out;
        this.verbose = verbose;
    }

    /**
     * Prints a report's text summary, and flushes.
     *
     * @param out where the text goes
     * @param report what was measured, of any kind
     * @param verbose whether {@code --verbose} was given: the backend line in full
     */
    public static void print(PrintWriter out, Report report, boolean verbose) {
        report.accept(new TextSummary(out, verbose));
        out.flush();
    }

    /**
     * Prints the report's text, its backend line as {@code --verbose} asks, then the one-line
     * answer.
     *
     * @param out where to
     * @param report the report
     * @param verbose whether {@code --verbose} was given
     */
    static void printText(PrintWriter out, Report report, boolean verbose) {
        out.print(BackendLine.in(report.details(), report.backend(), verbose));
        out.println(LABEL + report.summary());
    }

    @Override
    public Void visitDefault(Report report) {
        out.println();
        printText(out, report, verbose);
        return null;
    }

    @Override
    public Void visit(DeviceReport report) {
        DeviceReportPrinter.print(out, report, verbose);
        return null;
    }

    @Override
    public Void visit(CapacityProbeReport report) {
        out.println();
        printText(out, report, verbose);
        out.println();
        return null;
    }
}
