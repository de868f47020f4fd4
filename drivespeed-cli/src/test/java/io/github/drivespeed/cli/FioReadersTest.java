package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * fio's own readers of its output, and fio-plot's, run unchanged on what drivespeed writes in
 * fio's place ({@link FioOnPath}: a {@code fio} link on PATH, as a user sets it up). The
 * programs are Debian's ({@code fio_jsonplus_clat2csv}, {@code fio2gnuplot},
 * {@code fio_generate_plots} with gnuplot) or copies under {@code src/test/resources/fio-tools/},
 * pinned to a commit and with their licences (fio's at axboe/fio {@code 72bcaffd}, tag fio-3.33;
 * fio-plot's at louwrentius/fio-plot {@code cfc6a6f}), all run with Debian's
 * {@code /usr/bin/python3} and its python3-* packages. A program that is absent skips its test
 * with the reason, except under {@code CI=true}, where it fails it ({@code .ci/run} installs
 * them all).
 *
 * <p>{@code -Ddrivespeed.test.fio=/usr/bin/fio} runs the same tests with fio itself in place.
 */
class FioReadersTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final String PYTHON = "/usr/bin/python3";

    /** A file of the copies under test resources, as a path on disk. */
    static Path resource(String name) {
        try {
            return Path.of(Objects.requireNonNull(FioReadersTest.class
                    .getResource("/fio-tools/" + name), name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Skips the test when a program it runs is absent, or fails it under {@code CI=true}.
     *
     * @param present whether it is there
     * @param what what is missing, and the Debian package that has it
     */
    static void needs(boolean present, String what) {
        if (System.getenv("CI") == null) {
            Assumptions.assumeTrue(present, "needs " + what);
        }
        assertThat(present).as("needs " + what + " (.ci/run installs it)").isTrue();
    }

    /** @return whether Debian's python3 imports every module named */
    static boolean python(String... modules) throws IOException, InterruptedException {
        if (!Files.isExecutable(Path.of(PYTHON))) {
            return false;
        }
        return new ProcessBuilder(PYTHON, "-c", "import " + String.join(", ", modules))
                .start().waitFor() == 0;
    }

    /** A log line of fio's: time (ms), value, direction, block size, offset (and more). */
    private record LogLine(long msec, long value, int direction) { }

    private static List<LogLine> log(Path file) throws IOException {
        List<LogLine> lines = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            String[] c = line.split(",\\s*");
            lines.add(new LogLine(Long.parseLong(c[0]), Long.parseLong(c[1]),
                    Integer.parseInt(c[2])));
        }
        return lines;
    }

    /**
     * fio's test of fio_jsonplus_clat2csv, {@code t/jsonplus2csv_test.py} (axboe/fio
     * {@code 72bcaffd}), as fio's own test suite runs it: {@code -f} the fio to run (here the
     * one on PATH), {@code -s} the script (Debian's). It starts fio with three command-line jobs
     * over one {@code --filename}, {@code --max-jobs}, {@code --thread=1} and the three
     * {@code *_percentiles} options, {@code --output=fio-output.json}, then converts the json+
     * and validates the CSV; it exits with the number of tests that failed.
     */
    @Test
    void fiosJsonplus2csvTestPasses(@TempDir Path dir) throws Exception {
        needs(Files.isExecutable(Path.of("/usr/bin/fio_jsonplus_clat2csv")),
                "fio_jsonplus_clat2csv (Debian's fio package)");
        needs(python("six"), "/usr/bin/python3 with python3-six");
        FioOnPath fio = new FioOnPath(dir);
        FioOnPath.Run test = fio.run(dir, PYTHON,
                resource("fio/jsonplus2csv_test.py").toString(),
                "-f", "fio", "-s", "/usr/bin/fio_jsonplus_clat2csv");
        assertThat(test.exitCode()).as(test.out() + test.err()).isZero();
        assertThat(test.out()).contains("fio-output_job0.csv validated",
                "fio-output_job1.csv validated", "fio-output_job2.csv validated",
                "Test 1 PASSED", "1 tests passed, 0 failed");
        JsonNode doc = JSON.readTree(dir.resolve("fio-output.json").toFile());
        assertThat(doc.get("fio version").asText())
                .startsWith(fio.isDrivespeed() ? "fio-3.33-drivespeed" : "fio-");
        // fio's grammar: options before the first --name are the globals, as typed.
        assertThat(doc.get("global options").get("runtime").asText()).isEqualTo("3s");
        assertThat(doc.get("global options").get("thread").asText()).isEqualTo("1");
        assertThat(doc.get("jobs").get(1).get("job options").toString())
                .isEqualTo("{\"name\":\"test2\",\"rw\":\"read\"}");
    }

    /**
     * fio's tests of {@code t/latency_percentiles.py} that need what drivespeed refuses or has
     * not built, skipped with the script's own {@code -s} (docs/fio.md lists each with its
     * reason): 3 {@code rw=randtrim} (trims are refused); 9 {@code fsync=32} with fio's
     * {@code sync} latencies (drivespeed runs the fsyncs but does not time them: its
     * {@code sync} object is zeros); 10, 11 {@code --output-format=terse,json+} (terse is
     * refused); 15 to 22 {@code cmdprio_percentage}, {@code cmdprio_bssplit} and
     * {@code bssplit} (I/O priorities and block size mixes are refused).
     */
    private static final List<String> LATENCY_SKIPPED = List.of("3", "9", "10", "11", "15",
            "16", "17", "18", "19", "20", "21", "22");

    /**
     * fio's test of its latency percentiles, {@code t/latency_percentiles.py} (axboe/fio
     * {@code 72bcaffd}), run as fio's own suite runs it: {@code -f} the fio to test (the
     * {@code fio} link), {@code -a} where its jobs run, {@code -s} the tests skipped. Each job
     * is a command line of 2 or 5 seconds ({@code --ioengine=null} or {@code libaio},
     * {@code --write_lat_log}, {@code --*_percentiles}, {@code --unified_rw_reporting=1},
     * {@code --numjobs=4}, json or json+); the script checks which latencies have percentiles
     * and bins, that {@code total_ios} equals the lines of each latency log, that every
     * percentile is within 1/128 of the one it computes from the log, and the json+ bins'
     * min, max and count. It exits with the number of tests that failed.
     */
    @Test
    void fiosLatencyPercentilesTestPasses(@TempDir Path dir) throws Exception {
        needs(Files.isExecutable(Path.of(PYTHON)), "/usr/bin/python3");
        FioOnPath fio = new FioOnPath(dir);
        List<String> command = new ArrayList<>(List.of(PYTHON,
                resource("fio/latency_percentiles.py").toString(),
                "-f", dir.resolve("bin").resolve("fio").toString(),
                "-a", dir.resolve("latency").toString(), "-s"));
        command.addAll(LATENCY_SKIPPED);
        FioOnPath.Run test = fio.run(dir, command.toArray(String[]::new));
        assertThat(test.exitCode()).as(test.out() + test.err()).isZero();
        int ran = 0;
        for (int id = 1; id <= 22; id++) {
            boolean skipped = LATENCY_SKIPPED.contains(Integer.toString(id));
            assertThat(test.out()).as(test.out()).contains("**********Test " + id + " "
                    + (skipped ? "SKIPPED (User request)" : "PASSED") + "**********");
            ran += skipped ? 0 : 1;
        }
        assertThat(test.out()).contains(ran + " tests passed, 0 failed, "
                + LATENCY_SKIPPED.size() + " skipped");
    }

    /**
     * fio's log readers on one run's logs: a sequential read for 3 s, bw, iops and lat logs
     * averaged over 100 ms windows ({@code log_avg_msec=100}), a clat histogram log every
     * 100 ms; the JSON of the same run is what each reader's figures are held to. (30 windows:
     * drivespeed also logs the run's last, shorter window, which fio does not, and an
     * unweighted average such as fio2gnuplot's gives it a whole window's weight.)
     */
    @Nested
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    class LogReaders {

        private Path dir;

        private FioOnPath fio;

        private JsonNode read;

        @BeforeAll
        void oneRunWithEveryLog(@TempDir Path scratch) throws Exception {
            dir = scratch;
            fio = new FioOnPath(dir);
            FioOnPath.Run run = fio.run(dir, "fio", "--output-format=json",
                    "--output=seqread.json", "--name=seqread", "--filename=seqread.data",
                    "--size=8m", "--rw=read", "--bs=64k", "--direct=1", "--time_based",
                    "--runtime=3", "--write_bw_log=seqread", "--write_iops_log=seqread",
                    "--write_lat_log=seqread", "--write_hist_log=seqread",
                    "--log_avg_msec=100", "--log_hist_msec=100");
            assertThat(run.exitCode()).as(run.err()).isZero();
            read = JSON.readTree(dir.resolve("seqread.json").toFile())
                    .get("jobs").get(0).get("read");
            assertThat(read.get("bw").asLong()).isPositive();
        }

        /**
         * A reader's average of the bw log against the JSON's bw: within 5 %, or, where the log
         * skips windows in which no I/O completed (fio writes no bw line for them, stat.c
         * {@code __add_samples}: a stall of 100 ms or more, as on a shared, loaded disk), at
         * least 95 % of it: the skipped windows' zeros are left out of the average.
         */
        private void assertAveragesTheJsonBw(double average) throws IOException {
            double json = read.get("bw").asDouble();
            List<LogLine> lines = log(dir.resolve("seqread_bw.1.log"));
            boolean skipped = lines.isEmpty() || lines.get(0).msec() > 150;
            for (int i = 1; i < lines.size(); i++) {
                skipped |= lines.get(i).msec() - lines.get(i - 1).msec() > 150;
            }
            if (skipped) {
                assertThat(average).isGreaterThanOrEqualTo(0.95 * json);
            } else {
                assertThat(average).isCloseTo(json, withinPercentage(5));
            }
        }

        /**
         * fio's {@code tools/fiologparser.py} (with upstream's fix 5f2a90b8 applied, see the
         * copy): with no option it prints the time-weighted average of the log over the run.
         */
        @Test
        void fiologparserAveragesTheBwLogToTheJsonBw() throws Exception {
            needs(Files.isExecutable(Path.of(PYTHON)), "/usr/bin/python3");
            FioOnPath.Run parsed = fio.run(dir, PYTHON,
                    resource("fio/fiologparser.py").toString(), "seqread_bw.1.log");
            assertThat(parsed.exitCode()).as(parsed.err()).isZero();
            assertAveragesTheJsonBw(Double.parseDouble(parsed.out().strip()));
        }

        /**
         * Debian's {@code fio2gnuplot} with {@code -g} (render with gnuplot) and {@code -k}
         * (keep its files): its {@code .global} file holds the log's min, max and avg.
         */
        @Test
        void fio2gnuplotAveragesTheBwLogToTheJsonBwAndDraws() throws Exception {
            needs(Files.isExecutable(Path.of("/usr/bin/fio2gnuplot")),
                    "fio2gnuplot (Debian's fio package)");
            needs(Files.isExecutable(Path.of("/usr/bin/gnuplot")), "gnuplot (gnuplot-nox)");
            Path out = Files.createDirectories(dir.resolve("fio2gnuplot"));
            FioOnPath.Run plot = fio.run(dir, "/usr/bin/fio2gnuplot", "-p", "seqread_bw.1.log",
                    "-g", "-k", "-d", out.toString());
            assertThat(plot.exitCode()).as(plot.out() + plot.err()).isZero();
            String global = Files.readString(out.resolve("seqread_bw.1.global"));
            Matcher avg = Pattern.compile("(?m)^avg=([0-9.]+)$").matcher(global);
            assertThat(avg.find()).as(global).isTrue();
            assertAveragesTheJsonBw(Double.parseDouble(avg.group(1)));
            assertThat(global).contains("values_count=" + log(dir.resolve("seqread_bw.1.log"))
                    .size());
            assertThat(Files.size(out.resolve("seqread_bw.1-2Draw.png"))).isPositive();
        }

        /**
         * Debian's {@code fio_generate_plots TITLE} in the logs' directory: it draws the lat,
         * clat, slat, iops and bw logs with gnuplot (and fails when one kind has no log); every
         * {@code *_bw.log} is a line in {@code TITLE-bw.svg}, one vertex per log line.
         */
        @Test
        void fioGeneratePlotsDrawsEveryBwLogLine() throws Exception {
            needs(Files.isExecutable(Path.of("/usr/bin/fio_generate_plots")),
                    "fio_generate_plots (Debian's fio package)");
            needs(Files.isExecutable(Path.of("/usr/bin/gnuplot")), "gnuplot (gnuplot-nox)");
            FioOnPath.Run run = fio.run(dir, "/usr/bin/fio_generate_plots", "seqread");
            assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
            String svg = Files.readString(dir.resolve("seqread-bw.svg"));
            // The first plot's path: the key's sample line (M x,y L x,y), then the data (M, L...).
            Matcher line = Pattern.compile("id=\"gnuplot_plot_1\".*?<path[^>]* d='M[^M]*M([^']*)'",
                    Pattern.DOTALL).matcher(svg);
            assertThat(line.find()).as("a line drawn").isTrue();
            int vertices = line.group(1).split("L").length;
            assertThat(vertices).isEqualTo(log(dir.resolve("seqread_bw.1.log")).size());
        }

        /**
         * fio's {@code tools/hist/fiologparser_hist.py} over the whole run (one interval, no
         * weighting between intervals): its sample count is the I/Os the histogram log holds
         * (not more than the run's), and its median is within 10 % of the run's clat median.
         */
        @Test
        void fiologparserHistReadsTheClatHistogramLog() throws Exception {
            needs(python("numpy", "pandas"),
                    "/usr/bin/python3 with python3-numpy and python3-pandas");
            FioOnPath.Run parsed = fio.run(dir, PYTHON,
                    resource("fio/fiologparser_hist.py").toString(), "--noweight",
                    "-i", "100000", "seqread_clat_hist.1.log");
            assertThat(parsed.exitCode()).as(parsed.err()).isZero();
            List<String> rows = parsed.out().lines().toList();
            assertThat(rows.get(0)).isEqualTo(
                    "end-time, samples, min, avg, median, 90%, 95%, 99%, max");
            assertThat(rows).hasSize(2);
            String[] c = rows.get(1).split(",\\s*");
            long ios = read.get("total_ios").asLong();
            assertThat(Long.parseLong(c[1])).isBetween(ios / 2, ios);
            double median = read.get("clat_ns").get("percentile").get("50.000000").asDouble();
            assertThat(Double.parseDouble(c[4])).isCloseTo(median, withinPercentage(10));
        }
    }

    /**
     * fio-plot (louwrentius/fio-plot {@code cfc6a6f}, BSD-3-Clause): its {@code bench_fio}
     * writes a job file per benchmark ({@code bench_fio/benchlib/generatefio.py:14-63}: the
     * job's options, {@code log_avg_msec}, {@code invalidate=1}, {@code loops=1},
     * {@code write_bw_log}/{@code write_lat_log}/{@code write_iops_log}) and starts
     * {@code fio --output-format=json --output=FILE JOBFILE} ({@code runfio.py:51-80}); it stops
     * at anything fio writes on stderr ({@code runfio.py:30-48}). Then fio-plot reads the
     * results as its {@code -l} (queue-depth bar chart: JSON import and its
     * {@code numjobs}/{@code iodepth} filter, {@code fio_plot/fiolib/jsonimport.py:33-69}) and
     * {@code -g} (log graph: {@code dataimport.py:263-281}) charts do, and draws them.
     */
    @Test
    void fioPlotsBenchFioRunsThenFioPlotReadsItsJsonAndLogs(@TempDir Path dir) throws Exception {
        needs(python("numpy", "matplotlib", "PIL", "rich", "packaging"), "/usr/bin/python3 with"
                + " python3-numpy, python3-matplotlib, python3-pil, python3-rich");
        FioOnPath fio = new FioOnPath(dir);
        Path results = benchFio(fio, dir);
        JsonNode[] docs = new JsonNode[3];
        for (int qd = 1; qd <= 2; qd++) {
            docs[qd] = JSON.readTree(results.resolve("randread-" + qd + "-1.json").toFile());
            assertThat(docs[qd].get("fio version").asText())
                    .startsWith(fio.isDrivespeed() ? "fio-3.33-drivespeed" : "fio-3");
        }

        JsonNode bars = fioPlot(fio, results, "-l");
        assertThat(bars.get(0).get("files")).extracting(JsonNode::asText).containsExactly(
                results.resolve("randread-1-1.json").toString(),
                results.resolve("randread-2-1.json").toString());
        JsonNode rows = bars.get(0).get("data");
        assertThat(rows).hasSize(2);
        for (int qd = 1; qd <= 2; qd++) {
            JsonNode row = rows.get(qd - 1);
            JsonNode job = docs[qd].get("jobs").get(0).get("read");
            assertThat(row.get("iodepth").asText()).isEqualTo(Integer.toString(qd));
            assertThat(row.get("numjobs").asText()).isEqualTo("1");
            assertThat(row.get("bw").asLong()).isEqualTo(job.get("bw").asLong()).isPositive();
            assertThat(row.get("iops").asDouble()).isEqualTo(job.get("iops").asDouble());
            assertThat(row.get("lat").asDouble()).isEqualTo(job.get("lat_ns").get("mean")
                    .asDouble());
        }

        JsonNode graphs = fioPlot(fio, results, "-g", "-t", "bw", "iops");
        assertThat(graphs).hasSize(4);
        for (JsonNode graph : graphs) {
            String file = "randread-iodepth-" + graph.get("iodepth").asInt() + "-numjobs-1_"
                    + graph.get("type").asText() + ".1.log";
            List<LogLine> lines = log(results.resolve(file));
            JsonNode points = graph.get("data").get(0).get("read");
            assertThat(points).as(file).hasSize(lines.size()).hasSizeGreaterThan(2);
            for (int i = 0; i < lines.size(); i++) {
                assertThat(points.get(i).get(0).asLong()).isEqualTo(lines.get(i).msec());
                assertThat(points.get(i).get(1).asLong()).isEqualTo(lines.get(i).value());
            }
        }
    }

    /**
     * bench_fio with drivespeed (or the fio given) as fio: random 4 KiB reads of a 4 MiB file for
     * 2 s at queue depths 1 and 2, one job, logs averaged over 250 ms.
     *
     * @return the directory of its JSON and log files
     */
    private static Path benchFio(FioOnPath fio, Path dir) throws IOException, InterruptedException {
        // bench_fio writes its job file as /tmp/BASENAME-tmpjobfile.fio (runfio.py:59): a name
        // of this test's own, removed after.
        String name = "drivespeed-fioplot-" + dir.getFileName() + ".bin";
        // --create: bench_fio lets fio lay the file out (a file drivespeed did not create it
        // reads, but does not extend).
        Path target = dir.resolve(name);
        Path jobFile = Path.of("/tmp", name + "-tmpjobfile.fio");
        Path out = dir.resolve("out");
        Path results = out.resolve(name).resolve("4k");
        try {
            ProcessBuilder bench = fio.command(dir, PYTHON, "-m", "bench_fio",
                    "--target", target.toString(), "--create", "--type", "file",
                    "--size", "4M", "--mode", "randread", "--iodepth", "1", "2", "--numjobs", "1",
                    "--runtime", "2", "--time-based", "--loginterval", "250", "--quiet",
                    "--output", out.toString());
            bench.environment().put("PYTHONPATH", resource("fio-plot").toString());
            FioOnPath.Run run = fio.run(bench);
            assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
            assertThat(run.out()).doesNotContain("An error occurred");
            assertThat(Files.readString(jobFile)).contains("log_avg_msec=250", "invalidate=1",
                    "loops=1", "write_bw_log=" + results.resolve("randread-iodepth-2-numjobs-1"));
        } finally {
            Files.deleteIfExists(jobFile);
        }
        return results;
    }

    /**
     * fio-plot's main with these arguments in {@code results} ({@code -i .}, title, the rw,
     * queue depths 1 and 2, one job), by the script beside the copy: the data as fio-plot read
     * it, then the PNG it saves.
     *
     * @return the data as fio-plot read it
     */
    private static JsonNode fioPlot(FioOnPath fio, Path results, String... graph)
            throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of(PYTHON,
                resource("fio-plot-read.py").toString(), "-i", ".", "-T", "drivespeed",
                "-r", "randread", "-d", "1", "2", "-n", "1"));
        args.addAll(List.of(graph));
        ProcessBuilder pb = fio.command(results, args.toArray(String[]::new));
        pb.environment().put("PYTHONPATH", resource("fio-plot").toString());
        pb.environment().put("MPLBACKEND", "Agg");
        FioOnPath.Run run = fio.run(pb);
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        Matcher saved = Pattern.compile("Saving to file (\\S+\\.png)").matcher(run.out());
        assertThat(saved.find()).as(run.out()).isTrue();
        assertThat(Files.size(results.resolve(saved.group(1)))).isPositive();
        Files.delete(results.resolve(saved.group(1)));
        String data = run.out().lines().filter(l -> l.startsWith("fio-plot data: ")).findFirst()
                .orElseThrow();
        return JSON.readTree(data.substring("fio-plot data: ".length()));
    }
}
