package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.drivespeed.cli.output.OutputSchema;
import io.github.drivespeed.testing.Mounts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code drivespeed FILE.fio}, {@code --job FILE} and fio's spellings on the command line, run
 * on real files in a temporary directory.
 */
class FioJobCommandTest {

    @TempDir
    Path dir;

    private Path jobFile(String name, String text) throws IOException {
        return jobFile(dir, name, text);
    }

    private static Path jobFile(Path in, String name, String text) throws IOException {
        Path file = in.resolve(name);
        Files.writeString(file, text);
        return file;
    }


    private String seed004() {
        return seed004(dir);
    }

    /** Seed 004's job file (size=1G, runtime=60), shrunk: 2 MiB, 1 s. */
    private static String seed004(Path dir) {
        return """
                [global]
                size=2m
                direct=1
                ioengine=libaio
                bs=4k
                numjobs=1
                runtime=1
                group_reporting

                [readtest]
                rw=read
                filename=%s

                [writetest]
                rw=write
                filename=%s
                """.formatted(dir.resolve("readtestfile"), dir.resolve("writetestfile"));
    }

    private static byte[] randomBytes(int n) {
        byte[] b = new byte[n];
        new Random(4).nextBytes(b);
        return b;
    }

    @Test
    void seed004sJobFileRunsBothJobsTogetherAndReportsOneGroupWithBothDirections()
            throws IOException {
        try (Mounts.Mount drive = Mounts.privateDrive(dir, 64)) {
            seed004RunsAsOneGroup(drive.dir());
        }
    }

    private static void seed004RunsAsOneGroup(Path dir) throws IOException {
        Path job = jobFile(dir, "fiotest.fio", seed004(dir));
        CommandRun run = CommandRun.of(job.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("fio jobs from " + job + ": 2 jobs, run at the same time")
                .contains("readtest: (g=0): rw=read, bs=4096B, ioengine=libaio, iodepth=1")
                .contains("writetest: (g=0): rw=write, bs=4096B, ioengine=libaio, iodepth=1");
        // group_reporting: one reported job for the group, with both directions
        Matcher reported = Pattern.compile("(?m)^(\\S+): \\(groupid=(\\d+), jobs=(\\d+)\\)$")
                .matcher(run.out());
        assertThat(reported.find()).isTrue();
        assertThat(reported.group(1)).isEqualTo("readtest");
        assertThat(reported.group(3)).isEqualTo("2");
        assertThat(reported.find()).as("one reported job").isFalse();
        assertThat(run.out()).containsPattern("\\n  read: IOPS=\\d+, BW=")
                .containsPattern("\\n  write: IOPS=\\d+, BW=")
                .contains("Run status group 0 (all jobs):")
                .containsPattern("READ: bw=.*run=\\d+-\\d+msec")
                .containsPattern("WRITE: bw=.*run=\\d+-\\d+msec")
                // run together, and not taken for another measurement
                .doesNotContain("another drivespeed measurement");
        // filename= named files that did not exist: never created under those names, and the
        // test files removed
        try (var left = Files.list(dir)) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactly("fiotest.fio");
        }
    }

    @Test
    void withoutGroupReportingEachJobIsReportedAlone() throws IOException {
        Path job = jobFile("two.fio", seed004().replace("group_reporting\n", ""));
        CommandRun run = CommandRun.of("--job", job.toString(), "--json");
        assertThat(run.exitCode()).as(run.err()).isZero();
        // --json: drivespeed's own JSON, one job per fio job
        OutputSchema.read(run.out());
        assertThat(run.out()).contains("\"readtest\"").contains("\"writetest\"");
        CommandRun text = CommandRun.of("--job", job.toString());
        assertThat(text.out()).contains("readtest: (groupid=0, jobs=1)")
                .contains("writetest: (groupid=0, jobs=1)");
    }

    @Test
    void fiosJsonOfAJobFileKeepsFiosGroupsAndGroupReporting() throws IOException {
        // without group_reporting: two jobs that ran at once, one group, as fio numbers them
        Path two = jobFile("two.fio", seed004().replace("group_reporting\n", ""));
        CommandRun run = CommandRun.of("--job", two.toString(), "--output-format=json");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode jobs = new ObjectMapper().readTree(run.out()).path("jobs");
        assertThat(jobs).hasSize(2);
        assertThat(jobs.get(0).path("jobname").asText()).isEqualTo("readtest");
        assertThat(jobs.get(1).path("jobname").asText()).isEqualTo("writetest");
        for (JsonNode job : jobs) {
            assertThat(job.path("groupid").asInt()).isZero();
            // the I/O threads were counted: fio's ctx, minf and majf are numbers, not listed
            assertThat(job.path("ctx").isIntegralNumber()).isTrue();
            assertThat(job.path("minf").asLong()).isNotNegative();
        }
        assertThat(new ObjectMapper().readTree(run.out()).path("drivespeed").path("placeholders")
                .toString()).doesNotContain(".jobs[].ctx").doesNotContain("drop_ios");

        // with group_reporting: the group is one job with both directions, as fio writes it
        Path one = jobFile("one.fio", seed004());
        CommandRun grouped = CommandRun.of("--job", one.toString(), "--output-format=json");
        assertThat(grouped.exitCode()).as(grouped.err()).isZero();
        JsonNode joined = new ObjectMapper().readTree(grouped.out()).path("jobs");
        assertThat(joined).hasSize(1);
        JsonNode job = joined.get(0);
        assertThat(job.path("jobname").asText()).isEqualTo("readtest");
        assertThat(job.path("groupid").asInt()).isZero();
        assertThat(job.path("read").path("io_bytes").asLong()).isPositive();
        assertThat(job.path("write").path("io_bytes").asLong()).isPositive();
        assertThat(job.path("job options").path("numjobs").isMissingNode()).isTrue();
        try (var left = Files.list(dir)) {
            assertThat(left.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("two.fio", "one.fio");
        }
    }

    @Test
    void anUnsupportedOptionIsRefusedWithItsNameAndLineBeforeAnyIo() throws IOException {
        Path job = jobFile("bad.fio", seed004().replace("[writetest]\n",
                "[writetest]\nverify=md5\n"));
        CommandRun run = CommandRun.of(job.toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains(job + ":15: fio option 'verify': 'md5': not supported yet");
        try (var left = Files.list(dir)) {
            assertThat(left).hasSize(1);
        }
    }

    @Test
    void anExistingFileIsReadInPlaceWithAWarningAndLeftAsItWas() throws IOException {
        Path data = dir.resolve("data.bin");
        byte[] content = randomBytes(1 << 20);
        Files.write(data, content);
        Path job = jobFile("read.fio", "[r]\nrw=randread\nbs=4k\nnumber_ios=64\nfilename="
                + data + "\n");
        CommandRun run = CommandRun.of(job.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        // no size=: the file's own size, as fio
        assertThat(run.out()).contains("size 1 MiB")
                .contains("exists and was not written by drivespeed")
                .contains("warning: the workload read an existing file that drivespeed did not"
                        + " write");
        assertThat(Files.readAllBytes(data)).isEqualTo(content);
        try (var left = Files.list(dir)) {
            assertThat(left).hasSize(2);
        }
    }

    @Test
    void aJobThatWouldWriteAnExistingFileIsRefusedUnlessAllowOverwriteNamesIt()
            throws IOException {
        Path data = dir.resolve("data.bin");
        byte[] content = randomBytes(1 << 20);
        Files.write(data, content);
        Path job = jobFile("write.fio", "[w]\nrw=write\nbs=64k\nsize=1m\ndirect=1\nfilename="
                + data + "\n");

        CommandRun refused = CommandRun.of(job.toString());
        assertThat(refused.exitCode()).isEqualTo(2);
        assertThat(refused.err()).contains(job + ":6: job 'w', fio option 'filename'")
                .contains("--allow-overwrite " + data);
        assertThat(Files.readAllBytes(data)).isEqualTo(content);

        CommandRun other = CommandRun.of(job.toString(), "--allow-overwrite",
                dir.resolve("write.fio").toString());
        assertThat(other.exitCode()).isEqualTo(2);
        assertThat(Files.readAllBytes(data)).isEqualTo(content);

        CommandRun allowed = CommandRun.of(job.toString(), "--allow-overwrite", data.toString());
        assertThat(allowed.exitCode()).as(allowed.err()).isZero();
        assertThat(allowed.out()).contains("overwritten as --allow-overwrite allows");
        byte[] after = Files.readAllBytes(data);
        assertThat(after).hasSize(content.length).isNotEqualTo(content);
        try (var left = Files.list(dir)) {
            assertThat(left).hasSize(2);
        }
    }

    @Test
    void fiosSpellingsOnTheCommandLineRunAnFioJob() throws IOException {
        try (Mounts.Mount drive = Mounts.privateDrive(dir, 64)) {
            spellingsRunAnFioJob(drive.dir());
        }
    }

    private static void spellingsRunAnFioJob(Path dir) {
        CommandRun run = CommandRun.of(dir.toString(), "--name=x", "--rw=randread", "--bs=4k",
                "--size=1m", "--iodepth=4", "--numjobs=2", "--runtime=1", "--time_based",
                "--ramp_time=0", "--direct=1", "--ioengine=psync", "--group_reporting",
                "--output-format=normal");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("fio jobs from the command line: 2 jobs")
                .contains("x: (g=0): rw=randread, bs=4096B, ioengine=psync, iodepth=4")
                .contains("iodepth=4 has no effect with ioengine=psync")
                .contains("x: (groupid=0, jobs=2)")
                .doesNotContain("another drivespeed measurement");
        assertThat(dir.toFile().list()).isEmpty();
    }

    @Test
    void fiosSpellingsFollowFiosGrammarAndRefusalsAndDrivespeedsKeepTheirs() {
        // fio: 4KiB is 4000 bytes, not a whole number of 512-byte sectors
        CommandRun kib = CommandRun.of(dir.toString(), "--name=x", "--bs=4KiB", "--size=1m");
        assertThat(kib.exitCode()).isEqualTo(2);
        assertThat(kib.err()).contains("--bs=4KiB: job 'x', fio option 'bs'").contains("512");
        CommandRun verify = CommandRun.of(dir.toString(), "--name=x", "--size=1m",
                "--verify=md5");
        assertThat(verify.exitCode()).isEqualTo(2);
        assertThat(verify.err()).contains("--verify=md5: fio option 'verify': 'md5': not supported yet");
        CommandRun spelling = CommandRun.of(dir.toString(), "--name=x", "--size=1m",
                "--block-size", "4K");
        assertThat(spelling.exitCode()).isEqualTo(2);
        assertThat(spelling.err()).contains("'--block-size' is drivespeed's spelling")
                .contains("--bs=");
        CommandRun json = CommandRun.of(dir.toString(), "--name=x", "--size=1m",
                "--output-format=json");
        assertThat(json.exitCode()).as(json.err()).isZero();
        assertThat(json.out()).contains("\"fio version\" : \"fio-3.33-drivespeed-")
                .contains("\"jobname\" : \"x\"");
        CommandRun map = CommandRun.of(dir.toString(), "--name=x", "--rw=randread", "--size=1m",
                "--number_ios=16", "--norandommap");
        assertThat(map.exitCode()).as(map.err()).isZero();
        assertThat(map.out()).contains("16 I/Os").contains(", norandommap,");
        CommandRun spaced = CommandRun.of(dir.toString(), "--name=x", "--size=1m", "--direct",
                "1");
        assertThat(spaced.exitCode()).isEqualTo(2);
        assertThat(spaced.err()).contains("give it as --direct=VALUE");
        CommandRun unknown = CommandRun.of(dir.toString(), "--no-such-option");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.err()).contains("unknown option '--no-such-option'");
        assertThat(dir.toFile().list()).isEmpty();

        // drivespeed's own workload form is unchanged: --bs 4KiB is 4096 bytes there
        CommandRun own = CommandRun.of(dir.toString(), "--rw", "randread", "--bs", "4KiB",
                "--size", "1M", "--count", "16");
        assertThat(own.exitCode()).as(own.err()).isZero();
        assertThat(own.out()).contains("bs 4 KiB");
    }

    /** fio's normal output at async: slat, clat and lat lines, then clat's percentiles. */
    @Test
    void aLibaioJobPrintsSlatClatAndLatAsFioDoes() throws IOException {
        Path job = jobFile("aio.fio", """
                [r]
                rw=randread
                size=2m
                bs=4k
                number_ios=400
                direct=1
                ioengine=libaio
                iodepth=8
                """);
        CommandRun run = CommandRun.of(job.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).containsPattern("drivespeed ran: libaio\\b.*queue depth 8")
                .containsPattern("(?m)^  read: IOPS=\\d+.*\\n"
                        + "    slat \\(usec\\): min=\\d+, max=\\d+, avg=[\\d.]+, stdev=[\\d.]+\\n"
                        + "    clat \\(usec\\): min=\\d+, max=\\d+, avg=[\\d.]+, stdev=[\\d.]+\\n"
                        + "     lat \\(usec\\): min=\\d+, max=\\d+, avg=[\\d.]+, stdev=[\\d.]+\\n"
                        + "    clat percentiles \\(usec\\):");
    }

    @Test
    void syncsIoUringAndVerifyZeroRunAsDrivespeedRunsThemAndSayHow() throws IOException {
        Path job = jobFile("sync.fio", """
                [global]
                size=1m
                bs=4k
                number_ios=32
                direct=1
                verify=0
                do_verify=0

                [d]
                rw=randwrite
                fdatasync=8

                [f]
                rw=write
                fsync=4
                ioengine=io_uring
                iodepth=4
                stonewall
                """);
        CommandRun run = CommandRun.of(job.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("fdatasync every 8 writes")
                .contains("fdatasync every 4 writes")
                .contains("fsync=4: run as fdatasync(2) after every 4 writes")
                .contains("f: (g=1): rw=write, bs=4096B, ioengine=io_uring, iodepth=4")
                // and what ran for it: io_uring (or the engine it fell back to, named) at iodepth 4
                .containsPattern("(?m)^f: \\(groupid=1, jobs=1\\)$[\\s\\S]*"
                        + "drivespeed ran: (io_uring|libaio|psync)\\b.*: 1 thread x queue depth 4");
        try (var left = Files.list(dir)) {
            assertThat(left).hasSize(1);
        }

        Path both = jobFile("both.fio", "[x]\nrw=write\nsize=1m\nfsync=4\nfdatasync=8\n");
        CommandRun refused = CommandRun.of(both.toString());
        assertThat(refused.exitCode()).isEqualTo(2);
        assertThat(refused.err()).contains(both + ":5: job 'x', fio option 'fdatasync'")
                .contains("give one of them");
        Path verify = jobFile("verify.fio", "[x]\nrw=write\nsize=1m\nverify=crc32c\n");
        CommandRun unverified = CommandRun.of(verify.toString());
        assertThat(unverified.exitCode()).isEqualTo(2);
        assertThat(unverified.err()).contains(verify + ":4: fio option 'verify': 'crc32c'")
                .contains("not in workloads");
        try (var left = Files.list(dir)) {
            assertThat(left).hasSize(3);
        }
    }

    @Test
    void stonewallRunsSetsOneAfterAnother() throws IOException {
        Path job = jobFile("sets.fio", "[global]\nsize=1m\nnumber_ios=32\n[a]\nrw=read\n"
                + "[b]\nrw=write\nstonewall\n");
        CommandRun run = CommandRun.of(job.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("2 jobs in 2 sets run one after another (stonewall)")
                .contains("Run status group 0 (all jobs):")
                .contains("Run status group 1 (all jobs):");
    }

    @Test
    void onlyARegularFileEndingInFioIsAJobFileAndHelpShowsTheFioForms() throws IOException {
        Path notAJob = jobFile("job.txt", "[x]\nrw=read\nsize=1m\n");
        CommandRun refused = CommandRun.of(notAJob.toString());
        assertThat(refused.exitCode()).isEqualTo(2);
        assertThat(refused.err()).doesNotContain("fio");
        CommandRun viaJob = CommandRun.of("--job", notAJob.toString());
        assertThat(viaJob.exitCode()).as(viaJob.err()).isZero();
        assertThat(viaJob.out()).contains("x: (groupid=0, jobs=1)");
        // as fio: the command line's jobs first, the job file's after them, starting from the
        // command line's globals
        CommandRun both = CommandRun.of("--job", notAJob.toString(), "--directory=" + dir,
                "--size=256k", "--name=y", "--rw=write");
        assertThat(both.exitCode()).as(both.err()).isZero();
        assertThat(both.out()).containsSubsequence("y: (groupid=0, jobs=1)",
                "x: (groupid=0, jobs=1)");
        CommandRun misplaced = CommandRun.of(dir.toString(), "--allow-overwrite",
                notAJob.toString());
        assertThat(misplaced.exitCode()).isEqualTo(2);
        assertThat(misplaced.err()).contains("--allow-overwrite");

        CommandRun help = CommandRun.of("--help");
        assertThat(help.out().replaceAll("\\s+", " ")).contains("drivespeed FILE.fio | --job FILE",
                "--allow-overwrite", "--output-format");
        try (var left = Files.list(dir)) {
            assertThat(left).hasSize(1);
        }
    }
}
