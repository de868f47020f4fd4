package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.drivespeed.cli.output.OutputSchema;
import io.github.drivespeed.testing.FakeFlash;
import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.Privileged;
import io.github.drivespeed.testing.SharedDisk;
import io.github.drivespeed.testing.TestFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line's genuine-media forms: read-back verification on and off, the capacity check
 * of a directory and probe of a device, the sustained write; their refusals, their JSON and CSV,
 * and exit code 1 when data was lost (on {@code testbed/fake-flash}).
 */
class GenuineCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long MIB = 1 << 20;

    @TempDir
    Path dir;

    private static CommandRun run(String... args) {
        return CommandRun.of(args);
    }

    private static JsonNode json(CommandRun o) throws IOException {
        assertThat(o.exitCode()).as(o.err()).isIn(0, 1);
        return OutputSchema.read(o.out());
    }

    /**
     * Read-back is checked by default, finds nothing lost and keeps the figures the drive's;
     * {@code --no-verify} turns it off. The run measures the shared disk ({@code @TempDir}):
     * another build's measurement or writer there rightly adds {@code CONCURRENT_MEASUREMENT} or
     * {@code FOREIGN_IO} to the figures not the drive's, so only those two are accepted there.
     */
    @Test
    void readBackIsCheckedByDefaultAndNoVerifyTurnsItOff() throws IOException {
        JsonNode on = json(run(dir.toString(), "--block-size", "256K", "--count", "8", "--runs",
                "1", "--json"));
        JsonNode read = on.get("jobs").get(0).get("read");
        assertThat(read.get("verification").get("checked_bytes").asLong()).isEqualTo(2 * MIB);
        assertThat(read.get("verification").get("lost_bytes").asLong()).isZero();
        assertThat(read.get("runs").get(0).get("verification").get("data_lost").asBoolean())
                .isFalse();
        // the shared disk's flags, if another build used it meanwhile, are rightly there
        List<String> notTheDrives = JSON.readerForListOf(String.class)
                .readValue(read.get("not_the_drives"));
        assertThat(SharedDisk.namesApartFromSharing(notTheDrives)).isEmpty();
        assertThat(on.get("jobs").get(0).get("write").get("verification").isNull()).isTrue();

        CommandRun offRun = run(dir.toString(), "--block-size", "256K", "--count", "8", "--runs",
                "1", "--no-verify", "--json");
        assertThat(offRun.exitCode()).as(offRun.err()).isZero();
        JsonNode off = json(offRun).get("jobs").get(0).get("read");
        assertThat(off.get("verification").isNull()).isTrue();
        assertThat(off.get("runs").get(0).get("verification").isNull()).isTrue();
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void theNewFormsRefuseWhatTheyDoNotTakeBeforeWritingAnything() throws IOException {
        assertRefused(run(dir.toString(), "--sustained", "--count", "4"),
                "drivespeed: options '--sustained' and '--count' exclude each other: a sustained"
                        + " write runs until its rate holds steady, bounded by --size and"
                        + " --duration");
        assertRefused(run(dir.toString(), "--verify-capacity", "--sustained"),
                "drivespeed: options '--verify-capacity' and '--sustained' exclude each other:"
                        + " the capacity check fills the free space (or --size, or what --duration"
                        + " of writing fills) and reads it all back");
        assertRefused(run(dir.toString(), "--probe", "--verify-capacity"),
                "drivespeed: options '--probe' and '--verify-capacity' exclude each other: "
                        + DriveSpeedCommandTest.PROBE_TAKES_NO_MEASURING_OPTION);
        assertRefused(run(dir.toString(), "--verify-capacity", "--chart",
                dir.resolve("c.png").toString()), "drivespeed: options '--verify-capacity' and"
                        + " '--chart' exclude each other: the capacity check fills the free"
                        + " space (or --size, or what --duration of writing fills) and reads it"
                        + " all back");
        assertRefused(run(dir.toString(), "--verify-capacity", "--size", "100k"),
                "drivespeed: invalid value for option '--size': '100k' is too small (must be >="
                        + " 1 MiB)");
        // a size that does not fit: exit code 2, the option as typed, before the header
        CommandRun tooBig = run(dir.toString(), "--verify-capacity", "--size", "1000T");
        assertThat(tooBig.exitCode()).isEqualTo(2);
        assertThat(tooBig.errLines()).singleElement().asString().matches("drivespeed: not enough"
                + " free space in " + Pattern.quote(dir.toRealPath().toString()) + ": the test"
                + " needs 1099511627776000 bytes \\(1000 TiB\\), \\d+ bytes \\(\\d+\\.\\d MiB\\) are"
                + " available"
                + " \\(without a size the check fills the free space\\); lower --size"
                + " \\(1000T\\)");
        assertThat(TestFiles.names(dir)).isEmpty();
        assertThat(tooBig.out()).isEmpty();
        assertRefused(run(dir.toString(), "--allow-writes-to", "/dev/null", "--verify-capacity"),
                "drivespeed: options '--verify-capacity' and '--allow-writes-to' exclude each"
                        + " other: the capacity check fills the free space (or --size, or what"
                        + " --duration of writing fills) and reads it all back");
        assertRefused(run(dir.toString(), "--verify-capacity", "--duration", "500ms"),
                "drivespeed: invalid value for option '--duration': '500ms' is too short (must be in"
                        + " [1 s, 168 h])");
        Path shm = Path.of("/dev/shm");
        if (Files.isDirectory(shm)) {
            CommandRun memory = run(shm.toString(), "--sustained", "--quiet");
            assertThat(memory.exitCode()).isEqualTo(2);
            assertThat(memory.errLines()).singleElement().asString()
                    .startsWith("drivespeed: option '--size' is needed: /dev/shm is in memory"
                            + " (tmpfs), where a sustained write would fill RAM")
                    .doesNotContain("size:");
            assertThat(memory.out()).isEmpty();
        }
    }

    private void assertRefused(CommandRun o, String line) throws IOException {
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.errLines()).containsExactly(line);
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void aCapacityCheckOfADirectorySaysHowLongAFullOneTakesChecksEveryByteAndLeavesNothing()
            throws IOException {
        CommandRun text = run(dir.toString(), "--verify-capacity", "--size", "8M");
        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.err()).startsWith("drivespeed: the capacity check writes 8.4 MB and"
                + " reads it all back: about 1 s at an assumed 10 MB/s write and 20 MB/s read");
        assertThat(text.out()).contains("capacity check, 8M: every test file written before any"
                + " is read back").containsPattern("(?m)^result: +OK: usable 8\\.4 MB \\(8\\.0"
                        + " MiB\\), lost 0\\.0 MB").doesNotContain("DATA LOST");
        JsonNode doc = json(run(dir.toString(), "--verify-capacity", "--size", "8M", "--json"));
        JsonNode check = doc.get("jobs").get(0);
        assertThat(check.get("kind").asText()).isEqualTo("capacity_check");
        assertThat(check.get("capacity_check").get("passed").asBoolean()).isTrue();
        assertThat(check.get("capacity_check").get("usable_bytes").asLong()).isEqualTo(8 * MIB);
        assertThat(check.get("capacity_check").get("verification").get("checked_bytes").asLong())
                .isEqualTo(8 * MIB);
        CommandRun csv = run(dir.toString(), "--verify-capacity", "--size", "8M", "--csv");
        List<String> lines = csv.out().lines().toList();
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0)).endsWith(",usable_bytes,claimed_bytes,medium_kind,"
                + "wrap_period_bytes");
        assertThat(lines.get(2)).startsWith("capacity_check,capacity_check,read,")
                .contains(",8388608,0,,,,,,,,,,,,," + 8 * MIB + ",,,");
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void aSustainedWriteStopsAtItsBoundAndReportsWhatItFound() throws IOException {
        JsonNode doc = json(run(dir.toString(), "--sustained", "--size", "16M", "--duration",
                "5s", "--block-size", "1M", "--json"));
        JsonNode job = doc.get("jobs").get(0);
        assertThat(job.get("kind").asText()).isEqualTo("sustained");
        assertThat(job.get("parameters").get("bs_bytes").asLong()).isEqualTo(MIB);
        assertThat(job.get("write").get("io_bytes").asLong()).isPositive()
                .isLessThanOrEqualTo(16 * MIB);
        assertThat(job.get("sustained").get("stop").asText())
                .isIn("SIZE", "DURATION", "STEADY_AFTER_DROP");
        assertThat(job.get("sustained").get("bw_bytes_burst").asLong()).isPositive();
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    /**
     * The capacity check of the free space (a 16 MiB tmpfs of the test's own) says what it
     * writes, the free space less the 4 MiB it leaves for the file system's own blocks, says why
     * it filled less than the free space, and lists the warnings in the text as in its JSON.
     */
    @Test
    @Tag("privileged")
    void aCapacityCheckOfTheFreeSpaceSaysWhatItLeavesAndListsItsWarnings() throws Exception {
        Privileged.requireRoot();
        try (Mounts.Mount small = Mounts.mount(dir, "tmpfs", "size=16m")) {
            CommandRun text = run(small.dir().toString(), "--verify-capacity");
            assertThat(text.exitCode()).as(text.err()).isZero();
            assertThat(text.err()).startsWith("drivespeed: the capacity check writes 12.6 MB (the"
                    + " free space, 16.8 MB, less 4 MiB left for the file system's own blocks)"
                    + " and reads it all back: ");
            assertThat(text.out()).contains("capacity:   filled 12.6 MB (12.0 MiB) in 1 file"
                    + " (O_DIRECT), all written before any was read;\n            the free space"
                    + " at the start, 16.8 MB (16.0 MiB), less 4 MiB left for the file system's"
                    + " own blocks (extent trees or cluster chains, directory entries), in whole"
                    + " 1 MiB blocks\n")
                    .containsPattern("(?m)^warnings:\n  - MEMORY_FILE_SYSTEM: the target is in"
                            + " memory ");
            JsonNode doc = json(run(small.dir().toString(), "--verify-capacity", "--json"));
            assertThat(doc.get("warnings").findValuesAsText("name"))
                    .containsExactly("MEMORY_FILE_SYSTEM");
            assertThat(TestFiles.testFiles(small.dir())).isEmpty();
        }
    }

    /**
     * On a small card (a 512 MiB ext4 file system of the test's own) a sustained write of a size
     * that fits is run, leaving 5 % of the file system free (about 26 MiB here, not 1 GiB); one
     * that does not fit is refused before writing, naming the margin and the rule.
     */
    @Test
    @Tag("privileged")
    void aSustainedWriteOnASmallCardKeepsAMarginScaledToItAndRunsASizeThatFits()
            throws Exception {
        Privileged.requireRoot();
        try (Mounts.Mount card = Mounts.ext4(dir, 512, "rw", null)) {
            String target = card.dir().toString();
            JsonNode doc = json(run(target, "--sustained", "--size", "300M", "--duration", "3s",
                    "--json"));
            JsonNode job = doc.get("jobs").get(0);
            assertThat(job.get("kind").asText()).isEqualTo("sustained");
            assertThat(job.get("write").get("io_bytes").asLong()).isPositive()
                    .isLessThanOrEqualTo(300 * MIB);
            assertThat(job.get("sustained").get("stop").asText())
                    .isIn("SIZE", "DURATION", "STEADY_AFTER_DROP");

            // 5 % of the file system's size in whole MiB, rounded up: 26 MiB of 512 MiB, a
            // little less as mkfs keeps some for itself
            long total = card.dir().toFile().getTotalSpace();
            long marginMiB = (total / 100 * 5 + MIB - 1) / MIB;
            assertThat(marginMiB).isBetween(20L, 26L);
            long usable = card.dir().toFile().getUsableSpace();
            CommandRun tooLarge = run(target, "--sustained", "--size",
                    (usable / MIB - marginMiB + 1) + "M", "--duration", "3s");
            assertThat(tooLarge.exitCode()).as(tooLarge.err()).isEqualTo(2);
            assertThat(tooLarge.out()).isEmpty();
            assertThat(tooLarge.err()).contains("(a sustained write leaves " + marginMiB
                    + " MiB free: 5 % of the file system's ")
                    .contains(" MiB, at least 16 MiB, at most 1 GiB)");
            assertThat(TestFiles.testFiles(card.dir())).isEmpty();
        }
    }

    @Test
    @Tag("privileged")
    void aWrappingDeviceLosesDataExitsOneAndSaysSoBesideItsFiguresAndAnHonestOneDoesNot()
            throws Exception {
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "256M", "--real", "64M",
                "--mode", "wrap", "--fs", "none")) {
            String dev = medium.device().toString();
            CommandRun write = run(dev, "--write", "--allow-writes-to", dev, "--count", "32",
                    "--runs", "1");
            assertThat(write.exitCode()).as(write.err()).isEqualTo(1);
            // the emulated medium may also read slower past its real size: a rate finding may
            // follow the DATA LOST one on the run line and on the read summary line
            assertThat(write.out()).containsPattern("(?m)^test 1: write: .*; read: .*\\[DATA"
                    + " LOST: 201326592 B \\(192\\.0 MiB\\) lost, first at offset 0 B; not the"
                    + " drive's speed\\]( \\[read rate fell [^]]*\\])?$")
                    .containsPattern("(?m)^read: +\\[DATA LOST: not the drive's speed\\]"
                            + "( \\[READ RATE FELL: [^]]*\\])? median ")
                    .contains("DATA LOST: the device did not give back what was written.",
                            // sector 0 holds what was written last at its place: offset 192 MiB
                            "  first bad offset: 0 B",
                            "  kind:             overwritten by another offset's data (aliasing):"
                                    + " it holds the data written at offset 201326592 B (192.0"
                                    + " MiB)");
            assertThat(write.errLines()).singleElement().asString()
                    .startsWith("drivespeed: DATA LOST: 201326592 B (192.0 MiB) of 268435456 B")
                    .contains("first at offset 0 B");

            CommandRun probe = run(dev, "--verify-capacity", "--allow-writes-to", dev, "--json");
            assertThat(probe.exitCode()).as(probe.err()).isEqualTo(1);
            JsonNode p = OutputSchema.read(probe.out()).get("jobs").get(0).get("capacity_probe");
            assertThat(p.get("medium_kind").asText()).isEqualTo("wrap");
            assertThat(p.get("usable_bytes").asLong()).isEqualTo(64 * MIB);
            assertThat(p.get("claimed_bytes").asLong()).isEqualTo(256 * MIB);
            assertThat(p.get("wrap_period_bytes").asLong()).isEqualTo(64 * MIB);
            assertThat(probe.errLines()).containsExactly("drivespeed: DATA LOST: " + dev
                    + " holds 67108864 B (64.0 MiB) of the 268435456 B (256.0 MiB) it claims"
                    + " (wrap)");
        }
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "128M", "--mode", "honest",
                "--fs", "none")) {
            String dev = medium.device().toString();
            CommandRun write = run(dev, "--write", "--allow-writes-to", dev, "--count", "8",
                    "--runs", "1");
            assertThat(write.exitCode()).as(write.err()).isZero();
            assertThat(write.out()).doesNotContain("DATA LOST");
            CommandRun probe = run(dev, "--verify-capacity", "--allow-writes-to", dev);
            assertThat(probe.exitCode()).as(probe.err()).isZero();
            assertThat(probe.out()).contains("kind genuine").doesNotContain("DATA LOST");
        }
    }

    @Test
    @Tag("privileged")
    void aDurationEndsTheCapacityCheckWhoseProgressIsDrawnOnATerminal() throws Exception {
        Privileged.requireRoot();
        // ext4 over a medium held to 2 MiB/s: 64 MiB would take 32 s to write
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "128M", "--mode", "honest",
                "--slow-bps", "2097152", "--fs", "ext4")) {
            Path fs = medium.mountDir();
            CommandRun o = CommandRun.onTerminal(fs.toString(), "--verify-capacity", "--size",
                    "64M", "--duration", "2s", "--backend", "native", "--json");
            assertThat(o.exitCode()).as(o.err()).isZero();
            assertThat(o.err()).startsWith("drivespeed: the capacity check writes up to 67.1 MB"
                    + " for at most 2 s and reads back what it wrote: a full check would take"
                    + " about 10 s at an assumed 10 MB/s write")
                    .contains("\rcapacity check: writing test files [", " of 64.0 MiB ",
                            "s left")
                    .endsWith("\r\u001b[K");
            JsonNode c = OutputSchema.read(o.out()).get("jobs").get(0).get("capacity_check");
            assertThat(c.get("stop").asText()).isEqualTo("DURATION");
            long written = c.get("written_bytes").asLong();
            assertThat(written).isPositive().isLessThan(64 * MIB);
            assertThat(c.get("usable_bytes").asLong()).isEqualTo(written);
            assertThat(c.get("verification").get("checked_bytes").asLong()).isEqualTo(written);
            assertThat(TestFiles.testFiles(fs)).isEmpty();

            // not on a terminal: no bar; the size comes first
            CommandRun sized = run(fs.toString(), "--verify-capacity", "--size", "1M",
                    "--duration", "1m", "--backend", "native");
            assertThat(sized.exitCode()).as(sized.err()).isZero();
            assertThat(sized.err()).doesNotContain("\r");
            assertThat(sized.out()).containsPattern("(?m)^result: +OK: usable 1\\.0 MB")
                    .doesNotContain("the fill stopped at the duration");
        }
    }

    @Test
    @Tag("privileged")
    void theDeviceProbeDrawsItsRoundsOnATerminal() throws Exception {
        Privileged.requireRoot();
        // a 64 MiB stick held to 16 MiB/s: the probe's first round writes about 17 MiB (a
        // quarter of the device between its units and their read-back), about a second
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "64M", "--mode", "honest",
                "--slow-bps", "16777216", "--fs", "none")) {
            String dev = medium.device().toString();
            CommandRun probe = CommandRun.onTerminal(dev, "--verify-capacity",
                    "--allow-writes-to", dev);
            assertThat(probe.exitCode()).as(probe.err()).isZero();
            assertThat(probe.out()).contains("kind genuine");
            assertThat(probe.err()).contains("\rcapacity probe round 1: writing stamped units [")
                    .endsWith("\r\u001b[K");
            CommandRun quiet = CommandRun.onTerminal(dev, "--verify-capacity",
                    "--allow-writes-to", dev, "--quiet");
            assertThat(quiet.exitCode()).as(quiet.err()).isZero();
            assertThat(quiet.err()).isEmpty();
        }
    }

    @Test
    @Tag("privileged")
    void aCapacityCheckOfACardThatKeepsLessThanItClaimsExitsOneAndNamesTheLoss()
            throws Exception {
        Privileged.requireRoot();
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "128M", "--real", "48M",
                "--mode", "limbo", "--fs", "ext4")) {
            Path fs = medium.mountDir();
            CommandRun o = run(fs.toString(), "--verify-capacity", "--backend", "native");
            assertThat(o.exitCode()).as(o.err()).isEqualTo(1);
            assertThat(o.out()).containsPattern("(?m)^result: +DATA LOST: usable ")
                    .contains("DATA LOST: the capacity check's files did not give back what was"
                            + " written.", "  kind:             all zeros (never stored)");
            assertThat(o.errLines()).last().asString().startsWith("drivespeed: DATA LOST: ");
            assertThat(TestFiles.testFiles(fs)).isEmpty();
        }
    }
}
