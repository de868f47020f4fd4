package io.github.drivespeed;

import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.internal.measure.CompletedWork;
import io.github.drivespeed.internal.workload.WorkloadMeasurement;
import io.github.drivespeed.parameters.Preset;
import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.report.PartialReport;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.report.WorkloadTable;
import io.github.drivespeed.unit.DataSize;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** The workloads and row labels of {@link WorkloadPlan#runSweep} and {@link WorkloadPlan#runPresets}. */
final class WorkloadTables {

    /** The rows of a table: one label and one workload each. */
    record Jobs(List<String> labels, List<WorkloadParameters> parameters) {

        /**
         * Runs the rows; where one fails after others completed, the failure carries the table
         * of those ({@link PartialReport#tableIn(Throwable)}).
         *
         * @param engine what runs the workloads
         * @return the table, one row per workload
         * @throws IOException as {@link WorkloadPlan#run()}
         */
        WorkloadTable run(WorkloadMeasurement engine) throws IOException {
            return table(engine.run(parameters, (failure, done) -> CompletedWork.attach(failure,
                    () -> PartialReport.of(table(done), labels.size()))));
        }

        /**
         * @param reports one per workload, in order, from the first: all of them, or the rows
         *     completed before a failure
         * @return the table: each label beside its workload's report
         */
        private WorkloadTable table(List<WorkloadReport> reports) {
            List<WorkloadTable.Row> rows = new ArrayList<>();
            for (int i = 0; i < reports.size(); i++) {
                rows.add(new WorkloadTable.Row(labels.get(i), reports.get(i)));
            }
            return WorkloadTable.of(rows);
        }
    }

    private WorkloadTables() {
    }

    /** @return every power of two from {@code fromBytes} to {@code toBytes}, as sizes */
    static List<DataSize> powersOfTwo(long fromBytes, long toBytes) {
        List<DataSize> sizes = new ArrayList<>();
        for (long b = fromBytes; b <= toBytes; b *= 2) {
            sizes.add(DataSize.ofBytes(b));
        }
        return List.copyOf(sizes);
    }

    /**
     * @return {@code plan} at each block size, labelled with it
     * @throws io.github.drivespeed.error.InvalidSettingException if {@code blockSizes} is empty
     */
    static Jobs sweep(WorkloadPlan plan, List<DataSize> blockSizes) {
        if (blockSizes.isEmpty()) {
            throw new InvalidSettingException("blockSizes", blockSizes, "must name at least one"
                    + " block size to sweep");
        }
        List<WorkloadParameters> jobs = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (DataSize b : blockSizes) {
            jobs.add(plan.blockSize(b).parameters());
            labels.add(b.toString());
        }
        return new Jobs(labels, jobs);
    }

    /**
     * @return per preset a read and a write of {@code plan} with the preset's settings,
     *     labelled {@code "SEQ1M Q8T1 read"}, {@code "SEQ1M Q8T1 write"}, ...
     * @throws io.github.drivespeed.error.InvalidSettingException if {@code presets} is empty
     */
    static Jobs presets(WorkloadPlan plan, List<Preset> presets) {
        if (presets.isEmpty()) {
            throw new InvalidSettingException("presets", presets, "must name at least one preset");
        }
        List<WorkloadParameters> jobs = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (Preset p : presets) {
            jobs.add(plan.preset(p).read().parameters());
            labels.add(p.label() + " read");
            jobs.add(plan.preset(p).write().parameters());
            labels.add(p.label() + " write");
        }
        return new Jobs(labels, jobs);
    }
}
