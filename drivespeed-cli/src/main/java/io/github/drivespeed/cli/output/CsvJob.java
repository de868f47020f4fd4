package io.github.drivespeed.cli.output;

import io.github.drivespeed.parameters.DeviceParameters;
import io.github.drivespeed.parameters.SequentialParameters;
import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.report.CapacityCheckReport;
import io.github.drivespeed.report.CapacityProbeReport;
import io.github.drivespeed.report.DeviceReport;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Report;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.SustainedReport;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.target.BlockDevice;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The CSV rows of one job ({@link CsvReport}), by the kind of its report: one row per pass and
 * direction for the sequential test, the workload and the device test; one row for the sustained
 * write and the capacity probe, two for the capacity check ({@link GenuineCsv}).
 */
final class CsvJob implements Report.Visitor<List<List<String>>> {

    private final String name;

    /** @param name the job's name, its {@code jobname} */
    CsvJob(String name) {
        this.name = name;
    }

    @Override
    public List<List<String>> visit(SpeedReport r) {
        SequentialParameters p = r.parameters();
        CsvReport.Common c = new CsvReport.Common(name, "sequential", "", p.blockSize().bytes(),
                1, 1, p.runs(), p.direct(), r.warnings(), r.target(), r.backend().name(),
                r.startedAt().toString(), "", Optional.empty());
        return List.of(CsvReport.row(c, "write", r.write()), CsvReport.row(c, "read", r.read()));
    }

    @Override
    public List<List<String>> visit(WorkloadReport r) {
        WorkloadParameters p = r.parameters();
        CsvReport.Common c = new CsvReport.Common(name, "workload", p.fioRw(),
                p.blockSize().bytes(), p.queueDepth(), p.threads(), p.runs(), p.direct(),
                r.warnings(), r.target(), r.backend().name(), r.startedAt().toString(),
                r.engine().engine().fioName(), r.cpu());
        List<List<String>> rows = new ArrayList<>();
        r.read().ifPresent(pass -> rows.add(CsvReport.row(c, "read", pass)));
        r.write().ifPresent(pass -> rows.add(CsvReport.row(c, "write", pass)));
        return rows;
    }

    @Override
    public List<List<String>> visit(SustainedReport r) {
        CsvReport.Common c = new CsvReport.Common(name, "sustained", "", r.blockSize().bytes(),
                1, 1, 1, r.direct(), r.warnings(), r.target(), r.backend().name(),
                r.startedAt().toString(), "", Optional.empty());
        List<String> row = CsvReport.row(c, "write", PassResult.of(PassKind.WRITE,
                List.of(r.write()), r.warnings()));
        GenuineCsv.sustained(row, r);
        return List.of(row);
    }

    /** The device node in the {@code directory} column, its kernel name in {@code device}. */
    @Override
    public List<List<String>> visit(DeviceReport r) {
        DeviceParameters p = r.parameters();
        CsvReport.Common c = new CsvReport.Common(name, "device", "", p.blockSize().bytes(), 1,
                1, p.runs(), p.direct(), r.warnings(), r.device().toString(), "",
                r.blockDevice().map(BlockDevice::sysfsName).orElse(""), r.backend().name(),
                r.startedAt().toString(), "", Optional.empty());
        List<List<String>> rows = new ArrayList<>();
        r.write().ifPresent(pass -> rows.add(CsvReport.row(c, "write", pass)));
        rows.add(CsvReport.row(c, "read", r.read()));
        r.cachedRead().ifPresent(pass -> rows.add(CsvReport.row(c, "cached_read", pass)));
        return rows;
    }

    @Override
    public List<List<String>> visit(CapacityCheckReport r) {
        return GenuineCsv.capacityCheck(name, r);
    }

    @Override
    public List<List<String>> visit(CapacityProbeReport r) {
        return List.of(GenuineCsv.capacityProbe(name, r));
    }
}
