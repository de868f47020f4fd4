package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.drivespeed.cli.output.OutputSchema;
import io.github.drivespeed.testing.FakeFlash;
import io.github.drivespeed.testing.TestFiles;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the command line says, and its exit code, on media that lie to a probe or fail its writes
 * ({@code testbed/fake-flash}): a device probe that could not rule out a cache on a small device,
 * writes that fail with EIO past the real size (device probe and capacity check of a directory),
 * a hole in the middle of a device.
 */
@Tag("privileged")
class LyingMediaCommandTest {

    private static final long MIB = 1 << 20;

    @TempDir
    Path dir;

    @Test
    void aSmallGenuineDeviceSaysWhichCacheTheProbeCouldNotRuleOut() throws Exception {
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "128M", "--mode", "honest",
                "--fs", "none")) {
            String dev = medium.device().toString();
            CommandRun probe = timed(dev, "--verify-capacity", "--allow-writes-to", dev);
            assertThat(probe.exitCode()).as(probe.err()).isZero();
            assertThat(probe.out()).contains("kind genuine; a cache over 32.0 MiB could not be"
                    + " ruled out (the device is too small to write 256.0 MiB between a unit and"
                    + " its read-back)");
        }
    }

    @Test
    void writesThatFailPastTheRealSizeAreAFindingOnTheDeviceAndThroughExt4() throws Exception {
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "256M", "--real", "64M",
                "--mode", "limbo", "--write-eio-from", "64M", "--fs", "none")) {
            String dev = medium.device().toString();
            CommandRun probe = timed(dev, "--verify-capacity", "--allow-writes-to", dev);
            assertThat(probe.exitCode()).as(probe.err()).isEqualTo(1);
            assertThat(probe.out()).contains("kind limbo", "  writes fail:      from offset"
                    + " 67108864 B (64.0 MiB) with EIO: usable at most 67108864 B (64.0 MiB);"
                    + " what was written below it reads back as written",
                    "  kind:             unwritable (EIO on write)");
            assertThat(probe.errLines()).containsExactly("drivespeed: DATA LOST: " + dev
                    + " holds 67108864 B (64.0 MiB) of the 268435456 B (256.0 MiB) it claims"
                    + " (limbo)");
        }
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "256M", "--real", "64M",
                "--mode", "limbo", "--write-eio-from", "64M", "--fs", "ext4")) {
            Path fs = medium.mountDir();
            CommandRun check = timed(fs.toString(), "--verify-capacity", "--size", "128M",
                    "--backend", "native", "--json");
            assertThat(check.exitCode()).as(check.err()).isEqualTo(1);
            JsonNode c = OutputSchema.read(check.out()).get("jobs").get(0).get("capacity_check");
            assertThat(c.get("stop").asText()).isEqualTo("WRITE_FAILED");
            // ext4 may place the file past 64 MiB: then nothing of it is usable
            assertThat(c.get("usable_bytes").asLong()).isBetween(0L, 64 * MIB);
            assertThat(check.errLines()).last().asString().startsWith("drivespeed: DATA LOST: ");
            CommandRun text = timed(fs.toString(), "--verify-capacity", "--size", "128M",
                    "--backend", "native");
            assertThat(text.exitCode()).as(text.err()).isEqualTo(1);
            assertThat(text.out()).containsPattern("writes failed with EIO from .* into the fill"
                    + " \\(file 1, offset \\d+\\): usable at most ")
                    // the first bad kind, or among the kinds when the read-back found others first
                    .containsPattern("unwritable \\(EIO on write\\)|UNWRITABLE 1048576 B");
            assertThat(TestFiles.testFiles(fs)).isEmpty();
        }
    }

    @Test
    void aHoleInTheMiddleIsReportedAsTheBytesItLoses() throws Exception {
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "256M", "--mode", "honest",
                "--hole", "96M+64M", "--fs", "none")) {
            String dev = medium.device().toString();
            CommandRun probe = timed(dev, "--verify-capacity", "--allow-writes-to", dev);
            assertThat(probe.exitCode()).as(probe.err()).isEqualTo(1);
            assertThat(probe.out()).contains("  usable:           100663296 B (96.0 MiB) of"
                    + " 268435456 B (256.0 MiB) claimed, contiguous from offset 0; 67108864 B"
                    + " (64.0 MiB) lost in 1 region: 64 MiB at 96 MiB; the other 100663296 B"
                    + " (96.0 MiB) above 96.0 MiB hold their data")
                    .doesNotContain("160.0 MiB) lose");
        }
    }

    @Test
    void aCacheOver64MibIsFoundAndSizedAndTheBoundIsAnOption() throws Exception {
        // before: "kind genuine; a cache of up to 64.0 MiB ruled out", exit 0, and no option
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "1G", "--real", "64M",
                "--mode", "limbo", "--recent-cache", "192M", "--fs", "none")) {
            String dev = medium.device().toString();
            CommandRun probe = timed(dev, "--verify-capacity", "--allow-writes-to", dev, "--json");
            assertThat(probe.exitCode()).as(probe.err()).isEqualTo(1);
            JsonNode p = OutputSchema.read(probe.out()).get("jobs").get(0);
            assertThat(p.get("parameters").get("cache_bound_bytes").asLong()).isEqualTo(256 * MIB);
            JsonNode c = p.get("capacity_probe");
            assertThat(c.get("medium_kind").asText()).isEqualTo("limbo");
            assertThat(c.get("usable_bytes").asLong()).isEqualTo(medium.realBytes());
            assertThat(c.get("cache_estimate").get("bytes").asLong()).isEqualTo(
                    Long.parseLong(medium.info("RECENT_CACHE_BYTES")));
            assertThat(c.get("cache_estimate").get("precision_bytes").asLong()).isEqualTo(4096);

            CommandRun text = timed(dev, "--verify-capacity", "--allow-writes-to", dev);
            assertThat(text.exitCode()).as(text.err()).isEqualTo(1);
            assertThat(text.out()).contains("  cache:            keeps the last 201326592 B"
                    + " (192.0 MiB) written past the usable size (to within 4096 B)");

            // the old bound, given: what it rules out, and no more
            CommandRun small = timed(dev, "--verify-capacity", "--allow-writes-to", dev,
                    "--cache-bound", "64M");
            assertThat(small.exitCode()).as(small.err()).isZero();
            assertThat(small.out()).contains("kind genuine; a cache of up to 64.0 MiB ruled out");

            CommandRun bad = CommandRun.of(dev, "--verify-capacity", "--allow-writes-to", dev,
                    "--cache-bound", "512K");
            assertThat(bad.exitCode()).isEqualTo(2);
            assertThat(bad.errLines()).containsExactly("drivespeed: invalid value for option"
                    + " '--cache-bound': '512K' is too small (must be >= 1 MiB)");
        }
    }

    @Test
    void aMediumThatAliasesAtNoPeriodIsNotSaidToWrapModuloOne() throws Exception {
        // before: "wraps around: every 8388608 B (8.0 MiB) (a write at offset X lands at X
        // modulo that)", a period the medium does not have
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "256M", "--real", "64M",
                "--mode", "scramble", "--fs", "none")) {
            String dev = medium.device().toString();
            CommandRun probe = timed(dev, "--verify-capacity", "--allow-writes-to", dev, "--json");
            assertThat(probe.exitCode()).as(probe.err()).isEqualTo(1);
            JsonNode c = OutputSchema.read(probe.out()).get("jobs").get(0).get("capacity_probe");
            assertThat(c.get("medium_kind").asText()).isEqualTo("aliased");
            assertThat(c.get("wrap_period_bytes").isNull()).isTrue();
            long at = c.get("first_bad_offset_bytes").asLong();
            long found = c.get("first_bad_found_offset_bytes").asLong();
            long[] stored = medium.where(at, found);
            assertThat(stored[0]).isEqualTo(stored[1]);
            // before the bound: "holds 1048576 B (1.0 MiB)" of a medium of 64 MiB real
            long usable = c.get("usable_bytes").asLong();
            assertThat(usable).isGreaterThanOrEqualTo(medium.realBytes());
            assertThat(probe.errLines()).contains("drivespeed: DATA LOST: " + dev + " holds at"
                    + " most " + usable + " B (" + String.format(Locale.ROOT, "%.1f",
                    usable / (double) MIB) + " MiB) of the 268435456 B (256.0 MiB) it claims"
                    + " (aliased)");

            CommandRun text = timed(dev, "--verify-capacity", "--allow-writes-to", dev);
            assertThat(text.out()).doesNotContain("modulo that", "wraps around")
                    .contains("  aliases:          writes land on other offsets, at no one period"
                            + " (not X modulo a size)", "  usable:           at most ");
        }
    }

    @Test
    void scatteredDeadSpotsArePrintedWithTheirOwnSizes() throws Exception {
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "256M", "--mode", "honest",
                "--hole", "20M+64K,52M+64K,84M+8K,244M+64K", "--fs", "none")) {
            String dev = medium.device().toString();
            CommandRun probe = timed(dev, "--verify-capacity", "--allow-writes-to", dev);
            assertThat(probe.exitCode()).as(probe.err()).isEqualTo(1);
            assertThat(probe.out()).contains("; 204800 B lost in 4 regions: 64 KiB at 20 MiB,"
                    + " 64 KiB at 52 MiB, 8 KiB at 84 MiB, 64 KiB at 244 MiB;");
        }
    }

    private static CommandRun timed(String... args) {
        long start = System.nanoTime();
        CommandRun o = CommandRun.of(args);
        System.out.printf("drivespeed %s: exit %d, %.2f s%n%s%s%n", String.join(" ", args),
                o.exitCode(), (System.nanoTime() - start) / 1e9, o.out(), o.err());
        return o;
    }
}
