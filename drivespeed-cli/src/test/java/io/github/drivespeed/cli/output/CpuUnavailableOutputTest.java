package io.github.drivespeed.cli.output;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import io.github.drivespeed.fio.internal.Results;
import io.github.drivespeed.report.engine.CpuUsage;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.report.WorkloadTable;
import java.io.IOException;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A workload whose platform reported no CPU times (qemu's user-mode emulation reads 0 for every
 * process): every output says so, and none prints a CPU figure of 0.
 */
class CpuUnavailableOutputTest {

    private static final String REASON = "/proc/self/stat reports no CPU time for this process"
            + " at all";

    private static WorkloadReport withoutCpuTimes() {
        WorkloadReport r = ReportFixtures.asyncWorkload();
        CpuUsage measured = r.cpuPerRun().get(0);
        return new WorkloadReport(r.target(), r.parameters(), r.backend(), r.engine(), r.read(),
                r.write(), List.of(CpuUsage.unavailable(measured.elapsedNanos(), measured.ios(),
                        measured.source(), Optional.empty(), REASON)),
                r.warnings(), r.startedAt());
    }

    @Test
    void theTextSaysUnavailableAndWhy() {
        WorkloadReport r = withoutCpuTimes();
        assertThat(r.details()).contains("CPU:        unavailable: " + REASON + "\n")
                .doesNotContain("0 ns user");
        String table = WorkloadTable.of(List.of(new WorkloadTable.Row("RND4K-Q8T1", r))).toString();
        assertThat(table.lines().filter(l -> l.startsWith("RND4K-Q8T1")))
                .singleElement().satisfies(l -> assertThat(l).endsWith(" n/a"));
    }

    @Test
    void jsonHasNullTimesAndTheReasonAndCsvLeavesTheFiguresEmpty() throws IOException {
        StringWriter json = new StringWriter();
        JsonReport.write(Results.of(withoutCpuTimes()), "drivespeed (test)", json);
        JsonNode cpu = OutputSchema.read(json.toString()).get("jobs").get(0).get("cpu");
        assertThat(cpu.get("usr_ns").isNull()).isTrue();
        assertThat(cpu.get("sys_ns").isNull()).isTrue();
        assertThat(cpu.get("usr_ns_per_io").isNull()).isTrue();
        assertThat(cpu.get("usr_cpu").isNull()).isTrue();
        assertThat(cpu.get("total_ios").asLong()).isEqualTo(800);
        assertThat(cpu.get("unavailable_reason").asText()).isEqualTo(REASON);

        StringWriter csv = new StringWriter();
        CsvReport.write(Results.of(withoutCpuTimes()), csv);
        try (MappingIterator<Map<String, String>> rows = new CsvMapper()
                .readerForMapOf(String.class).with(CsvSchema.emptySchema().withHeader())
                .readValues(csv.toString())) {
            Map<String, String> row = rows.next();
            assertThat(row.get("total_ios")).isEqualTo("800");
            for (String column : List.of("cpu_usr_ns_per_io", "cpu_sys_ns_per_io", "usr_cpu",
                    "sys_cpu")) {
                assertThat(row).as(column).containsEntry(column, "");
            }
        }
    }
}
