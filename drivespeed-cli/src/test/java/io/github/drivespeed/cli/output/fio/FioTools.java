package io.github.drivespeed.cli.output.fio;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.report.FioLatencyBins;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** fio's tools (fio, fio_jsonplus_clat2csv) and jq, run as a test would by hand. */
public final class FioTools {

    private FioTools() {
    }

    /**
     * @param program a command
     * @return whether it is on the PATH
     */
    public static boolean onPath(String program) throws IOException, InterruptedException {
        return new ProcessBuilder("sh", "-c", "command -v " + program).start().waitFor() == 0;
    }

    /**
     * Runs a command, which must exit 0 within 5 minutes.
     *
     * @param command the command and its arguments
     * @return its standard output and error
     */
    public static String run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).as("%s timed out", command).isTrue();
        assertThat(p.exitValue()).as("%s: %s", command, out).isZero();
        return out;
    }

    /**
     * {@code fio_jsonplus_clat2csv JSON CSV}, then again with {@code --validate} (its check that
     * the rows hold the json+ bins).
     *
     * @param json a json+ document of one job
     * @param csv the CSV file's stub; the tool writes {@code STUB_job0.csv}
     * @return the rows of job 0's CSV, header first
     */
    public static List<String> clat2csv(Path json, Path csv) throws IOException,
            InterruptedException {
        assertThat(run(List.of("fio_jsonplus_clat2csv", json.toString(), csv.toString())))
                .contains("_job0.csv generated");
        assertThat(run(List.of("fio_jsonplus_clat2csv", json.toString(), csv.toString(),
                "--validate"))).contains("_job0.csv validated");
        String name = csv.getFileName().toString();
        String stub = name.contains(".") ? name.substring(0, name.lastIndexOf('.')) : name;
        String ext = name.contains(".") ? name.substring(name.lastIndexOf('.')) : "";
        return Files.readAllLines(csv.resolveSibling(stub + "_job0" + ext));
    }

    /**
     * Sums a count column of clat2csv's rows, checking that every row's latency is a key fio's
     * bin mapping produces.
     *
     * @param rows the CSV, header first
     * @param column the column, for example 4 for {@code read_clat_ns_count}
     * @return the sum
     */
    public static long sumColumn(List<String> rows, int column) {
        long sum = 0;
        for (String row : rows.subList(1, rows.size())) {
            String[] c = row.split(",\\s*", -1);
            long key = Long.parseLong(c[0]);
            assertThat(FioLatencyBins.indexToValueNanos(FioLatencyBins.valueToIndex(key))).as("bin key %d", key)
                    .isEqualTo(key);
            sum += c[column].isEmpty() ? 0 : Long.parseLong(c[column]);
        }
        return sum;
    }

    /**
     * @param json a file
     * @param filter a jq filter
     * @return jq's output, trimmed
     */
    public static String jq(Path json, String filter) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("jq", "-r", filter, json.toString()));
        return run(command).trim();
    }
}
