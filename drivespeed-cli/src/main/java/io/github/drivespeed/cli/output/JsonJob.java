package io.github.drivespeed.cli.output;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.drivespeed.report.CapacityCheckReport;
import io.github.drivespeed.report.CapacityProbeReport;
import io.github.drivespeed.report.DeviceReport;
import io.github.drivespeed.report.Report;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.SustainedReport;
import io.github.drivespeed.report.WorkloadReport;

/**
 * One job of the JSON document ({@link JsonReport}), by the kind of its report: each kind's keys
 * are written where they are kept ({@link JsonReport} for the sequential test and the workload,
 * {@link GenuineJson} for the sustained write and the capacity check and probe,
 * {@link DeviceJsonReport} for the device test). Every job starts with {@code jobname},
 * {@code kind} and {@code started_at}.
 */
final class JsonJob implements Report.Visitor<ObjectNode> {

    private final String name;

    /** @param name the job's name, its {@code jobname} */
    JsonJob(String name) {
        this.name = name;
    }

    @Override
    public ObjectNode visit(SpeedReport report) {
        return JsonReport.sequentialJob(name, report);
    }

    @Override
    public ObjectNode visit(WorkloadReport report) {
        return JsonReport.workloadJob(name, report);
    }

    @Override
    public ObjectNode visit(SustainedReport report) {
        return GenuineJson.sustainedJob(name, report);
    }

    @Override
    public ObjectNode visit(DeviceReport report) {
        return DeviceJsonReport.job(name, report);
    }

    @Override
    public ObjectNode visit(CapacityCheckReport report) {
        return GenuineJson.capacityCheckJob(name, report);
    }

    @Override
    public ObjectNode visit(CapacityProbeReport report) {
        return GenuineJson.capacityProbeJob(name, report);
    }
}
