package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.drivespeed.testing.TestFiles;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --prometheus FILE}: drivespeed-micrometer's meters in the Prometheus text format, as
 * node_exporter's textfile collector reads them.
 */
class PrometheusOutputTest {

    /** Debian's node_exporter (package prometheus-node-exporter). */
    private static final Path NODE_EXPORTER = Path.of("/usr/bin/prometheus-node-exporter");

    /** A sample line of the text format: name, labels, value. */
    private static final Pattern SAMPLE = Pattern.compile(
            "([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(?:[a-zA-Z_][a-zA-Z0-9_]*=\"(?:[^\"\\\\]|\\\\.)*\",?)*\\})?"
            + " (NaN|[+-]Inf|[-+]?[0-9.]+(?:[eE][-+]?[0-9]+)?)");
    private static final Pattern TYPE = Pattern.compile(
            "# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|summary|histogram|untyped)");

    /** The binder's meters as Prometheus names them, with the type of each family. */
    private static final Map<String, String> FAMILIES = Map.of(
            "drivespeed_sequential_write_rate_bytes_per_second", "gauge",
            "drivespeed_sequential_read_rate_bytes_per_second", "gauge",
            "drivespeed_random_read_iops_operations_per_second", "gauge",
            "drivespeed_random_read_latency_seconds", "gauge",
            "drivespeed_random_read_clat_seconds", "summary",
            "drivespeed_random_read_bins_seconds", "histogram",
            "drivespeed_measurements_total", "counter");

    @TempDir
    Path dir;

    /** The file's families by name with their types; fails on a line the format does not have. */
    static Map<String, String> parse(List<String> lines) {
        Map<String, String> types = new LinkedHashMap<>();
        for (String line : lines) {
            if (line.startsWith("# HELP ")) {
                continue;
            }
            Matcher type = TYPE.matcher(line);
            if (type.matches()) {
                assertThat(types).as("TYPE lines").doesNotContainKey(type.group(1));
                types.put(type.group(1), type.group(2));
                continue;
            }
            Matcher sample = SAMPLE.matcher(line);
            assertThat(sample.matches()).as("a sample line: %s", line).isTrue();
            String name = sample.group(1);
            assertThat(types.keySet()).as("the family of %s is declared before it", name)
                    .anyMatch(f -> name.equals(f) || name.startsWith(f + "_"));
        }
        return types;
    }

    /** The value of the one line starting with {@code series} and a space. */
    private static double value(List<String> lines, String series) {
        List<String> found = lines.stream().filter(l -> l.startsWith(series + " ")).toList();
        assertThat(found).as("%s in %s", series, lines).hasSize(1);
        return Double.parseDouble(found.get(0).substring(series.length() + 1));
    }

    private static String measured(List<String> lines) {
        return lines.stream().filter(l -> l.startsWith("drivespeed_measurements_total{")
                && l.endsWith(" 1.0")).map(l -> l.replaceAll(".*outcome=\"([a-z]+)\".*", "$1"))
                .findFirst().orElseThrow();
    }

    @Test
    void aSequentialRunAndRandomReadsWriteTheBindersMetersInTheTextFormat() throws Exception {
        Path target = Files.createDirectory(dir.resolve("target"));
        Path textfiles = Files.createDirectory(dir.resolve("textfiles"));
        Path prom = textfiles.resolve("drivespeed.prom");
        Path json = dir.resolve("r.json");
        CommandRun run = CommandRun.of(target.toString(), "--block-size", "64K", "--count", "16",
                "--runs", "1", "--json", "-o", json.toString(), "--prometheus", prom.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        List<String> lines = Files.readAllLines(prom);
        assertThat(parse(lines)).containsAllEntriesOf(FAMILIES);
        assertThat(TestFiles.names(textfiles)).as("nothing but the file").containsExactly(
                "drivespeed.prom");
        String real = target.toRealPath().toString();
        String write = lines.stream().filter(l -> l.startsWith(
                "drivespeed_sequential_write_rate_bytes_per_second{")).findFirst().orElseThrow();
        assertThat(write).contains("path=\"" + real + "\"").contains("device=\"")
                .contains("fs_type=\"");
        String labels = write.substring(write.indexOf('{'), write.indexOf('}') + 1);
        double rate = value(lines, "drivespeed_sequential_write_rate_bytes_per_second" + labels);
        // no random reads in this run
        assertThat(value(lines, "drivespeed_random_read_iops_operations_per_second" + labels))
                .isNaN();
        if (measured(lines).equals("success")) {
            JsonNode report = new ObjectMapper().readTree(json.toFile());
            assertThat(rate).isCloseTo(report.at("/jobs/0/write/bw_bytes_median").asDouble(),
                    org.assertj.core.data.Offset.offset(1e-6 * rate)).isPositive();
        } else {
            assertThat(rate).isNaN();
        }

        // the next run replaces it whole: random reads, their quantiles
        run = CommandRun.of(target.toString(), "--rw", "randread", "--bs", "4K",
                "--size", "4M", "--duration", "1", "--prometheus", prom.toString(), "--quiet");
        assertThat(run.exitCode()).as(run.err()).isZero();
        lines = Files.readAllLines(prom);
        assertThat(parse(lines)).containsAllEntriesOf(FAMILIES);
        assertThat(value(lines, "drivespeed_sequential_write_rate_bytes_per_second" + labels))
                .isNaN();
        if (measured(lines).equals("success")) {
            String withQuantile = labels.replace("}", ",quantile=\"0.99\"}");
            assertThat(value(lines, "drivespeed_random_read_clat_seconds" + withQuantile))
                    .isPositive();
            assertThat(value(lines, "drivespeed_random_read_clat_seconds_count" + labels))
                    .isPositive().isEqualTo(value(lines,
                            "drivespeed_random_read_bins_seconds_count" + labels));
        }
        assertThat(TestFiles.names(textfiles)).containsExactly("drivespeed.prom");
    }

    @Test
    void aNameTheTextfileCollectorSkipsIsRefusedBeforeMeasuring() throws Exception {
        Path target = Files.createDirectory(dir.resolve("target"));
        CommandRun run = CommandRun.of(target.toString(), "--prometheus",
                dir.resolve("drivespeed.txt").toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("invalid value for option '--prometheus': '"
                + dir.resolve("drivespeed.txt") + "': node_exporter's textfile collector reads"
                + " only files whose names end in .prom; give such a name");
        assertThat(TestFiles.names(dir)).containsExactly("target");
        assertThat(TestFiles.names(target)).isEmpty();
    }

    @Test
    void nodeExportersTextfileCollectorReadsTheFile() throws Exception {
        FioReadersTest.needs(Files.isExecutable(NODE_EXPORTER),
                NODE_EXPORTER + " (Debian's prometheus-node-exporter)");
        Path target = Files.createDirectory(dir.resolve("target"));
        Path textfiles = Files.createDirectory(dir.resolve("textfiles"));
        CommandRun run = CommandRun.of(target.toString(), "--block-size", "64K", "--count", "16",
                "--runs", "1", "--quiet", "--prometheus",
                textfiles.resolve("drivespeed.prom").toString());
        assertThat(run.exitCode()).as(run.err()).isZero();

        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Process exporter = new ProcessBuilder(NODE_EXPORTER.toString(),
                "--web.listen-address=127.0.0.1:" + port, "--collector.disable-defaults",
                "--collector.textfile", "--collector.textfile.directory=" + textfiles)
                .redirectErrorStream(true).redirectOutput(dir.resolve("exporter.log").toFile())
                .start();
        try {
            List<String> metrics = scrape(exporter, port);
            assertThat(metrics).as("node_exporter's scrape").contains(
                    "node_textfile_scrape_error 0");
            assertThat(metrics).noneMatch(l -> l.startsWith("node_textfile_scrape_error 1"));
            assertThat(metrics).anyMatch(l -> l.startsWith(
                    "node_textfile_mtime_seconds{file=\"" + textfiles.resolve("drivespeed.prom")
                    + "\"}") || l.startsWith("node_textfile_mtime_seconds{file=\"drivespeed.prom\"}"));
            String real = target.toRealPath().toString();
            for (String family : FAMILIES.keySet()) {
                assertThat(metrics).as(family).contains("# TYPE " + family + " "
                        + FAMILIES.get(family));
            }
            assertThat(metrics).anyMatch(l -> l.startsWith(
                    "drivespeed_sequential_write_rate_bytes_per_second{")
                    && l.contains("path=\"" + real + "\""));
        } finally {
            exporter.destroy();
            if (!exporter.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                exporter.destroyForcibly().waitFor();
            }
        }
    }

    /** node_exporter's /metrics, once it answers (within 20 s). */
    private List<String> scrape(Process exporter, int port) throws IOException,
            InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest get = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                + "/metrics")).timeout(Duration.ofSeconds(10)).build();
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        List<IOException> failures = new ArrayList<>();
        while (System.nanoTime() < deadline) {
            assertThat(exporter.isAlive()).as("node_exporter runs: %s",
                    Files.readString(dir.resolve("exporter.log"))).isTrue();
            try {
                HttpResponse<String> r = http.send(get, HttpResponse.BodyHandlers.ofString());
                assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
                return r.body().lines().toList();
            } catch (IOException e) {
                failures.add(e);
                Thread.sleep(100);
            }
        }
        throw new AssertionError("node_exporter did not answer on 127.0.0.1:" + port + ": "
                + failures.get(failures.size() - 1) + "; its log: "
                + Files.readString(dir.resolve("exporter.log")));
    }
}
