package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.cli.output.OutputSchema;
import io.github.drivespeed.testing.TestFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --ioengine} picks the workload's engine by fio's name; the summary names the engine
 * that ran and the process's CPU time per I/O, the JSON and CSV carry both, and a refusal is
 * one line naming the option.
 */
class IoEngineOptionTest {

    @TempDir
    Path dir;

    @TempDir
    Path outputs;

    private CommandRun run(String... args) {
        CommandRun o = CommandRun.of(args);
        try {
            assertThat(TestFiles.names(dir)).as("test files left").isEmpty();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return o;
    }

    @Test
    void theNamedEngineRunsAndTheSummaryNamesItWithTheCpuTimePerIo() {
        CommandRun o = run(dir.toString(), "--rw", "randread", "--iodepth", "8", "--ioengine",
                "libaio", "--size", "4M", "--count", "800", "--quiet");
        assertThat(o.exitCode()).as(o.err()).isZero();
        CommandRun text = run(dir.toString(), "--rw", "randread", "--iodepth", "8",
                "--ioengine", "libaio", "--size", "4M", "--count", "800");
        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.out()).containsPattern("(?m)^I/O: +libaio \\(.*\\): 1 thread x queue"
                + " depth 8 \\(\\d+\\.\\d in flight on average, peak \\d, submitting thread \\d+ %"
                + " busy\\)$")
                .containsPattern("(?m)^CPU: +\\d+ ns user \\+ \\d+ ns system per I/O \\(usr_cpu");
    }

    @Test
    void withoutTheOptionQueueDepthOneIsPsync() {
        CommandRun o = run(dir.toString(), "--rw", "randwrite", "--size", "4M", "--count", "300");
        assertThat(o.exitCode()).as(o.err()).isZero();
        assertThat(o.out()).containsPattern("(?m)^I/O: +psync: 1 thread x queue depth 1$");
    }

    @Test
    void jsonAndCsvCarryTheEngineAndTheCpuTime() throws IOException {
        Path json = outputs.resolve("r.json");
        CommandRun o = run(dir.toString(), "--rw", "randread", "--ioengine", "psync", "--size",
                "4M", "--count", "300", "--json", "-o", json.toString(), "--quiet");
        assertThat(o.exitCode()).as(o.err()).isZero();
        String j = Files.readString(json);
        Files.delete(json);
        OutputSchema.read(j);
        assertThat(j).contains("\"engine\" : {").contains("\"name\" : \"psync\"")
                .contains("\"requested\" : \"psync\"").contains("\"usr_ns_per_io\" : ")
                .contains("\"sys_cpu\" : ");
        Path csv = outputs.resolve("r.csv");
        o = run(dir.toString(), "--rw", "randread", "--size", "4M", "--count", "300", "--csv",
                "-o", csv.toString(), "--quiet");
        assertThat(o.exitCode()).as(o.err()).isZero();
        String c = Files.readString(csv);
        Files.delete(csv);
        assertThat(c.lines().findFirst().orElseThrow())
                .contains(",started_at,ioengine,cpu_usr_ns_per_io,cpu_sys_ns_per_io,usr_cpu,sys_cpu,"
                        + "verified_bytes,");
        assertThat(c.lines().skip(1).findFirst().orElseThrow()).containsPattern(",psync,[0-9.]+,");
    }

    @Test
    void aPresetTableHasTheCpuTimePerIoOfEachRow() {
        CommandRun o = run(dir.toString(), "--preset", "RND4K-Q32T1", "--ioengine", "libaio",
                "--size", "4M", "--count", "400");
        assertThat(o.exitCode()).as(o.err()).isZero();
        assertThat(o.out()).containsPattern("(?m)^test .* CPU ns/IO$")
                .containsPattern("(?m)^RND4K Q32T1 read .* \\d+$")
                .containsPattern("(?m)^I/O: +RND4K Q32T1 read +libaio \\(");
    }

    @Test
    void anUnknownEngineIsOneLineNamingTheOptionAndTheNames() {
        CommandRun o = run(dir.toString(), "--rw", "randread", "--ioengine", "posixaio");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.errLines()).containsExactly("drivespeed: invalid value for option"
                + " '--ioengine': 'posixaio': must be one of psync, libaio, io_uring, null");
    }

    @Test
    void anEngineTheBackendLacksIsRefusedBeforeAnyIo() {
        CommandRun o = run(dir.toString(), "--backend", "java", "--rw", "randread", "--iodepth",
                "4", "--ioengine", "io_uring", "--size", "4M", "--count", "100");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.errLines()).containsExactly("drivespeed: ioEngine io_uring: the java"
                + " backend has no io_uring engine (its engines: psync)");
    }

    @Test
    void theOptionNeedsAWorkload() {
        CommandRun o = run(dir.toString(), "--ioengine", "io_uring");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.errLines()).containsExactly(
                "drivespeed: option '--ioengine' needs a workload (--rw, --preset or --sweep) or a"
                + " --require with random 4 KiB figures");
    }

    @Test
    void sqThreadPollRunsIoUringWithAPolledRingAndIsRefusedBesideAnotherEngine() {
        CommandRun o = run(dir.toString(), "--rw", "randread", "--iodepth", "8",
                "--sqthread-poll", "--size", "4M", "--count", "800");
        assertThat(o.exitCode()).as(o.err()).isZero();
        assertThat(o.out()).containsPattern("(?m)^I/O: +io_uring \\(.*a kernel thread polls the"
                + " submission ring \\(IORING_SETUP_SQPOLL\\).*\\): 1 thread x queue depth 8");
        CommandRun aio = run(dir.toString(), "--rw", "randread", "--iodepth", "8",
                "--ioengine", "libaio", "--sqthread-poll", "--size", "4M", "--count", "800");
        assertThat(aio.exitCode()).isEqualTo(2);
        assertThat(aio.errLines()).containsExactly("drivespeed: option '--sqthread-poll' needs"
                + " io_uring (IORING_SETUP_SQPOLL); --ioengine libaio has no submission-queue"
                + " polling");
        CommandRun java = run(dir.toString(), "--rw", "randread", "--backend", "java",
                "--sqthread-poll", "--size", "4M", "--count", "800");
        assertThat(java.exitCode()).isEqualTo(2);
        assertThat(java.errLines()).containsExactly("drivespeed: option '--sqthread-poll' needs"
                + " the native backend (io_uring); --backend java has none");
    }

    @Test
    void sqThreadPollAtQueueDepthOneRunsThePolledRingNotPsync() {
        CommandRun o = run(dir.toString(), "--rw", "randread", "--sqthread-poll", "--size", "4M",
                "--count", "300");
        assertThat(o.exitCode()).as(o.err()).isZero();
        assertThat(o.out()).containsPattern("(?m)^I/O: +io_uring \\(.*IORING_SETUP_SQPOLL.*\\):"
                + " 1 thread x queue depth 1\\b")
                .doesNotContainPattern("(?m)^I/O: +psync");
        CommandRun preset = run(dir.toString(), "--preset", "RND4K-Q1T1", "--sqthread-poll",
                "--size", "4M", "--count", "200");
        assertThat(preset.exitCode()).as(preset.err()).isZero();
        assertThat(preset.out()).containsPattern("(?m)^I/O: +RND4K Q1T1 read +io_uring \\(.*"
                + "IORING_SETUP_SQPOLL")
                .containsPattern("(?m)^I/O: +RND4K Q1T1 write +io_uring \\(.*IORING_SETUP_SQPOLL");
    }

    private void runsThePolledRing(String name, String jobFile) throws IOException {
        Path job = outputs.resolve(name);
        Files.writeString(job, jobFile);
        CommandRun o = run(job.toString());
        assertThat(o.exitCode()).as(o.err()).isZero();
        assertThat(o.out()).as(name).containsPattern("drivespeed ran: io_uring \\(.*"
                + "IORING_SETUP_SQPOLL");
    }

    @Test
    void fiosSqthreadPollTakesTheSameRoadWhereTheSectionsEngineIsIoUringAsInFio()
            throws IOException {
        CommandRun fio = run(dir.toString(), "--name=x", "--rw=randread", "--bs=4k",
                "--size=1m", "--iodepth=4", "--number_ios=200", "--direct=1",
                "--ioengine=io_uring", "--sqthread_poll", "--output-format=normal");
        assertThat(fio.exitCode()).as(fio.err()).isZero();
        assertThat(fio.out()).containsPattern("drivespeed ran: io_uring \\(.*IORING_SETUP_SQPOLL"
                + ".*\\): 1 thread x queue depth 4");
        // inherited from [global] with io_uring, sqthread_poll runs the polled ring for the job
        String common = "direct=1\ndirectory=" + dir + "\nrw=randread\nsize=1m\nnumber_ios=100\n"
                + "iodepth=4\n";
        runsThePolledRing("global.fio", "[global]\nioengine=io_uring\nsqthread_poll\n" + common
                + "[inherited]\n");
        // a section's ioengine is read before its other options, as fio reads a job file's
        runsThePolledRing("same.fio", "[global]\n" + common + "[same]\nsqthread_poll\n"
                + "ioengine=io_uring\n");
        // fio 3.33: "Bad option <sqthread_poll>" where the section's engine is psync
        Path psync = outputs.resolve("psync.fio");
        Files.writeString(psync, "[global]\nsqthread_poll\n[x]\nioengine=io_uring\ndirectory="
                + dir + "\nrw=randread\nsize=1m\n");
        CommandRun refused = run(psync.toString());
        assertThat(refused.exitCode()).isEqualTo(2);
        assertThat(refused.err()).contains(psync + ":2: fio option 'sqthread_poll': an option of"
                + " fio's io_uring engine, and this section's ioengine is psync");
        // fio 3.33 runs libaio and ignores the io_uring option the section inherited
        Path inherited = outputs.resolve("inherited.fio");
        Files.writeString(inherited, "[global]\nioengine=io_uring\nsqthread_poll\n[x]\n"
                + "ioengine=libaio\niodepth=4\ndirect=1\ndirectory=" + dir
                + "\nrw=randread\nsize=1m\nnumber_ios=100\n");
        CommandRun libaio = run(inherited.toString());
        assertThat(libaio.exitCode()).as(libaio.err()).isZero();
        assertThat(libaio.out()).contains("sqthread_poll has no effect with ioengine=libaio")
                .containsPattern("drivespeed ran: libaio \\(")
                .doesNotContain("IORING_SETUP_SQPOLL");
    }
}
