package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.drivespeed.cli.output.fio.FioTools;
import io.github.drivespeed.testing.Privileged;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fio's log files ({@code write_bw_log}, {@code write_iops_log}, {@code write_lat_log},
 * {@code write_hist_log}), written by real runs on small files: fio 3.33's names, its line
 * format (iolog.c {@code flush_samples}: {@code time, value, ddir, bs[, offset], prio}), and
 * values from the same samples as the JSON.
 */
class FioLogFilesTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** fio's line without log_offset: time, value, ddir, bs, prio. */
    private static final Pattern LINE = Pattern.compile("\\d+, \\d+, [01], \\d+, 0");
    /** With log_offset=1: time, value, ddir, bs, offset, prio. */
    private static final Pattern OFFSET_LINE = Pattern.compile("\\d+, \\d+, [01], \\d+, \\d+, 0");

    @TempDir
    Path dir;

    private JsonNode run(String... args) throws IOException {
        List<String> all = new ArrayList<>(List.of("--directory=" + dir,
                "--output-format=json", "--output=" + dir.resolve("out.json")));
        all.addAll(List.of(args));
        CommandRun r = CommandRun.of(all.toArray(String[]::new));
        assertThat(r.exitCode()).as(r.err()).isZero();
        return MAPPER.readTree(dir.resolve("out.json").toFile()).get("jobs").get(0);
    }

    private static List<long[]> lines(Path file, Pattern format) throws IOException {
        List<long[]> rows = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            assertThat(line).as(file.getFileName().toString()).matches(format);
            rows.add(Arrays.stream(line.split(", ")).mapToLong(Long::parseLong).toArray());
        }
        return rows;
    }

    private Map<String, Long> logNames() throws IOException {
        Map<String, Long> names = new TreeMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".log")).toList()) {
                names.put(f.getFileName().toString(), Files.size(f));
            }
        }
        return names;
    }

    @Test
    void bwAndIopsLogsAverageEachWindowAndAddUpToTheJsonsBytesAndIos() throws Exception {
        String prefix = dir.resolve("a").toString();
        JsonNode job = run("--name=x", "--size=8m", "--rw=read", "--bs=64k", "--direct=1",
                "--time_based", "--runtime=1", "--write_bw_log=" + prefix,
                "--write_iops_log=" + prefix, "--log_avg_msec=100");
        assertThat(logNames()).containsOnlyKeys("a_bw.1.log", "a_iops.1.log");
        List<long[]> bw = lines(dir.resolve("a_bw.1.log"), LINE);
        List<long[]> iops = lines(dir.resolve("a_iops.1.log"), LINE);
        // one line per whole 100 ms window that completed an I/O (a window without one, as a
        // stall behind another process's writes makes, has no line in drivespeed's log)
        assertThat(bw).hasSizeGreaterThanOrEqualTo(5).hasSameSizeAs(iops);
        double bytes = 0;
        double ios = 0;
        long before = 0;
        for (int i = 0; i < bw.size(); i++) {
            long time = bw.get(i)[0];
            assertThat(time).as("times increase").isGreaterThan(before);
            assertThat(time % 100).as("a whole window ends at %d ms", time).isZero();
            assertThat(bw.get(i)[2]).as("ddir read").isZero();
            assertThat(bw.get(i)[3]).as("averaged: bs 0, as fio").isZero();
            bytes += bw.get(i)[1] * 1024.0 * 100 / 1000;
            ios += iops.get(i)[1] * 100 / 1000.0;
            assertThat(iops.get(i)[0]).isEqualTo(time);
            before = time;
        }
        long ioBytes = job.get("read").get("io_bytes").asLong();
        assertThat(bytes).as("bw x window against io_bytes %d", ioBytes)
                .isBetween(ioBytes * 0.95, ioBytes * 1.05);
        long totalIos = job.get("read").get("total_ios").asLong();
        assertThat(ios).isBetween(totalIos * 0.95, totalIos * 1.05);
    }

    @Test
    void latLogsHoldEachIoWhoseMeansAreTheJsons() throws Exception {
        String prefix = dir.resolve("l").toString();
        JsonNode job = run("--name=x", "--size=4m", "--rw=randwrite", "--bs=4k", "--direct=1",
                "--ioengine=libaio", "--iodepth=4", "--write_lat_log=" + prefix,
                "--write_bw_log=" + prefix, "--write_iops_log=" + prefix);
        assertThat(logNames()).containsOnlyKeys("l_lat.1.log", "l_slat.1.log", "l_clat.1.log",
                "l_bw.1.log", "l_iops.1.log");
        JsonNode write = job.get("write");
        long ios = write.get("total_ios").asLong();
        assertThat(ios).isEqualTo(1024);
        List<long[]> lat = lines(dir.resolve("l_lat.1.log"), LINE);
        List<long[]> slat = lines(dir.resolve("l_slat.1.log"), LINE);
        List<long[]> clat = lines(dir.resolve("l_clat.1.log"), LINE);
        List<long[]> bw = lines(dir.resolve("l_bw.1.log"), LINE);
        List<long[]> iops = lines(dir.resolve("l_iops.1.log"), LINE);
        assertThat(List.of(lat.size(), slat.size(), clat.size(), bw.size(), iops.size()))
                .containsOnly((int) ios);
        double sum = 0;
        double clatSum = 0;
        long before = 0;
        for (int i = 0; i < ios; i++) {
            assertThat(lat.get(i)[0]).as("times do not go back").isGreaterThanOrEqualTo(before);
            before = lat.get(i)[0];
            assertThat(lat.get(i)[2]).as("ddir write").isEqualTo(1);
            assertThat(lat.get(i)[3]).as("the I/O's bytes").isEqualTo(4096);
            assertThat(lat.get(i)[1]).isEqualTo(slat.get(i)[1] + clat.get(i)[1]);
            assertThat(bw.get(i)[1]).as("bytes per ms over clat, as fio")
                    .isEqualTo(4096L * 1_000_000 / clat.get(i)[1]);
            assertThat(iops.get(i)[1]).isEqualTo(1);
            sum += lat.get(i)[1];
            clatSum += clat.get(i)[1];
        }
        assertThat(sum / ios).isCloseTo(write.get("lat_ns").get("mean").asDouble(),
                org.assertj.core.data.Percentage.withPercentage(0.01));
        assertThat(clatSum / ios).isCloseTo(write.get("clat_ns").get("mean").asDouble(),
                org.assertj.core.data.Percentage.withPercentage(0.01));
    }

    @Test
    void histLogCountsEachWindowsCompletionsInFiosBins() throws Exception {
        String prefix = dir.resolve("h").toString();
        JsonNode job = run("--name=x", "--size=8m", "--rw=randread", "--bs=4k", "--direct=1",
                "--time_based", "--runtime=1", "--write_hist_log=" + prefix,
                "--log_hist_msec=100", "--log_hist_coarseness=2");
        assertThat(logNames()).containsOnlyKeys("h_clat_hist.1.log");
        List<String> lines = Files.readAllLines(dir.resolve("h_clat_hist.1.log"));
        // a window in which no I/O completed (a stall on a busy machine) has no line, as in fio
        assertThat(lines).hasSizeBetween(5, 10);
        long before = 0;
        long counted = 0;
        for (String line : lines) {
            long[] v = Arrays.stream(line.split(", ")).mapToLong(Long::parseLong).toArray();
            assertThat(v).as("time, ddir, bs and 1856 / 2^2 bins").hasSize(3 + 1856 / 4);
            assertThat(v[0]).isGreaterThan(before);
            assertThat(v[0] % 100).as("a whole window's end").isZero();
            assertThat(v[1]).isZero();
            assertThat(v[2]).isEqualTo(4096);
            before = v[0];
            counted += Arrays.stream(v, 3, v.length).sum();
        }
        long ios = job.get("read").get("total_ios").asLong();
        assertThat(counted).as("whole windows' completions of %d", ios)
                .isBetween((long) (ios * 0.75), ios);
    }

    @Test
    void logMaxValueGivesEachWindowsLargestLatencyWhoseLargestIsTheJsons() throws Exception {
        String prefix = dir.resolve("m").toString();
        JsonNode job = run("--name=x", "--size=8m", "--rw=randread", "--bs=4k", "--direct=1",
                "--ioengine=libaio", "--iodepth=2", "--time_based", "--runtime=1",
                "--write_lat_log=" + prefix, "--log_avg_msec=100", "--log_max_value=1");
        JsonNode read = job.get("read");
        for (String[] kind : new String[][] {{"lat", "lat_ns"}, {"clat", "clat_ns"},
            {"slat", "slat_ns"}}) {
            List<long[]> rows = lines(dir.resolve("m_" + kind[0] + ".1.log"), LINE);
            assertThat(rows).as(kind[0]).hasSizeGreaterThanOrEqualTo(9);
            assertThat(rows.stream().mapToLong(r -> r[1]).max().orElseThrow()).as(kind[0])
                    .isEqualTo(read.get(kind[1]).get("max").asLong());
        }
    }

    @Test
    void logUnixEpochGivesWallClockMillisecondsOfTheRun() throws Exception {
        long before = System.currentTimeMillis();
        run("--name=x", "--size=1m", "--rw=read", "--bs=64k", "--write_iops_log="
                + dir.resolve("e"), "--log_unix_epoch=1");
        long after = System.currentTimeMillis();
        List<long[]> rows = lines(dir.resolve("e_iops.1.log"), LINE);
        assertThat(rows).hasSize(16)
                .allSatisfy(r -> assertThat(r[0]).isBetween(before, after));
    }

    @Test
    void perJobLogsZeroDropsTheNumberAndLogOffsetAddsTheColumn() throws Exception {
        run("--name=x", "--size=1m", "--rw=randread", "--bs=4k", "--direct=1",
                "--write_iops_log=" + dir.resolve("o"), "--per_job_logs=0", "--log_offset=1");
        assertThat(logNames()).containsOnlyKeys("o_iops.log");
        List<long[]> rows = lines(dir.resolve("o_iops.log"), OFFSET_LINE);
        assertThat(rows).hasSize(256);
        assertThat(rows.stream().map(r -> r[4]).distinct().count()).as("each block once")
                .isEqualTo(256);
        assertThat(rows).allSatisfy(r -> assertThat(r[4] % 4096).isZero())
                .allSatisfy(r -> assertThat(r[4]).isLessThan(1L << 20));
    }

    @Test
    void jobsSharingALogWithPerJobLogsZeroWriteItInTurn() throws Exception {
        Path file = dir.resolve("shared.fio");
        Files.writeString(file, "[global]\ndirectory=" + dir + "\nsize=1m\nbs=64k\n"
                + "write_iops_log=" + dir.resolve("s") + "\nper_job_logs=0\n\n[r]\nrw=read\n\n"
                + "[w]\nrw=write\n");
        CommandRun r = CommandRun.of(file.toString(), "--output=" + dir.resolve("out.txt"));
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(logNames()).containsOnlyKeys("s_iops.log");
        List<long[]> rows = lines(dir.resolve("s_iops.log"), LINE);
        assertThat(rows).hasSize(32);
        assertThat(rows.subList(0, 16)).allSatisfy(row -> assertThat(row[2]).isZero());
        assertThat(rows.subList(16, 32)).allSatisfy(row -> assertThat(row[2]).isEqualTo(1));
    }

    @Test
    void jobsAreNumberedAsFioNumbersThemAndAnEmptyPrefixIsTheJobsName() throws Exception {
        Path file = dir.resolve("jobs.fio");
        Files.writeString(file, "[global]\ndirectory=" + dir + "\nsize=1m\nbs=64k\n"
                + "write_bw_log\n\n[first]\nrw=read\nnumjobs=2\n\n[second]\nrw=write\n"
                + "write_bw_log=" + dir.resolve("s") + "\n");
        Path cwdLogs = Path.of("first_bw.1.log");
        CommandRun r = CommandRun.of(file.toString(), "--output-format=json",
                "--output=" + dir.resolve("out.json"));
        try {
            assertThat(r.exitCode()).as(r.err()).isZero();
            assertThat(logNames()).containsOnlyKeys("s_bw.3.log");
            for (String name : List.of("first_bw.1.log", "first_bw.2.log")) {
                assertThat(Path.of(name)).as("in the working directory, as fio").isNotEmptyFile();
            }
        } finally {
            Files.deleteIfExists(cwdLogs);
            Files.deleteIfExists(Path.of("first_bw.2.log"));
        }
    }

    @Test
    void anExistingLogNeedsOverwriteAsDrivespeedAndIsReplacedAsFio() throws Exception {
        Path old = Files.writeString(dir.resolve("r_bw.1.log"), "old\n");
        String[] job = {"--name=x", "--directory=" + dir, "--size=1m", "--rw=read", "--bs=64k",
            "--write_bw_log=" + dir.resolve("r"), "--output=" + dir.resolve("out.json")};
        CommandRun refused = CommandRun.of(job);
        assertThat(refused.exitCode()).isEqualTo(2);
        assertThat(refused.err()).contains("write_bw_log", old.toString(), "--overwrite");
        assertThat(Files.readString(old)).isEqualTo("old\n");
        List<String> withOverwrite = new ArrayList<>(List.of(job));
        withOverwrite.add("--overwrite");
        CommandRun replaced = CommandRun.of(withOverwrite.toArray(String[]::new));
        assertThat(replaced.exitCode()).as(replaced.err()).isZero();
        assertThat(lines(old, LINE)).hasSize(16);
        Files.writeString(old, "old\n");
        List<String> noOutput = new ArrayList<>(List.of(job).subList(0, job.length - 1));
        noOutput.add("--overwrite");
        CommandRun withoutOutput = CommandRun.of(noOutput.toArray(String[]::new));
        assertThat(withoutOutput.exitCode()).as("--overwrite for the logs alone: %s",
                withoutOutput.err()).isZero();
        assertThat(lines(old, LINE)).hasSize(16);
        Files.writeString(old, "old\n");
        CommandRun asFio = CommandRun.asFio(job);
        assertThat(asFio.exitCode()).as(asFio.err()).isZero();
        assertThat(lines(old, LINE)).hasSize(16);
    }

    @Test
    void logOptionsDrivespeedCannotHonourAreRefusedByName() {
        for (String option : List.of("--log_compression=1m", "--log_store_compressed=1",

                "--log_hist_coarseness=7", "--log_avg_msec=-1")) {
            CommandRun r = CommandRun.of("--name=x", "--directory=" + dir, "--size=1m",
                    "--write_bw_log=" + dir.resolve("z"), option);
            assertThat(r.exitCode()).as(option).isEqualTo(2);
            assertThat(r.err()).as(option).contains(option.substring(2, option.indexOf('=')));
        }
        assertThat(dir).isEmptyDirectory();
    }

    /**
     * Debian's fio 3.33 and drivespeed run the same job with every log: the same file names,
     * and in each file lines of the same number of columns.
     */
    @Test
    void fioAndDrivespeedWriteTheSameFilesWithTheSameColumns() throws Exception {
        Privileged.require(FioTools.onPath("fio"), "fio (Debian package fio)");
        Map<String, Integer> columns = new TreeMap<>();
        for (String tool : List.of("fio", "drivespeed")) {
            Path out = Files.createDirectory(dir.resolve(tool));
            String prefix = out.resolve("j").toString();
            List<String> job = List.of("--name=x", "--filename=" + out.resolve("f"),
                    "--size=8m", "--rw=randrw", "--bs=4k", "--direct=1", "--ioengine=libaio",
                    "--iodepth=4", "--time_based", "--runtime=1", "--write_bw_log=" + prefix,
                    "--write_iops_log=" + prefix, "--write_lat_log=" + prefix,
                    "--write_hist_log=" + prefix, "--log_avg_msec=100", "--log_hist_msec=100",
                    "--log_offset=1", "--output=" + out.resolve("out.json"));
            if (tool.equals("fio")) {
                List<String> command = new ArrayList<>(List.of("fio"));
                command.addAll(job);
                FioTools.run(command);
            } else {
                CommandRun r = CommandRun.of(job.toArray(String[]::new));
                assertThat(r.exitCode()).as(r.err()).isZero();
            }
            Files.deleteIfExists(out.resolve("f"));
            Map<String, Integer> found = new TreeMap<>();
            try (Stream<Path> files = Files.list(out)) {
                for (Path f : files.filter(f -> f.toString().endsWith(".log")).toList()) {
                    List<Integer> widths = Files.readAllLines(f).stream()
                            .map(l -> l.split(", ").length).distinct().toList();
                    assertThat(widths).as("%s %s", tool, f.getFileName()).hasSizeLessThan(2);
                    found.put(f.getFileName().toString(), widths.isEmpty() ? 0 : widths.get(0));
                }
            }
            if (tool.equals("fio")) {
                columns.putAll(found);
            } else {
                assertThat(found).isEqualTo(columns);
            }
        }
        assertThat(columns).containsEntry("j_clat_hist.1.log", 3 + 1856)
                .containsEntry("j_bw.1.log", 6).containsEntry("j_slat.1.log", 6);
    }
}
