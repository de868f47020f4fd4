package io.github.drivespeed.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.WorkloadReport;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A job file run from Java through the module's API, on a real file in a temporary directory. */
class FioJobTest {

    @TempDir
    Path dir;

    private Path jobFile(String text) throws IOException {
        return Files.writeString(dir.resolve("job.fio"), text);
    }

    @Test
    void aWorkloadMeasuredFromJavaIsWrittenAsFiosJson() throws IOException {
        WorkloadReport report = io.github.drivespeed.DriveSpeed.workload(dir).random().read()
                .blockSize("4K").size("1M").count(32).runs(1).run();
        FioResults results = FioResults.of(report);
        assertThat(results.jobs()).containsExactly(
                new FioResults.Job("randread 4 KiB", Optional.of(report)));
        StringWriter out = new StringWriter();
        results.writeJson("myapp 2.1", out);
        JsonNode doc = new ObjectMapper().readTree(out.toString());
        assertThat(doc.path("fio version").asText()).isEqualTo("fio-3.33-myapp-2.1");
        JsonNode read = doc.path("jobs").get(0).path("read");
        assertThat(read.path("io_bytes").asLong()).isEqualTo(32L * 4096);
        assertThat(read.path("total_ios").asLong()).isEqualTo(32);
        assertThat(doc.path("jobs").get(0).path("write").path("io_bytes").asLong()).isZero();
        assertThatThrownBy(() -> FioResults.of(report, (WorkloadReport) null))
                .isInstanceOf(NullPointerException.class);
    }

    @Test
    void runsAJobFileAndReturnsTypedReports() throws IOException {
        Path job = jobFile("""
                [global]
                bs=4k
                size=1m
                ioengine=psync

                [randread]
                rw=randread
                number_ios=64

                [seqwrite]
                stonewall
                rw=write
                """);
        FioResults results = FioJob.parse(job, Map.of()).run(dir);

        assertThat(results.jobs()).extracting(FioResults.Job::name)
                .containsExactly("randread", "seqwrite");
        WorkloadReport read = results.jobs().get(0).report().orElseThrow();
        assertThat(read.write()).isEmpty();
        PassResult reads = read.read().orElseThrow();
        // number_ios=64 of bs=4k per run: 256 KiB a run, in bytes
        assertThat(reads.totalIos()).isEqualTo(64L * reads.runs());
        assertThat(reads.totalBytes()).isEqualTo(64L * 4096 * reads.runs());
        assertThat(reads.medianIops()).isPositive();
        WorkloadReport write = results.jobs().get(1).report().orElseThrow();
        assertThat(write.read()).isEmpty();
        // size=1m written whole, in 4 KiB writes
        assertThat(write.write().orElseThrow().totalBytes())
                .isEqualTo((1L << 20) * write.write().orElseThrow().runs());
        // drivespeed's own test files are gone
        try (var left = Files.list(dir)) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactly("job.fio");
        }

        StringWriter json = new StringWriter();
        results.writeJson("myapp 1.2", json);
        JsonNode doc = new ObjectMapper().readTree(json.toString());
        assertThat(doc.path("fio version").asText()).isEqualTo("fio-3.33-myapp-1.2");
        assertThat(doc.path("jobs")).hasSize(2);
        assertThat(doc.path("jobs").get(0).path("jobname").asText()).isEqualTo("randread");
        assertThat(doc.path("jobs").get(0).path("read").path("total_ios").asLong())
                .isEqualTo(64);
        assertThat(doc.path("global options").path("bs").asText()).isEqualTo("4k");
    }

    @Test
    void refusesAnOptionByNameAndLine() throws IOException {
        Path job = jobFile("[r]\nrw=randread\nrate=10m\n");
        assertThatThrownBy(() -> FioJob.parse(job, Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("rate")
                .hasMessageContaining("drivespeed does not throttle I/O");
    }

    @Test
    void keepsTheGlobalOptionsAsWritten() throws IOException {
        Path job = jobFile("[global]\nbs=${BS}\n[r]\nrw=read\nsize=64k\n");
        assertThat(FioJob.parse(job, Map.of("BS", "8k")).globalOptions())
                .containsExactly(Map.entry("bs", "8k"));
    }
}
