package io.github.drivespeed.cli.output;

import io.github.drivespeed.report.CapacityCheckReport;
import io.github.drivespeed.report.CapacityProbeReport;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Report;
import io.github.drivespeed.report.view.ReportView;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.SustainedReport;
import java.util.List;
import java.util.Locale;

/**
 * The CSV rows of one job ({@link CsvReport}): one row per pass of the report's
 * {@linkplain ReportView#of(Report) view}, its direction the pass's kind ({@code write},
 * {@code read}, {@code cached_read}). The exceptions, by kind: the sequential test writes its write and read
 * rows only (its cached-read figure is in the text and the JSON); the sustained write's row also
 * holds its burst, cache and sustained figures; the capacity check and probe have rows of their
 * own ({@link GenuineCsv}).
 */
final class CsvJob implements Report.DefaultVisitor<List<List<String>>> {

    private final String name;

    /** @param name the job's name, its {@code jobname} */
    CsvJob(String name) {
        this.name = name;
    }

    @Override
    public List<List<String>> visitDefault(Report report) {
        ReportView view = ReportView.of(report);
        return rows(view, view.passes());
    }

    @Override
    public List<List<String>> visit(SpeedReport report) {
        ReportView view = ReportView.of(report);
        return rows(view, view.passes().stream().filter(p -> p.kind() != PassKind.CACHED_READ)
                .toList());
    }

    @Override
    public List<List<String>> visit(SustainedReport report) {
        List<List<String>> rows = visitDefault(report);
        GenuineCsv.sustained(rows.get(0), report);
        return rows;
    }

    @Override
    public List<List<String>> visit(CapacityCheckReport report) {
        return GenuineCsv.capacityCheck(name, report);
    }

    @Override
    public List<List<String>> visit(CapacityProbeReport report) {
        return List.of(GenuineCsv.capacityProbe(name, report));
    }

    private List<List<String>> rows(ReportView view, List<PassResult> passes) {
        CsvReport.Common common = CsvReport.Common.of(name, view);
        return passes.stream().map(p -> CsvReport.row(common, p.kind().name()
                .toLowerCase(Locale.ROOT), p)).toList();
    }
}
