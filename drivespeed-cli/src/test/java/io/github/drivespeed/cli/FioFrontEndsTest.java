package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fio's front ends with drivespeed in fio's place: a {@code fio} link on PATH to a launcher that
 * passes the name it was started under, as the repository's {@code drivespeed} script does,
 * started as the front ends start it (a new process, found on PATH as {@code fio}), and its
 * output read as they read it. Sizes are the front ends' smallest, so that the whole class adds
 * about a minute.
 *
 * <p>The front ends' code is not copied here (GPL); their command lines and reads are restated
 * from their sources at pinned commits, cited at each test.
 */
class FioFrontEndsTest {

    /** KDiskMark's {@code parseResult} reads stdout with QJsonDocument::fromJson: one document. */
    private static final ObjectMapper STRICT = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    @TempDir
    Path dir;

    private FioOnPath onPath;

    @BeforeEach
    void fioOnPath() throws IOException {
        onPath = new FioOnPath(dir);
    }

    private ProcessBuilder command(Path cwd, String... args) {
        return onPath.command(cwd, args);
    }

    private FioOnPath.Run run(Path cwd, String... args) throws IOException, InterruptedException {
        return onPath.run(cwd, args);
    }

    /**
     * KDiskMark finds fio with {@code fio --version} and takes it when stdout, simplified, starts
     * with {@code fio-} (JonMagon/KDiskMark@e78d3c7 src/benchmark.cpp:7-18); fio-plot's bench_fio
     * wants {@code fio-3} in it (louwrentius/fio-plot@cfc6a6f bench_fio/benchlib/checks.py:17-31).
     */
    @Test
    void startedAsFioVersionIsOneLineFrontEndsTakeForFio() throws Exception {
        FioOnPath.Run fio = run(dir, "fio", "--version");
        assertThat(fio.exitCode()).isZero();
        assertThat(fio.out().lines().toList()).singleElement().asString()
                .startsWith("fio-3.33-drivespeed-").contains("fio-3");
        FioOnPath.Run own = run(dir, "drivespeed", "--version");
        assertThat(own.out()).startsWith("drivespeed ");
    }

    /**
     * KDiskMark 3.x (JonMagon/KDiskMark@e78d3c7): src/helper.cpp:185-198 lays out an empty
     * QTemporaryFile with {@code --create_only=1}; src/helper.cpp:219-237 then runs each test on
     * it; the SEQ1M Q8T1 and RND4K Q32T1 presets are src/appsettings.cpp:326-346, the file size
     * here KDiskMark's smallest (16 MiB, src/mainwindow.cpp:338-352), the time its default 5 s.
     * Every stdout goes through parseResult (src/benchmark.cpp:142-179, 359-388).
     */
    @Test
    void kdiskMarkThreeLaysOutItsFileThenRunsSeq1mQ8t1AndRnd4kQ32t1OnIt() throws Exception {
        Path file = Files.createFile(dir.resolve("kdiskmark-Ab12Cd.tmp"));
        FioOnPath.Run prepare = run(dir, "fio", "--output-format=json", "--create_only=1",
                "--filename=" + file, "--size=16m", "--zero_buffers=0", "--name=prepare");
        assertThat(prepare.exitCode()).as(prepare.err()).isZero();
        assertThat(STRICT.readTree(prepare.out()).get("fio version").asText())
                .startsWith("fio-3.33-drivespeed");
        JsonNode prepared = parseResult(prepare.out()).get(0);
        assertThat(prepared.get("read").get("io_bytes").asLong()).isZero();
        assertThat(prepared.get("write").get("io_bytes").asLong()).isZero();
        assertThat(Files.size(file)).isEqualTo(16L << 20);
        for (String[] test : new String[][] {
            {"read", "1024k", "read", "8"}, {"write", "1024k", "write", "8"},
            {"randread", "4k", "randread", "32"}, {"randwrite", "4k", "randwrite", "32"}}) {
            FioOnPath.Run r = run(dir, "fio", "--output-format=json", "--ioengine=libaio",
                    "--randrepeat=0", "--refill_buffers=0", "--end_fsync=1", "--direct=1",
                    "--rwmixread=70",
                    "--filename=" + file, "--name=" + test[0], "--size=16m", "--zero_buffers=0",
                    "--bs=" + test[1], "--runtime=5", "--rw=" + test[2], "--iodepth=" + test[3],
                    "--numjobs=1", "--group_reporting");
            assertThat(r.exitCode()).as(test[0] + ": " + r.err()).isZero();
            JsonNode job = parseResult(r.out()).get(0);
            String moved = test[2].endsWith("read") ? "read" : "write";
            assertThat(job.get(moved).get("bw").asInt()).as(test[0]).isPositive();
            assertThat(job.get(moved).get("iops").asDouble()).as(test[0]).isPositive();
            assertThat(job.get("job options").get("bs").asText()).isEqualTo(test[1]);
            assertThat(job.get("job options").get("iodepth").asText()).isEqualTo(test[3]);
            assertThat(job.get("job options").get("numjobs").asText()).isEqualTo("1");
        }
        assertThat(Files.size(file)).as("the file is kept for the front end to remove")
                .isEqualTo(16L << 20);
    }

    /**
     * What KDiskMark's parseResult reads (JonMagon/KDiskMark@e78d3c7 src/benchmark.cpp:142-179):
     * the whole stdout is one JSON document; {@code jobs} is not empty; {@code jobs[0].error}
     * read with toInt() is 0; for {@code read} and {@code write}, {@code bw} read with toInt()
     * (so an integral JSON number in int range, else it reads 0) divided by 1000.0,
     * {@code iops} with toDouble(), {@code clat_ns.mean} with toDouble(). KDiskMark 2.x
     * (@31d6f46 src/benchmark.cpp:196-240) read {@code lat_ns.mean} with toDouble() from every
     * job.
     *
     * @return the jobs
     */
    private static JsonNode parseResult(String stdout) throws IOException {
        JsonNode doc = STRICT.readTree(stdout);
        JsonNode jobs = doc.get("jobs");
        assertThat(jobs.isArray() && jobs.size() > 0).as("jobs not empty").isTrue();
        for (JsonNode job : jobs) {
            assertThat(job.get("error").isInt()).isTrue();
            assertThat(job.get("error").intValue()).isZero();
            for (String direction : List.of("read", "write")) {
                JsonNode d = job.get(direction);
                assertThat(d.get("bw").isInt()).as(direction + ".bw an int").isTrue();
                assertThat(d.get("iops").isNumber()).isTrue();
                assertThat(d.get("clat_ns").get("mean").isNumber()).isTrue();
                assertThat(d.get("lat_ns").get("mean").isNumber()).isTrue();
            }
        }
        return jobs;
    }

    /**
     * KDiskMark 2.x (JonMagon/KDiskMark@31d6f46 src/benchmark.cpp:84-140) starts each run and
     * stops it with SIGSTOP at once, then resumes it with SIGCONT when its turn comes: the time
     * stopped must not be measured. A 16 MiB read at QD8 takes far less than the 3 s it is
     * stopped for; counting the stop would make its runtime 3000 ms or more.
     */
    @Test
    void aRunStoppedAtStartAndResumedMeasuresFromWhenItResumes() throws Exception {
        Path file = dir.resolve(".kdiskmark.tmp");
        FioOnPath.Run prepare = run(dir, "fio", "--create_only=1", "--filename=" + file,
                "--size=16m", "--name=RW");
        assertThat(prepare.exitCode()).as(prepare.err()).isZero();
        Process p = command(dir, "fio", "--output-format=json", "--ioengine=libaio",
                "--direct=1", "--randrepeat=0", "--refill_buffers", "--end_fsync=1",
                "--rwmixread=70", "--filename=" + file, "--name=RW", "--size=16m", "--bs=1024k",
                "--runtime=5", "--rw=read", "--iodepth=8", "--numjobs=1")
                .redirectError(dir.resolve("stderr.txt").toFile()).start();
        long started = System.nanoTime();
        signal("STOP", p.pid());
        long stopMillis = 3000;
        Thread.sleep(200);
        assertThat(state(p.pid())).as("stopped").isEqualTo('T');
        Thread.sleep(stopMillis - 200);
        signal("CONT", p.pid());
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        long wallMillis = (System.nanoTime() - started) / 1_000_000;
        assertThat(p.exitValue()).as(Files.readString(dir.resolve("stderr.txt"))).isZero();
        assertThat(STRICT.readTree(out).get("fio version").asText()).startsWith("fio-3.33-drivespeed");
        JsonNode read = parseResult(out).get(0).get("read");
        assertThat(wallMillis).isGreaterThan(stopMillis);
        assertThat(read.get("io_bytes").asLong()).isEqualTo(16L << 20);
        assertThat(read.get("runtime").asLong()).isLessThan(stopMillis);
    }

    private static void signal(String name, long pid) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(pid)).start();
        assertThat(kill.waitFor()).isZero();
    }

    /** The process's state letter from /proc/PID/stat (proc(5)): T when stopped. */
    private static char state(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        return stat.charAt(stat.lastIndexOf(')') + 2);
    }
}
