package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --output-format=normal|json|json+} on the command line, on real runs. */
class FioOutputFormatTest {

    @TempDir
    Path dir;

    @Test
    void jsonIsFiosDocumentAloneOnStdout() throws Exception {
        CommandRun r = CommandRun.of(dir.toString(), "--rw", "randread", "--block-size", "4K",
                "--size", "1M", "--count", "64", "--runs", "1", "--output-format", "json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode doc = new ObjectMapper().readTree(r.out());
        assertThat(doc.get("fio version").asText()).startsWith("fio-3.33-drivespeed-");
        JsonNode read = doc.at("/jobs/0/read");
        assertThat(read.get("io_bytes").asLong()).isEqualTo(64 * 4096);
        assertThat(read.get("total_ios").asLong()).isEqualTo(64);
        assertThat(read.at("/clat_ns/N").asLong()).isEqualTo(64);
        assertThat(read.at("/clat_ns/bins").isMissingNode()).isTrue();
        assertThat(doc.at("/jobs/0/write/io_bytes").asLong()).isZero();
        assertThat(doc.at("/drivespeed/report/schema_version").asInt()).isEqualTo(1);
        try (var s = Files.list(dir)) {
            assertThat(s).as("no test file left").isEmpty();
        }
    }

    /**
     * libaio at queue depth 8: the native queue times each io_submit, so fio's slat and clat
     * are filled for every I/O, lat is their sum, and the coarse buckets (fio's, of clat) add
     * up to 100 %.
     */
    @Test
    void withLibaioAtQueueDepthEightSlatAndClatCountEveryIo() throws Exception {
        CommandRun r = CommandRun.of(dir.toString(), "--rw", "randread", "--block-size", "4K",
                "--size", "4M", "--count", "800", "--runs", "1", "--ioengine", "libaio",
                "--iodepth", "8", "--output-format", "json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode doc = new ObjectMapper().readTree(r.out());
        assertThat(doc.at("/jobs/0/job options/ioengine").asText()).isEqualTo("libaio");
        JsonNode read = doc.at("/jobs/0/read");
        long ios = read.get("total_ios").asLong();
        assertThat(ios).isEqualTo(800);
        for (String l : new String[] {"slat_ns", "clat_ns", "lat_ns"}) {
            assertThat(read.at("/" + l + "/N").asLong()).as(l + ".N").isEqualTo(ios);
            assertThat(read.at("/" + l + "/mean").asDouble()).as(l + ".mean").isPositive();
        }
        assertThat(read.at("/slat_ns/mean").asDouble() + read.at("/clat_ns/mean").asDouble())
                .isCloseTo(read.at("/lat_ns/mean").asDouble(), within(0.01));
        assertThat(read.at("/clat_ns/percentile/50.000000").asLong()).isPositive();
        double buckets = 0;
        for (String b : new String[] {"latency_ns", "latency_us", "latency_ms"}) {
            for (JsonNode share : doc.at("/jobs/0/" + b)) {
                buckets += share.asDouble();
            }
        }
        assertThat(buckets).as("latency_ns/us/ms").isCloseTo(100, within(0.1));
        assertThat(doc.at("/drivespeed/placeholders").toString()).doesNotContain("clat_ns")
                .doesNotContain("latency_us").contains("iodepth_level");
        JsonNode own = doc.at("/drivespeed/report/jobs/0/read");
        assertThat(own.at("/slat_ns/N").asLong()).as("--json's slat_ns").isEqualTo(ios);
        assertThat(own.at("/clat_ns/mean").asDouble()).isCloseTo(read.at("/clat_ns/mean")
                .asDouble(), within(0.01));
    }

    @Test
    void jsonPlusAddsTheBinsAndASequentialTestIsTwoJobs() throws Exception {
        CommandRun r = CommandRun.of(dir.toString(), "--block-size", "256K", "--count", "4",
                "--runs", "1", "--output-format=json+");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode doc = new ObjectMapper().readTree(r.out());
        assertThat(doc.at("/jobs/0/jobname").asText()).isEqualTo("sequential-write");
        assertThat(doc.at("/jobs/1/jobname").asText()).isEqualTo("sequential-read");
        assertThat(doc.at("/jobs/1/read/clat_ns/bins").size()).isPositive();
    }

    @Test
    void normalIsTheTextSummary() {
        CommandRun r = CommandRun.of(dir.toString(), "--block-size", "256K", "--count", "4",
                "--runs", "1", "--output-format", "normal");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("write").doesNotContain("fio version");
    }

    @Test
    void anUnknownFormatOrASecondFormatIsRefusedBeforeAnyIo() throws Exception {
        CommandRun terse = CommandRun.of(dir.toString(), "--output-format", "terse");
        assertThat(terse.exitCode()).isEqualTo(2);
        assertThat(terse.err()).contains("invalid value for option '--output-format': 'terse':"
                + " not supported: drivespeed does not write fio's terse format");
        CommandRun unknown = CommandRun.of(dir.toString(), "--output-format", "xml");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.err()).contains("invalid value for option '--output-format': 'xml':"
                + " give one of normal, json, json+");
        CommandRun both = CommandRun.of(dir.toString(), "--json", "--output-format", "json");
        assertThat(both.exitCode()).isEqualTo(2);
        assertThat(both.err()).contains("options '--json' and '--output-format' exclude each"
                + " other");
        CommandRun csv = CommandRun.of(dir.toString(), "--csv", "--output-format=json+");
        assertThat(csv.exitCode()).isEqualTo(2);
        assertThat(csv.err()).contains("options '--csv' and '--output-format' exclude each other");
        CommandRun probe = CommandRun.of("--probe", dir.toString(), "--output-format", "json");
        assertThat(probe.exitCode()).isEqualTo(2);
        assertThat(probe.err()).contains("--output-format");
        try (var s = Files.list(dir)) {
            assertThat(s).isEmpty();
        }
    }
}
