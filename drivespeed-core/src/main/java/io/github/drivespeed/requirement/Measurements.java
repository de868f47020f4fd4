package io.github.drivespeed.requirement;

import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.SustainedReport;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.report.WorkloadTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The results a {@link StorageRequirement} is checked against: any number of sequential tests
 * ({@link SpeedReport}) and workloads ({@link WorkloadReport}, also the rows of a
 * {@link WorkloadTable}). An immutable value; {@code with(...)} returns a new one.
 *
 * <pre>{@code
 * Measurements m = Measurements.of(DriveSpeed.on(dir).run())
 *         .with(DriveSpeed.workload(dir).runPresets(List.of(Preset.RND4K_Q1T1)));
 * }</pre>
 *
 * @since 0.1.0
 */
public final class Measurements {

    private static final Measurements EMPTY = new Measurements(List.of(), List.of(), List.of());

    private final List<SpeedReport> sequential;
    private final List<WorkloadReport> workloads;
    private final List<SustainedReport> sustained;

    private Measurements(List<SpeedReport> sequential, List<WorkloadReport> workloads,
            List<SustainedReport> sustained) {
        this.sequential = List.copyOf(sequential);
        this.workloads = List.copyOf(workloads);
        this.sustained = List.copyOf(sustained);
    }

    /**
     * {@return measurements holding one sustained write's report}
     *
     * @param report a sustained write's report
     */
    public static Measurements of(SustainedReport report) {
        return EMPTY.with(report);
    }

    /**
     * A sustained write: a sustained write minimum (every SD class has one) is judged on its
     * {@linkplain SustainedReport#sustained() sustained rate}, and a sequential write minimum
     * takes that rate too (its whole rate where it shows none).
     *
     * @param report a sustained write's report
     * @return these measurements and {@code report}
     */
    public Measurements with(SustainedReport report) {
        List<SustainedReport> s = new ArrayList<>(sustained);
        s.add(Objects.requireNonNull(report, "report"));
        return new Measurements(sequential, workloads, s);
    }

    /** {@return the sustained writes, in the order added} */
    public List<SustainedReport> sustained() {
        return sustained;
    }

    /** {@return no results: every criterion checked against it is not judged (not measured)} */
    public static Measurements empty() {
        return EMPTY;
    }

    /**
     * {@return measurements holding one sequential test's report}
     *
     * @param report a sequential test's report
     */
    public static Measurements of(SpeedReport report) {
        return EMPTY.with(report);
    }

    /**
     * {@return measurements holding one workload's report}
     *
     * @param report a workload's report
     */
    public static Measurements of(WorkloadReport report) {
        return EMPTY.with(report);
    }

    /**
     * {@return measurements holding every row}
     *
     * @param table a sweep's or preset suite's rows
     */
    public static Measurements of(WorkloadTable table) {
        return EMPTY.with(table);
    }

    /**
     * {@return these measurements and {@code report}}
     *
     * @param report a sequential test's report
     */
    public Measurements with(SpeedReport report) {
        List<SpeedReport> s = new ArrayList<>(sequential);
        s.add(Objects.requireNonNull(report, "report"));
        return new Measurements(s, workloads, sustained);
    }

    /**
     * {@return these measurements and {@code report}}
     *
     * @param report a workload's report
     */
    public Measurements with(WorkloadReport report) {
        List<WorkloadReport> w = new ArrayList<>(workloads);
        w.add(Objects.requireNonNull(report, "report"));
        return new Measurements(sequential, w, sustained);
    }

    /**
     * {@return these measurements and every row of {@code table}}
     *
     * @param table a sweep's or preset suite's rows
     */
    public Measurements with(WorkloadTable table) {
        List<WorkloadReport> w = new ArrayList<>(workloads);
        for (WorkloadTable.Row row : table.rows()) {
            w.add(row.report());
        }
        return new Measurements(sequential, w, sustained);
    }

    /** {@return the sequential tests, in the order added} */
    public List<SpeedReport> sequential() {
        return sequential;
    }

    /** {@return the workloads, in the order added} */
    public List<WorkloadReport> workloads() {
        return workloads;
    }

    /** {@return whether nothing was added} */
    public boolean isEmpty() {
        return sequential.isEmpty() && workloads.isEmpty() && sustained.isEmpty();
    }

    /** For example {@code measurements: 1 sequential, 2 workloads, 0 sustained}. */
    @Override
    public String toString() {
        return "measurements: " + sequential.size() + " sequential, " + workloads.size()
                + (workloads.size() == 1 ? " workload, " : " workloads, ") + sustained.size()
                + " sustained";
    }
}
