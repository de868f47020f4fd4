package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.drivespeed.cli.output.CsvReport;
import io.github.drivespeed.cli.output.OutputSchema;
import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.Privileged;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The device test speaks to scripts as the directory test does: {@code --json} and
 * {@code --csv} in drivespeed's own schema, raw units; {@code -q} prints nothing. The JSON of a
 * real run on a loop device is checked against the text the same run printed.
 */
@Tag("privileged")
class DeviceOutputTest {

    @TempDir
    Path dir;

    private static final Pattern RUN_LINE = Pattern.compile("(?m)^test (\\d): read:"
            + " (\\d+\\.\\d) MB/s \\((\\d+\\.\\d) MiB/s\\), (\\d+\\.\\d) MB in (\\d+\\.\\d\\d) s,"
            + " device (loop\\d+): (\\d+) requests, avg \\d+ KiB$");

    @Test
    void theJsonOfARunHoldsTheFiguresItsTextPrinted() throws Exception {
        Privileged.requireRoot();
        try (Mounts.LoopDevice loop = Mounts.loopDevice(dir, 32, false, null)) {
            String device = loop.device().toString();
            Path json = dir.resolve("device.json");
            CommandRun o = CommandRun.of(device, "--bs", "1M", "--count", "8", "--runs", "2",
                    "--json", "-o", json.toString());
            assertThat(o.exitCode()).as(o.err()).isZero();
            JsonNode doc = OutputSchema.read(json);
            assertThat(doc.get("schema_version").asInt()).isEqualTo(1);
            JsonNode target = doc.get("target");
            assertThat(target.get("device").asText()).isEqualTo(loop.device().toRealPath()
                    .toString());
            assertThat(target.get("size_bytes").asLong()).isEqualTo(32L << 20);
            assertThat(target.get("rest_bytes").asLong()).isZero();
            assertThat(target.get("read_only").asBoolean()).isFalse();
            assertThat(o.out()).containsPattern("(?m)^device: +" + Pattern.quote(device)
                    + ", 32 MiB \\(" + target.get("size_bytes").asLong() + " bytes\\)");
            JsonNode job = doc.get("jobs").get(0);
            assertThat(job.get("kind").asText()).isEqualTo("device");
            assertThat(job.get("parameters").get("bs_bytes").asLong()).isEqualTo(1L << 20);
            assertThat(job.get("parameters").get("count").asLong()).isEqualTo(8);
            assertThat(job.get("write").isNull()).isTrue();
            JsonNode runs = job.get("read").get("runs");
            assertThat(runs).hasSize(2);

            Matcher line = RUN_LINE.matcher(o.out());
            for (JsonNode run : runs) {
                assertThat(line.find()).as(o.out()).isTrue();
                assertThat(Integer.parseInt(line.group(1))).isEqualTo(run.get("run").asInt());
                long bytes = run.get("io_bytes").asLong();
                assertThat(bytes).isEqualTo(8L << 20);
                double rate = run.get("bw_bytes").asDouble();
                assertThat(Double.parseDouble(line.group(2))).isCloseTo(rate / 1e6, within(0.051));
                assertThat(Double.parseDouble(line.group(3)))
                        .isCloseTo(rate / (1 << 20), within(0.051));
                assertThat(line.group(4)).isEqualTo(String.format(Locale.ROOT, "%.1f",
                        bytes / 1e6));
                assertThat(Double.parseDouble(line.group(5)))
                        .isCloseTo(run.get("runtime_ns").asLong() / 1e9, within(0.0051));
                JsonNode io = run.get("device_io");
                assertThat(line.group(6)).isEqualTo(io.get("device").asText());
                assertThat(Long.parseLong(line.group(7))).isEqualTo(io.get("read_ios").asLong());
            }
            double median = job.get("read").get("bw_bytes_median").asDouble();
            Matcher summary = Pattern.compile("(?m)^read: +median (\\d+\\.\\d) MB/s")
                    .matcher(o.out());
            assertThat(summary.find()).as(o.out()).isTrue();
            assertThat(Double.parseDouble(summary.group(1))).isCloseTo(median / 1e6,
                    within(0.051));
        }
    }

    @Test
    void csvAndQuietSpeakToScripts() throws Exception {
        Privileged.requireRoot();
        try (Mounts.LoopDevice loop = Mounts.loopDevice(dir, 16, false, null)) {
            String device = loop.device().toString();
            CommandRun quiet = CommandRun.of(device, "--bs", "1M", "--count", "4", "--runs", "1",
                    "-q");
            assertThat(quiet.exitCode()).as(quiet.err()).isZero();
            assertThat(quiet.out()).isEmpty();
            assertThat(quiet.err()).isEmpty();

            CommandRun csv = CommandRun.of(device, "--bs", "1M", "--count", "4", "--runs", "1",
                    "--csv");
            assertThat(csv.exitCode()).as(csv.err()).isZero();
            List<String> lines = csv.out().lines().toList();
            assertThat(lines).hasSize(2);
            assertThat(lines.get(0)).isEqualTo(String.join(",", CsvReport.COLUMNS));
            List<String> row = List.of(lines.get(1).split(",", -1));
            assertThat(row.get(CsvReport.COLUMNS.indexOf("kind"))).isEqualTo("device");
            assertThat(row.get(CsvReport.COLUMNS.indexOf("direction"))).isEqualTo("read");
            assertThat(row.get(CsvReport.COLUMNS.indexOf("io_bytes")))
                    .isEqualTo(String.valueOf(4L << 20));
            assertThat(row.get(CsvReport.COLUMNS.indexOf("directory")))
                    .isEqualTo(loop.device().toRealPath().toString());

            CommandRun both = CommandRun.of(device, "--json", "--csv");
            assertThat(both.exitCode()).isEqualTo(2);
            assertThat(both.err()).contains("'--json' and '--csv' exclude each other");
            assertThat(Files.list(dir).filter(f -> f.toString().endsWith(".json"))).isEmpty();
        }
    }

    @Test
    void theRestAfterTheLastWholeBlockIsInTheJsonAndReadWhenAskedFor() throws Exception {
        Privileged.requireRoot();
        long size = (16L << 20) + 3 * 512;
        try (Mounts.LoopDevice loop = Mounts.randomLoopDevice(dir, size, 14)) {
            String device = loop.device().toString();
            Path json = dir.resolve("rest.json");
            // 16 whole blocks and the rest: count 17 reads to the last byte
            CommandRun o = CommandRun.of(device, "--bs", "1M", "--count", "17", "--runs", "1",
                    "--json", "-o", json.toString());
            assertThat(o.exitCode()).as(o.err()).isZero();
            assertThat(o.out()).contains("  rest:     the last 1536 B, after the last whole block");
            JsonNode doc = OutputSchema.read(json);
            assertThat(doc.get("target").get("rest_bytes").asLong()).isEqualTo(1536);
            JsonNode run = doc.get("jobs").get(0).get("read").get("runs").get(0);
            assertThat(run.get("io_bytes").asLong()).isEqualTo(size);
            // whole blocks only: the rest is left, and io_bytes says so
            CommandRun whole = CommandRun.of(device, "--bs", "1M", "--count", "16", "--runs", "1",
                    "--json");
            assertThat(whole.exitCode()).as(whole.err()).isZero();
            JsonNode w = OutputSchema.read(whole.out());
            assertThat(w.get("target").get("rest_bytes").asLong()).isEqualTo(1536);
            assertThat(w.get("jobs").get(0).get("read").get("runs").get(0).get("io_bytes")
                    .asLong()).isEqualTo(16L << 20);
        }
    }
}
