package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.testing.TestFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each refusal names what the user typed and the rule it breaks, worded for what was typed: a
 * fraction gets the whole number it means, two names of one option are both named, an option
 * {@code --probe} does not take is named with what {@code --probe} takes, an unknown option in
 * fio's spellings is refused in the house style, a file under a regular file is told so, the
 * API names its own method, and a decimal or fio-inverted unit says how many bytes it is.
 * Nothing is written.
 */
class MessageWordingTest {

    @TempDir
    Path dir;

    private void assertRefused(CommandRun o, String message) throws IOException {
        Refused.assertRefused(o, dir, message);
    }

    @Test
    void aFractionIsRefusedWithTheWholeNumberOfWhatWasTyped() throws IOException {
        assertRefused(CommandRun.of(dir.toString(), "--rw", "read", "--size", "1.5G"),
                "invalid value for option '--size': '1.5G' is not a data size: fractions are"
                        + " not allowed: 1.5G is 1536M");
        assertRefused(CommandRun.of(dir.toString(), "--bs", "0.5MB"),
                "invalid value for option '--bs': '0.5MB' is not a data size: fractions are"
                        + " not allowed: 0.5MB is 500 kB");
    }

    /**
     * A sweep sets the block size itself: a --size below its largest block names the sweep, not
     * a --block-size the user did not give (and could not: --sweep and --bs exclude each other).
     */
    @Test
    void aSweepLargerThanTheFileNamesTheSweepNotTheBlockSize() throws IOException {
        CommandRun run = CommandRun.of(dir.toString(), "--sweep", "--rw", "write", "--size", "32M",
                "--duration", "0.2");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).containsExactly("drivespeed: option '--sweep' runs blocks"
                + " of 4 KiB to 64 MiB, so --size must be a multiple of 64 MiB: '32M' is not");
    }

    /**
     * A block no machine's memory holds is refused before the target is examined (the probe of
     * mounts and devices and the choice of the backend took seconds before): on a target that
     * does not exist, the block size is named, not the target.
     */
    @Test
    void aBlockLargerThanMemoryIsRefusedBeforeTheTargetIsExamined() {
        Path missing = dir.resolve("nosuch");
        CommandRun o = CommandRun.of(missing.toString(), "--block-size", "1T");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.errLines()).singleElement().asString().startsWith(
                "drivespeed: invalid value for option '--block-size': '1T': needs 2097152.0 MiB of"
                        + " memory (the write pool, and a second block to read back into for"
                        + " verification), more than the ").endsWith(" available (MemAvailable"
                        + " in /proc/meminfo)").matches(".* the \\d+\\.\\d MiB available .*");
        assertThat(o.out()).isEmpty();
        assertThat(missing).doesNotExist();
    }

    @Test
    void twoNamesOfOneOptionAreBothNamedAsAliases() throws IOException {
        assertRefused(CommandRun.of(dir.toString(), "--rw", "read", "--runtime", "1",
                "--duration", "1"), "options '--runtime' and '--duration' are names of one"
                        + " option (aliases), so it was given more than once; give one of them"
                        + " once");
        // one name twice keeps its own wording
        assertRefused(CommandRun.of(dir.toString(), "--runs", "1", "--runs", "2"),
                "option '--runs' was given more than once; give it once");
    }

    @Test
    void anOptionProbeDoesNotTakeIsNamedWithWhatProbeTakes() throws IOException {
        assertRefused(CommandRun.of(dir.toString(), "--probe", "--output-format", "json"),
                "options '--probe' and '--output-format' exclude each other: --probe only"
                        + " describes the drive and measures nothing, so it takes no option of a"
                        + " measurement or of a measurement's report (it takes --json, --csv,"
                        + " --output, --overwrite and --quiet)");
    }

    @Test
    void anUnknownOptionAmongFiosSpellingsIsRefusedInTheHouseStyle() throws IOException {
        assertRefused(CommandRun.of(dir.toString(), "--name=x", "--rw=read", "--zonemode=zbd"),
                "unknown option '--zonemode': neither drivespeed's nor one of the fio options it"
                        + " takes (an fio option drivespeed does not take is refused, never"
                        + " ignored; docs/fio.md lists those it takes)");
    }

    @Test
    void anOutputFileUnderARegularFileSaysThatFileIsNotADirectory() throws IOException {
        Path file = Files.writeString(dir.resolve("r.json"), "kept");
        CommandRun o = CommandRun.of(dir.toString(), "-o", file.resolve("x.json").toString());
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.errLines()).containsExactly("drivespeed: invalid value for option '-o': '"
                + file.resolve("x.json") + "': '" + file + "' is a regular file, not a directory");
        CommandRun deeper = CommandRun.of(dir.toString(), "--chart",
                file.resolve("a/c.png").toString());
        assertThat(deeper.errLines()).singleElement().asString()
                .endsWith("'" + file + "' is a regular file, not a directory");
        CommandRun missing = CommandRun.of(dir.toString(), "--chart",
                dir.resolve("no/c.png").toString());
        assertThat(missing.errLines()).singleElement().asString()
                .endsWith("its directory does not exist: " + dir.resolve("no"));
        assertThat(Files.readString(file)).isEqualTo("kept");
        assertThat(TestFiles.names(dir)).containsExactly("r.json");
    }

    @Test
    void theApiNamesTheMethodCalledAndTheCommandLineItsOption() throws IOException {
        assertThatThrownBy(() -> DriveSpeed.workload(dir).readPercent(150))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessage("readPercent must be the share of reads in percent, in [0, 100]: 150");
        assertThatThrownBy(() -> DriveSpeed.workload(dir).readPercent(-1))
                .hasMessage("readPercent must be the share of reads in percent, in [0, 100]: -1");
        // a refusal of the API names the setting it was given by, and the one it conflicts with
        assertThatThrownBy(() -> DriveSpeed.workload(dir).duration(Duration.ofSeconds(2))
                .timeLimit(Duration.ofSeconds(1))).isInstanceOf(InvalidSettingException.class)
                .hasMessageStartingWith("timeLimit caps a size-based workload, and this one is"
                        + " time-based: duration ");
        assertRefused(CommandRun.of(dir.toString(), "--rw", "randrw", "--rwmixread", "150"),
                "invalid value for option '--rwmixread': '150': must be the share of reads in"
                        + " percent, in [0, 100]");
    }

    @Test
    void fiosKibSaysThatFioReadsItAsPowersOf1000() throws IOException {
        assertRefused(CommandRun.of(dir.toString(), "--name=x", "--rw=read", "--bs=4kib",
                "--size=1m"), "--bs=4kib: job 'x', fio option 'bs': '4kib' is 4000 bytes (fio"
                        + " reads kib as 1000 bytes: under its default kb_base=1024 the IEC units"
                        + " are powers of 1000, for old job files, fio's HOWTO on kb_base; write"
                        + " 4k for powers of 1024): must be a multiple of 512 bytes (one sector)");
    }

    @Test
    void aDecimalBlockSizeSaysHowManyBytesItIs() throws IOException {
        assertRefused(CommandRun.of(dir.toString(), "--block-size", "4kB"),
                "invalid value for option '--block-size': '4kB' is 4000 bytes (kB is 1000 bytes;"
                        + " 4K or 4KiB is 4096): must be a multiple of 512 bytes (one sector)");
    }
}
