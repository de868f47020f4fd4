package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

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
        assertThat(doc.get("fio version").asText()).startsWith("drivespeed-");
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
