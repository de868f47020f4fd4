package io.github.drivespeed.test;

import io.github.drivespeed.report.LatencyStats;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.unit.Nanoseconds;
import io.github.drivespeed.warning.Warning;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The report entries an {@link EnabledIfStorage} test publishes for each measurement, keys
 * {@code drivespeed.*}, every figure with its unit.
 */
final class ReportEntries {

    private ReportEntries() {
    }

    /**
     * {@code drivespeed.target}, {@code drivespeed.backend}, {@code drivespeed.write.median},
     * {@code drivespeed.read.median} (both units), {@code drivespeed.warnings}.
     *
     * @param report a sequential report
     * @return the entries, in that order
     */
    static Map<String, String> of(SpeedReport report) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("drivespeed.target", report.target().toString());
        m.put("drivespeed.backend", report.backend().name());
        m.put("drivespeed.write.median", report.write().median().toString());
        m.put("drivespeed.read.median", report.read().median().toString());
        m.put("drivespeed.warnings", warnings(report.warnings()));
        return m;
    }

    /**
     * {@code drivespeed.target}, {@code drivespeed.backend}, {@code drivespeed.workload} (its
     * parameters), then per direction measured ({@code read}, {@code write})
     * {@code drivespeed.workload.DIR.iops}, {@code .median}, {@code .latency.p50},
     * {@code .latency.p99}, and {@code drivespeed.warnings}.
     *
     * @param report a workload report
     * @return the entries, in that order
     */
    static Map<String, String> of(WorkloadReport report) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("drivespeed.target", report.target().toString());
        m.put("drivespeed.backend", report.backend().name());
        m.put("drivespeed.workload", report.parameters().toString());
        pass(m, "read", report.read());
        pass(m, "write", report.write());
        m.put("drivespeed.warnings", warnings(report.warnings()));
        return m;
    }

    private static void pass(Map<String, String> m, String direction, Optional<PassResult> pass) {
        pass.ifPresent(p -> {
            String prefix = "drivespeed.workload." + direction;
            LatencyStats latency = p.latency();
            m.put(prefix + ".iops", String.format(Locale.ROOT, "%.0f IOPS", p.medianIops()));
            m.put(prefix + ".median", p.median().toString());
            m.put(prefix + ".latency.p50", Nanoseconds.format(latency.percentileNanos(50)));
            m.put(prefix + ".latency.p99", Nanoseconds.format(latency.percentileNanos(99)));
        });
    }

    private static String warnings(Set<Warning> warnings) {
        return warnings.isEmpty() ? "none"
                : warnings.stream().map(Warning::name).collect(Collectors.joining(", "));
    }
}
