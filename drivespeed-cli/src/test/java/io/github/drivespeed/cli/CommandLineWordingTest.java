package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.testing.DirectEinval;
import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.Privileged;
import io.github.drivespeed.testing.TestFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every refusal of a command line is drivespeed's own line, in command-line words: what picocli
 * refuses (an unknown option, a second target, an option without its value, an option given
 * twice) names the argument as typed and says what to do, never picocli's raw text; an option is
 * named as the user typed it ({@code --bs} or {@code --block-size}, {@code --queue-depth} or
 * {@code --iodepth}); a target of the wrong kind is answered with options, not the Java API.
 */
class CommandLineWordingTest {

    @TempDir
    Path dir;

    private static final String HELP = "; 'drivespeed --help' lists the options";

    @Test
    void anUnknownOptionIsNamedWithTheCloseOnesAndWhereTheOthersAreListed() {
        CommandRun unknown = CommandRun.of(dir.toString(), "--frobnicate");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.errLines()).containsExactly(
                "drivespeed: unknown option '--frobnicate'" + HELP);
        // a typo: picocli's suggestions, as options
        CommandRun typo = CommandRun.of(dir.toString(), "--forse");
        assertThat(typo.exitCode()).isEqualTo(2);
        assertThat(typo.errLines()).singleElement().asString()
                .startsWith("drivespeed: unknown option '--forse' (did you mean --force")
                .endsWith(")" + HELP);
        // with a value attached, the option alone is named
        assertThat(CommandRun.of(dir.toString(), "--frob=3").errLines()).containsExactly(
                "drivespeed: unknown option '--frob'" + HELP);
        assertThat(Files.exists(dir)).isTrue();
    }

    @Test
    void aSecondTargetIsRefusedSayingThatOneIsTaken() throws IOException {
        CommandRun o = CommandRun.of(dir.toString(), "elsewhere");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.errLines()).containsExactly("drivespeed: unexpected argument 'elsewhere':"
                + " drivespeed takes one target, a directory or a block device, given once (an"
                + " option's value goes right after the option)" + HELP);
        try (Stream<Path> left = Files.list(dir)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void anOptionWithoutItsValueIsNamedAsTypedWithWhatItTakes() {
        CommandRun bs = CommandRun.of(dir.toString(), "--bs");
        assertThat(bs.exitCode()).isEqualTo(2);
        assertThat(bs.errLines()).containsExactly(
                "drivespeed: option '--bs' needs a value (SIZE) right after it" + HELP);
        assertThat(CommandRun.of(dir.toString(), "--block-size").errLines()).containsExactly(
                "drivespeed: option '--block-size' needs a value (SIZE) right after it" + HELP);
    }

    @Test
    void anOptionGivenTwiceIsNamedAsTyped() {
        CommandRun o = CommandRun.of(dir.toString(), "--count", "1", "--count", "2");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.errLines()).containsExactly(
                "drivespeed: option '--count' was given more than once; give it once");
    }

    @Test
    void theBlockSizeIsNamedAsTypedInTheLibrarysRefusalsAndTheCommandLinesOwn() {
        // the library's refusal (a setter), either name
        assertThat(CommandRun.of(dir.toString(), "--bs", "513").errLines()).containsExactly(
                "drivespeed: invalid value for option '--bs': '513': must be a multiple of 512"
                        + " bytes (one sector)");
        assertThat(CommandRun.of(dir.toString(), "--block-size", "513").errLines())
                .containsExactly("drivespeed: invalid value for option '--block-size': '513':"
                        + " must be a multiple of 512 bytes (one sector)");
        // the library's refusal that names another setting: that one as typed too
        assertThat(CommandRun.of(dir.toString(), "--block-size", "8M", "--rw", "read",
                "--size", "4M").errLines()).singleElement().asString()
                .contains("'--block-size'").doesNotContain("--bs").doesNotContain("blockSize");
        // the command line's own refusals: an option of another form, by its other name
        assertThat(CommandRun.of(dir.toString(), "--queue-depth", "4").errLines())
                .containsExactly("drivespeed: option '--queue-depth' needs a workload (--rw or"
                        + " --sweep)");
        assertThat(CommandRun.of(dir.toString(), "--iodepth", "4").errLines())
                .containsExactly("drivespeed: option '--iodepth' needs a workload (--rw or"
                        + " --sweep)");
    }

    /**
     * An option the sequential test does not take is refused naming every form that takes it:
     * {@code --size} sizes a workload, a sustained write and a capacity check alike.
     */
    @Test
    void anOptionOfOtherFormsNamesEachFormThatTakesIt() {
        CommandRun o = CommandRun.of(dir.toString(), "--size", "5M", "--count", "3");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.errLines()).containsExactly("drivespeed: option '--size' needs a workload"
                + " (--rw, --preset or --sweep), --sustained, --verify-capacity or a --require"
                + " with random 4 KiB figures; the sequential test writes --block-size x --count"
                + " per pass (8 MiB x 32 by default): for 5M give --block-size 1M --count 5");
        assertThat(CommandRun.of(dir.toString(), "--duration", "1s").errLines())
                .singleElement().asString().startsWith("drivespeed: option '--duration' needs a"
                        + " workload (--rw, --preset or --sweep)")
                .endsWith(" or a block device as the target");
        // the capacity probe's own option, given to a directory
        assertThat(CommandRun.of(dir.toString(), "--cache-bound", "512M").errLines())
                .containsExactly("drivespeed: option '--cache-bound' needs --verify-capacity on"
                        + " a block device (the capacity probe)");
        // only the workload forms that take it: a preset fixes its own queue depth and mix
        assertThat(CommandRun.of(dir.toString(), "--rwmixread", "70").errLines())
                .containsExactly("drivespeed: option '--rwmixread' needs a workload (--rw or"
                        + " --sweep)");
        // a sustained write writes whole blocks: a size below one is refused before any I/O
        CommandRun tiny = CommandRun.of(dir.toString(), "--sustained", "--size", "8k");
        assertThat(tiny.exitCode()).isEqualTo(2);
        assertThat(tiny.errLines()).containsExactly("drivespeed: invalid value for option"
                + " '--size': '8k' is too small (must be >= 1 MiB)");
        // the target named as a path, not as typed ('.')
        assertThat(CommandRun.of(".", "--write").errLines()).containsExactly("drivespeed: option"
                + " '--write' applies to a block device only, and "
                + Path.of(".").toAbsolutePath().normalize() + " is not one");

    }

    @Test
    void aNumberTooLargeSaysTooLargeWithTheRangeNotThatItIsNoWholeNumber() {
        CommandRun o = CommandRun.of(dir.toString(), "--count", "99999999999999999999");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.errLines()).containsExactly("drivespeed: invalid value for option"
                + " '--count': '99999999999999999999' is too large (at most 9223372036854775807)");
        assertThat(o.err()).doesNotContain("whole number");
    }

    @Test
    @Tag("privileged")
    void aBlockDeviceGivenToADirectoryFormIsAnsweredWithTheCommandLine() throws IOException {
        Privileged.requireRoot();
        try (Mounts.LoopDevice loop = Mounts.loopDevice(dir, 8, false, null)) {
            String device = loop.device().toString();
            CommandRun probe = CommandRun.of("--probe", device);
            assertThat(probe.exitCode()).isEqualTo(2);
            assertThat(probe.errLines()).containsExactly("drivespeed: unsupported target "
                    + device + ": it is a block device, and --probe needs a directory on a"
                    + " mounted file system; 'drivespeed " + device + "' without --probe"
                    + " measures the device itself, read-only");
            assertThat(probe.err()).doesNotContain("DriveSpeed.").doesNotContain("onDevice");
            CommandRun sustained = CommandRun.of(device, "--sustained");
            assertThat(sustained.exitCode()).isEqualTo(2);
            assertThat(sustained.err()).contains("and --sustained needs a directory")
                    .doesNotContain("DriveSpeed.");
        }
    }

    @Test
    @Tag("privileged")
    void oDirectRefusedOnEachTransferIsNamedInOptionsAndTheFallbackMeasuresUnverified() throws IOException {
        Privileged.requireRoot();
        try (DirectEinval fs = DirectEinval.up(dir, 0)) {
            Path mount = fs.mountDir().toRealPath();
            CommandRun refused = CommandRun.of(mount.toString(), "--bs", "64K", "--count", "16",
                    "--runs", "1");
            assertThat(refused.exitCode()).isEqualTo(2);
            assertThat(refused.out()).isEmpty();
            assertThat(refused.errLines()).singleElement().asString().matches(
                    "drivespeed: O_DIRECT is not supported on " + Pattern.quote(mount.toString())
                            + "/drivespeed-\\d+-[0-9a-f]{16}\\.tmp \\(file system"
                            + " fuse\\.direct-einval; pwrite\\(O_DIRECT\\) failed: EINVAL\\);"
                            + " measure with --buffered or --direct-or-buffered");
            CommandRun fallback = CommandRun.of(mount.toString(), "--bs", "64K", "--count", "16",
                    "--runs", "1", "--direct-or-buffered");
            // measured; but the daemon serves a directory through its page cache, which
            // drivespeed cannot drop: the read-back is not verified, exit code 1
            assertThat(fallback.exitCode()).as(fallback.err()).isEqualTo(1);
            assertThat(fallback.out()).contains("BUFFERED_FALLBACK", "READ_BACK_NOT_VERIFIED");
            assertThat(fallback.err()).startsWith("drivespeed: NOT VERIFIED: " + mount
                    + " is a FUSE file system");
            assertThat(TestFiles.names(mount)).isEmpty();
        }
    }
}
