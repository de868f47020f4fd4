package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.testing.TestFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The traps a new user falls into on the command line, each refused in one line that names what
 * was typed and what was likely meant, with nothing left behind: one of fio's spellings among
 * drivespeed's ({@code --direct}, {@code --blocksize}), a size with spaces or dd's {@code b},
 * a sweep's rule on {@code --size}, a block size the default size does not hold; and the output
 * file {@code -} as standard output.
 */
class CommandLineTrapsTest {

    @TempDir
    Path dir;

    private void assertRefused(CommandRun o, String message) throws IOException {
        Refused.assertRefused(o, dir, message);
    }

    @Test
    void fiosDirectAmongDrivespeedsOptionsIsRefusedSayingODirectIsTheDefault()
            throws IOException {
        assertRefused(CommandRun.of(dir.toString(), "--direct", "--count", "3"),
                "option '--direct' is fio's spelling, and '--count' is drivespeed's, so this is"
                        + " not an fio job; O_DIRECT is already drivespeed's default (--buffered"
                        + " opts out)");
        assertRefused(CommandRun.of(dir.toString(), "--direct=1"),
                "option '--direct' is fio's spelling, and no fio job is given (--name=NAME"
                        + " starts one); O_DIRECT is already drivespeed's default (--buffered"
                        + " opts out)");
    }

    @Test
    void fiosBlocksizeIsRefusedWithTheOptionMeant() throws IOException {
        assertRefused(CommandRun.of(dir.toString(), "--blocksize=8M", "--count", "2"),
                "option '--blocksize' is fio's spelling, and '--count' is drivespeed's, so this"
                        + " is not an fio job; did you mean --block-size?");
        assertRefused(CommandRun.of(dir.toString(), "--timeout=3", "--rw", "randread"),
                "option '--timeout' is fio's spelling, and no fio job is given (--name=NAME"
                        + " starts one); did you mean --duration?");
    }

    @Test
    void anUnknownOptionCloseToOneOfDrivespeedsIsNamedWithIt() throws IOException {
        assertRefused(CommandRun.of(dir.toString(), "--block_size", "8M"),
                "unknown option '--block_size' (did you mean --block-size?); 'drivespeed --help'"
                        + " lists the options");
    }

    @Test
    void fioSpellingsWithANameAreStillAnFioJob() throws IOException {
        CommandRun o = CommandRun.of(dir.toString(), "--name=x", "--rw=read", "--bs=4k",
                "--direct=1", "--size=1M");
        assertThat(o.exitCode()).as(o.err()).isZero();
        assertThat(o.out()).contains("fio jobs from the command line: 1 job");
    }

    @Test
    void aSweepsSizeIsRefusedWithTheSweepsRule() throws IOException {
        for (String size : new String[] {"8M", "63M", "96M"}) {
            assertRefused(CommandRun.of(dir.toString(), "--sweep", "--size", size),
                    "option '--sweep' runs blocks of 4 KiB to 64 MiB, so --size must be a"
                            + " multiple of 64 MiB: '" + size + "' is not");
        }
    }

    @Test
    void aBlockSizeTheDefaultSizeDoesNotHoldIsNamedNotTheDefault() throws IOException {
        assertRefused(CommandRun.of(dir.toString(), "--rw", "randread", "--bs", "3K"),
                "invalid value for option '--bs': '3K': the default --size 1 GiB is not a"
                        + " multiple of it; give --size a multiple of 3K, or a block size that"
                        + " divides 1 GiB");
    }

    @Test
    void aRefusedValueIsReadAsOneSentence() throws IOException {
        assertRefused(CommandRun.of(dir.toString(), "--count", "0"),
                "invalid value for option '--count': '0' is too small (must be >= 1)");
        // the value once, then the rule
        for (String negative : new String[] {"-1", "-1s", " -500ms"}) {
            assertRefused(CommandRun.of(dir.toString(), "--rw", "randread", "--duration",
                    negative), "invalid value for option '--duration': '" + negative + "' is"
                            + " negative: a duration is a number and optionally a"
                            + " unit (ns, us, ms, s, m or h; seconds without one), for example 5,"
                            + " 500ms, 2m");
        }
    }

    @Test
    void dashIsStandardOutputAndACharacterDeviceIsWrittenTo() throws IOException {
        CommandRun dash = CommandRun.of(dir.toString(), "--probe", "--json", "-o", "-");
        assertThat(dash.exitCode()).as(dash.err()).isZero();
        assertThat(dash.out()).contains("\"target\"");
        CommandRun devNull = CommandRun.of(dir.toString(), "--probe", "--json", "-o",
                "/dev/null");
        assertThat(devNull.exitCode()).as(devNull.err()).isZero();
        assertThat(TestFiles.names(dir)).isEmpty();
        assertThat(Files.exists(Path.of("-"))).isFalse();
    }

    @Test
    void hdparmsDashTPointsToTheDeviceAsTargetNotToThreads() throws IOException {
        CommandRun t = CommandRun.of(dir.toString(), "-t");
        assertThat(t.exitCode()).isEqualTo(2);
        assertThat(t.err()).contains("unknown option '-t'", "drivespeed /dev/sdX")
                .doesNotContain("--threads");
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void devStdoutIsStandardOutputAsDashIsNotASecondWriterBesideTheTextSummary()
            throws IOException {
        CommandRun csv = CommandRun.of(dir.toString(), "--block-size", "64K", "--count", "4",
                "--runs", "1", "--csv", "-o", "/dev/stdout");
        assertThat(csv.exitCode()).as(csv.err()).isZero();
        // the CSV alone on standard output: no text summary before it
        assertThat(csv.out()).doesNotContain("drivespeed on ", "test 1:");
        assertThat(csv.out().lines().findFirst().orElseThrow()).contains(",");
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void anExistingRegularOutputFileIsStillRefused() throws IOException {
        Path existing = Files.writeString(dir.resolve("r.json"), "keep",
                StandardCharsets.UTF_8);
        CommandRun o = CommandRun.of(dir.toString(), "--probe", "--json", "-o",
                existing.toString());
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.errLines()).containsExactly("drivespeed: invalid value for option '-o': '"
                + existing + "': the file exists; give --overwrite to replace it, or another"
                + " name");
        assertThat(Files.readString(existing)).isEqualTo("keep");
    }

    @Test
    void anOutputFileThatCannotBeCreatedIsNamedAsGivenNotByItsTemporaryName() throws IOException {
        // /proc takes no new file, whoever runs the test
        String file = "/proc/drivespeed-" + ProcessHandle.current().pid() + ".json";
        assertRefused(CommandRun.of(dir.toString(), "--probe", "--json", "-o", file),
                "invalid value for option '-o': '" + file + "': cannot be written there: its"
                        + " directory /proc does not take new files (No such file or directory),"
                        + " and drivespeed writes the results to a new file beside "
                        + Path.of(file).getFileName() + " and moves it into place; give a path in"
                        + " a directory you can create files in");
    }

    @Test
    void aSizeWithSpacesAroundIsReadAndDdsLowerCaseBIsRefusedWithWhatToWrite()
            throws IOException {
        CommandRun spaced = CommandRun.of(dir.toString(), "--block-size", " 1M ", "--count", "1",
                "--runs", "1");
        assertThat(spaced.exitCode()).as(spaced.err()).isZero();
        assertThat(TestFiles.names(dir)).isEmpty();
        assertRefused(CommandRun.of(dir.toString(), "--block-size", "4kb"),
                "invalid value for option '--block-size': '4kb' is not a data size: unknown unit"
                        + " 'kb' (use B, K, M, G, T, KiB, MiB, GiB, TiB (powers of 1024) or kB,"
                        + " MB, GB, TB (powers of 1000)); in dd, b is a 512-byte block: write 4kB"
                        + " (powers of 1000) or 4K (powers of 1024)");
    }

    @Test
    void aNegativeSeedIsRefusedAsFiosRandseedIsUnsigned() throws IOException {
        assertRefused(CommandRun.of(dir.toString(), "--rw", "randread", "--seed", "-1"),
                "invalid value for option '--seed': '-1' is too small (at least 0)");
    }

    @Test
    void theSustainedHeaderGivesItsBoundsInTheOutputsUnits() throws IOException {
        CommandRun o = CommandRun.of(dir.toString(), "--sustained", "--duration", "1", "--size",
                "32M");
        assertThat(o.exitCode()).as(o.err()).isIn(0, 1, 4);
        assertThat(o.out() + o.err()).contains("at most 1 s and 32 MiB, ")
                .doesNotContain("32M,");
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    /**
     * The sequential test's options beside a class judged on a sustained write alone are refused
     * before anything is written, naming both options, the sustained write's bounds and what to
     * do (before: a note that the option sets a test the class does not run, then a sustained
     * write of up to 120 s and 8 GiB for a user who asked for 4 blocks).
     */
    @Test
    void aSequentialOptionBesideAClassJudgedOnASustainedWriteIsRefusedBeforeAnyWrite()
            throws IOException {
        String bounds = "at most 120 s and 8 GiB and half the free space, 5 % of the file system"
                + " (16 MiB to 1 GiB) always left free";
        assertRefused(CommandRun.of(dir.toString(), "--count", "4", "--require", "V30"),
                "option '--count' sets the sequential test, which --require SD Video Speed Class"
                        + " 30 (V30) does not run: it is judged on a sustained write past the"
                        + " drive's write cache, " + bounds + ", whatever '--count' says; drop"
                        + " '--count' to run that sustained write alone, or add a sequential"
                        + " minimum to --require (read=... or write=...) to run the sequential"
                        + " test as well, with '--count'");
        assertRefused(CommandRun.of(dir.toString(), "--bs", "1M", "--runs", "2", "--require",
                "U3"),
                "options '--bs', '--runs' set the sequential test, which --require SD UHS Speed"
                        + " Class 3 (U3) does not run: it is judged on a sustained write past the"
                        + " drive's write cache, " + bounds + ", whatever '--bs', '--runs' say;"
                        + " drop '--bs', '--runs' to run that sustained write alone, or add a"
                        + " sequential minimum to --require (read=... or write=...) to run the"
                        + " sequential test as well, with '--bs', '--runs'");
        // a class judged on random 4 KiB workloads as well, which --zeros does not set either
        assertRefused(CommandRun.of(dir.toString(), "--zeros", "--require", "A1"),
                "option '--zeros' sets the sequential test, which --require SD Application"
                        + " Performance Class 1 (A1) does not run: it is judged on a sustained"
                        + " write past the drive's write cache, " + bounds + ", and random 4 KiB"
                        + " workloads, whatever '--zeros' says; drop '--zeros' to run those alone,"
                        + " or add a sequential minimum to --require (read=... or write=...) to"
                        + " run the sequential test as well, with '--zeros'");
    }

    /**
     * An option after {@code --} is the target, not an option: said so, not {@code unknown
     * option '--count' (did you mean --count?)}; a directory whose name starts with a dash is
     * still given after {@code --}.
     */
    /**
     * A unit typed apart from its number is named as such, with the value as one word; options
     * that exclude each other are named as typed (fio's {@code --runtime}, not the row's
     * {@code --duration}).
     */
    @Test
    void aUnitApartFromItsNumberAndExcludedOptionsAreNamedAsTyped() throws IOException {
        assertRefused(CommandRun.of(dir.toString(), "--block-size", "8", "M", "--count", "2"),
                "'8 M' after '--block-size' is two arguments: a value is one word, its unit right"
                        + " after the number, as --block-size 8M");
        assertRefused(CommandRun.of(dir.toString(), "--rw", "randread", "--runtime", "5", "s"),
                "'5 s' after '--runtime' is two arguments: a value is one word, its unit right"
                        + " after the number, as --runtime 5s");
        assertRefused(CommandRun.of(dir.toString(), "--rw", "randread", "--count", "10",
                "--runtime", "1"), "options '--count' and '--runtime' exclude each other: a run"
                        + " is size-based or time-based");
        assertRefused(CommandRun.of(dir.toString(), "--require", "write>10MB/s"),
                "invalid value for option '--require': 'write>10MB/s': requirement term"
                        + " 'write>10MB/s' not understood: a bound is written KEY=VALUE, as"
                        + " write=10MB/s (a minimum)");
    }

    @Test
    void anOptionAfterTheEndOfOptionsIsSaidToComeAfterIt() throws Exception {
        String after = "' comes after '--', which ends the options: every argument after it is"
                + " the target (a directory, a block device or a job file), and drivespeed"
                + " takes one; put options before '--'";
        assertRefused(CommandRun.of("--", dir.toString(), "--count", "4"), "'--count" + after);
        assertRefused(CommandRun.of(dir.toString(), "--", "--json"), "'--json" + after);
        assertRefused(CommandRun.of("--", dir.toString(), "--frobnicate"),
                "'--frobnicate" + after);
        // an option before '--' and again after it: the one after is the target's
        assertRefused(CommandRun.of("--count", "4", "--", dir.toString(), "--count", "4"),
                "'--count" + after);
        // the one argument after '--' is the target: a directory named --help is not there
        CommandRun help = CommandRun.of("--", "--help");
        assertThat(help.exitCode()).as(help.err()).isEqualTo(2);
        assertThat(help.errLines()).containsExactly("drivespeed: target does not exist: --help"
                + " (drivespeed never creates its target; check the path); '--help" + after);
        assertThat(help.out()).isEmpty();
        // a directory named -x, given after '--' in its parent
        Path dashed = Files.createDirectory(dir.resolve("-x"));
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "--count", "1", "--block-size", "4K", "--runs", "1", "--", "-x")
                .directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
        assertThat(out).startsWith("drivespeed on " + dashed + ": 4 KiB x 1 (4 KiB per pass)");
        assertThat(TestFiles.names(dashed)).isEmpty();
        Files.delete(dashed);
    }
}
