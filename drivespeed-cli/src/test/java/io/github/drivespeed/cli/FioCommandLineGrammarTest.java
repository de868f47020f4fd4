package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.drivespeed.fio.internal.LaidOutFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fio's command-line job grammar (fio's HOWTO, "Command line options" and "Job file format"), its
 * command-line-only options and the front ends' options, on small real jobs in a temporary
 * directory. The expected {@code global options} and {@code job options} are what fio 3.33 wrote
 * for the same lines (Debian's fio, run side by side; docs/fio.md).
 */
class FioCommandLineGrammarTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private CommandRun fio(String... args) {
        return CommandRun.asFio(args);
    }

    private static JsonNode json(CommandRun run) throws IOException {
        assertThat(run.exitCode()).as(run.err()).isZero();
        return JSON.readTree(run.out());
    }

    private static List<String> names(JsonNode doc) {
        List<String> names = new ArrayList<>();
        doc.get("jobs").forEach(j -> names.add(j.get("jobname").asText()));
        return names;
    }

    @Test
    void optionsBeforeTheFirstNameAreGlobalAndEachNameStartsAJobThatRepeatsTheSharedOnes()
            throws IOException {
        JsonNode doc = json(CommandRun.of("--output-format=json", "--directory=" + dir,
                "--rw=read", "--size=256k", "--bs=64k", "--name=a", "--name=b", "--rw=write",
                "--numjobs=1", "--iodepth=1"));
        assertThat(doc.get("global options").toString()).isEqualTo("{\"directory\":\"" + dir
                + "\",\"rw\":\"read\",\"size\":\"256k\",\"bs\":\"64k\"}");
        JsonNode a = doc.get("jobs").get(0);
        JsonNode b = doc.get("jobs").get(1);
        assertThat(a.get("job options").toString()).isEqualTo("{\"name\":\"a\"}");
        assertThat(b.get("job options").toString()).isEqualTo(
                "{\"name\":\"b\",\"rw\":\"write\",\"numjobs\":\"1\",\"iodepth\":\"1\"}");
        assertThat(a.get("read").get("io_bytes").asLong()).isEqualTo(256 << 10);
        assertThat(b.get("write").get("io_bytes").asLong()).isEqualTo(256 << 10);
    }

    @Test
    void aJobFileFollowsTheCommandLinesJobsStartingFromItsGlobals() throws IOException {
        Path jobs = Files.writeString(dir.resolve("jf"), "[global]\nsize=128k\nbs=64k\n"
                + "[fa]\nrw=read\n[fb]\nrw=write\n");
        JsonNode doc = json(fio("--output-format=json", "--directory=" + dir, "--rw=randread",
                "--size=256k", "--name=c", "--bs=4k", jobs.toString()));
        assertThat(names(doc)).containsExactly("c", "fa", "fb");
        assertThat(doc.get("global options").toString()).isEqualTo("{\"directory\":\"" + dir
                + "\",\"rw\":\"randread\",\"size\":\"128k\",\"bs\":\"64k\"}");
        assertThat(doc.get("jobs").get(0).get("read").get("io_bytes").asLong())
                .isEqualTo(256 << 10);
        assertThat(doc.get("jobs").get(1).get("read").get("io_bytes").asLong())
                .isEqualTo(128 << 10);
        assertThat(doc.get("jobs").get(1).get("job options").toString())
                .isEqualTo("{\"rw\":\"read\"}");
        JsonNode only = json(fio("--output-format=json", "--section=fb",
                "--directory=" + dir, jobs.toString()));
        assertThat(names(only)).containsExactly("fb");
    }

    @Test
    void fiosCommandLineOnlyOptionsThatChangeNothingMeasuredAreTaken() throws IOException {
        CommandRun run = fio("--max-jobs=4", "--alloc-size=4096", "--eta=never",
                "--output-format=json", "--thread", "--directory=" + dir, "--size=64k",
                "--refill_buffers", "--zero_buffers=0", "--invalidate=1", "--loops=1",
                "--randrepeat=0", "--group_reporting", "--name=j", "--rw=write");
        JsonNode doc = json(run);
        assertThat(doc.get("global options").has("max-jobs")).isFalse();
        assertThat(doc.get("global options").has("thread")).as("no value: left out").isFalse();
        assertThat(doc.get("global options").get("loops").asText()).isEqualTo("1");
    }

    @Test
    void optionsThatWouldMakeTheFigureDishonestAreRefusedByName() {
        for (String[] refused : new String[][] {
            {"--zero_buffers", "zero_buffers"}, {"--zero_buffers=1", "zero_buffers"},
            {"--invalidate=0", "invalidate"}, {"--loops=2", "loops"},
            {"--output-format=terse", "terse"}, {"--output-format=json,minimal", "minimal"}}) {
            CommandRun run = fio("--output-format=json", "--directory=" + dir, "--size=64k",
                    "--name=j", "--rw=read", refused[0]);
            assertThat(run.exitCode()).as(refused[0]).isEqualTo(2);
            assertThat(run.err()).as(refused[0]).contains(refused[1]).contains("not supported");
        }
    }

    @Test
    void outputDashIsStandardOutputAndACharacterDeviceIsWrittenDirectly() throws IOException {
        JsonNode doc = json(fio("--output=-", "--output-format=json", "--directory=" + dir,
                "--size=64k", "--name=j", "--rw=write"));
        assertThat(names(doc)).containsExactly("j");
        assertThat(Path.of("-")).doesNotExist();
        CommandRun devNull = fio("-o", "/dev/null", "--output-format=json",
                "--directory=" + dir, "--size=64k", "--name=j", "--rw=write");
        assertThat(devNull.exitCode()).as(devNull.err()).isZero();
        assertThat(devNull.out()).isEmpty();
    }

    @Test
    void startedAsFioWithoutAJobNothingRuns() {
        CommandRun run = fio();
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("started as fio: give fio's jobs");
    }

    @Test
    void aJobFileThatDoesNotExistIsNamedAsMissing() {
        String missing = dir.resolve("nonexist.fio").toString();
        CommandRun asFio = fio(dir.resolve("nonexist").toString());
        assertThat(asFio.exitCode()).isEqualTo(2);
        assertThat(asFio.err()).contains("job file does not exist: " + dir.resolve("nonexist"));
        CommandRun asDriveSpeed = CommandRun.of(missing);
        assertThat(asDriveSpeed.exitCode()).isEqualTo(2);
        assertThat(asDriveSpeed.err()).contains("job file does not exist: " + missing);
        assertThat(dir).isEmptyDirectory();
    }

    @Test
    void startedAsFioAnExistingOutputFileIsReplacedAsFioReplacesIt() throws IOException {
        Path out = Files.writeString(dir.resolve("out.json"), "old");
        CommandRun own = CommandRun.of("--output=" + out, "--output-format=json",
                "--directory=" + dir, "--size=64k", "--name=j", "--rw=write");
        assertThat(own.exitCode()).isEqualTo(2);
        assertThat(own.err()).contains("the file exists; give --overwrite");
        assertThat(fio("--output=" + out, "--output-format=json", "--directory=" + dir,
                "--size=64k", "--name=j", "--rw=write").exitCode()).isZero();
        assertThat(names(JSON.readTree(out.toFile()))).containsExactly("j");
    }

    @Test
    void jsonNormalPrintsTheTextReportAndTheJson() {
        CommandRun run = fio("--output-format=json,normal", "--directory=" + dir, "--size=64k",
                "--name=j", "--rw=write");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("j: (groupid=0, jobs=1)").contains("\"jobname\" : \"j\"");
    }

    @Test
    void percentilesAreListedForTheLatenciesAndAtThePercentagesAsked() throws IOException {
        JsonNode read = json(fio("--output-format=json", "--directory=" + dir, "--size=64k",
                "--lat_percentiles=1", "--clat_percentiles=0", "--percentile_list=50:99.5",
                "--name=j", "--rw=read")).get("jobs").get(0).get("read");
        assertThat(read.get("clat_ns").has("percentile")).isFalse();
        List<String> keys = new ArrayList<>();
        read.get("lat_ns").get("percentile").fieldNames().forEachRemaining(keys::add);
        assertThat(keys).containsExactly("50.000000", "99.500000");
    }

    /**
     * fio's {@code unified_rw_reporting}: {@code mixed} (or 1) replaces read, write and trim
     * with one {@code mixed} direction of their sums; {@code both}, in a job file, adds it after
     * them; any other value is refused by name.
     */
    @Test
    void unifiedRwReportingSumsReadsAndWritesIntoMixed() throws IOException {
        JsonNode mixedJob = json(fio("--output-format=json+", "--directory=" + dir,
                "--size=256k", "--unified_rw_reporting=mixed", "--lat_percentiles=1",
                "--name=j", "--rw=randrw", "--ioengine=null")).get("jobs").get(0);
        List<String> keys = new ArrayList<>();
        mixedJob.fieldNames().forEachRemaining(keys::add);
        assertThat(keys).contains("mixed", "sync").doesNotContain("read", "write", "trim");
        JsonNode mixed = mixedJob.get("mixed");
        assertThat(mixed.get("total_ios").asLong()).isEqualTo(64);
        assertThat(mixed.get("io_bytes").asLong()).isEqualTo(256 << 10);
        assertThat(mixed.get("lat_ns").get("N").asLong()).isEqualTo(64);
        long binned = 0;
        for (JsonNode count : mixed.get("lat_ns").get("bins")) {
            binned += count.asLong();
        }
        assertThat(binned).isEqualTo(64);

        Path job = Files.writeString(dir.resolve("both.fio"), "[global]\ndirectory=" + dir
                + "\nsize=256k\nunified_rw_reporting=both\n[j]\nrw=randrw\nioengine=null\n");
        JsonNode bothJob = json(fio("--output-format=json", job.toString()))
                .get("jobs").get(0);
        keys.clear();
        bothJob.fieldNames().forEachRemaining(keys::add);
        assertThat(keys).containsSubsequence("read", "write", "trim", "sync", "mixed");
        assertThat(bothJob.get("mixed").get("total_ios").asLong())
                .isEqualTo(bothJob.get("read").get("total_ios").asLong()
                        + bothJob.get("write").get("total_ios").asLong())
                .isEqualTo(64);

        CommandRun refused = fio("--directory=" + dir, "--size=256k",
                "--unified_rw_reporting=2", "--name=j", "--rw=randrw");
        assertThat(refused.exitCode()).isEqualTo(2);
        assertThat(refused.err()).contains("unified_rw_reporting")
                .contains("'2': expected none, mixed, both, 0 or 1");
    }

    @Test
    void createOnlyLaysOutANewOrEmptyFileAndRefusesOneHoldingData() throws IOException {
        Path empty = Files.createFile(dir.resolve("empty.tmp"));
        JsonNode doc = json(fio("--output-format=json", "--create_only=1",
                "--filename=" + empty, "--size=1m", "--name=prepare"));
        assertThat(doc.get("jobs").get(0).get("write").get("io_bytes").asLong()).isZero();
        assertThat(Files.size(empty)).isEqualTo(1 << 20);
        assertThat(LaidOutFile.isLaidOut(empty)).isTrue();
        CommandRun again = fio("--create_only=1", "--filename=" + empty, "--size=2m",
                "--name=prepare");
        assertThat(again.exitCode()).as(again.err()).isZero();
        assertThat(Files.size(empty)).isEqualTo(2 << 20);
        Path data = Files.writeString(dir.resolve("data.txt"), "someone's data\n");
        CommandRun refused = fio("--create_only=1", "--filename=" + data, "--size=1m",
                "--name=prepare");
        assertThat(refused.exitCode()).isEqualTo(2);
        assertThat(refused.err()).contains("exists and holds data");
        assertThat(Files.readString(data)).isEqualTo("someone's data\n");
    }
}
