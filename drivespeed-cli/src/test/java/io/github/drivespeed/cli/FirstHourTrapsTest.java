package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.testing.TestFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line's first-hour traps that reviews by new users found (issue 35), each answered
 * before anything is measured or written, in one line that names the option and the value and
 * says what to type: a requirement the chosen workload cannot judge, {@code --probe} given a
 * file, a class's sustained write bounded without {@code --sustained}, {@code --size} given to
 * the sequential test, a job file after the directory, an output file in a directory that takes
 * no new file.
 */
class FirstHourTrapsTest {

    @TempDir
    Path dir;

    @TempDir
    Path other;

    private void assertRefused(CommandRun o, String message) throws IOException {
        Refused.assertRefused(o, dir, message);
    }

    /**
     * A requirement term that nothing the command line runs measures is refused before the run,
     * naming what judges it (before: the run, then {@code not measured: no result holds this
     * figure}, exit 4).
     */
    @Test
    void aRequirementTheWorkloadCannotJudgeIsRefusedNamingWhatJudgesIt() throws IOException {
        assertRefused(CommandRun.of(dir.toString(), "--rw", "randrw", "--size", "4M",
                "--duration", "1", "--require", "randread=1000"),
                "invalid value for option '--require': 'randread=1000' is judged on pure random"
                        + " 4 KiB reads (--rw randread --block-size 4K), and the workload given"
                        + " (--rw randrw) measures none; without --rw, drivespeed runs RND4K Q1T1"
                        + " for it");
        // the block size shapes the workload: a random read of 8 KiB blocks has no 4 KiB figure
        assertRefused(CommandRun.of(dir.toString(), "--rw", "randread", "--bs", "8K", "--size",
                "4M", "--require", "p99=10ms"),
                "invalid value for option '--require': 'p99=10ms' is judged on pure random 4 KiB"
                        + " reads or writes (--rw randread or randwrite --block-size 4K), and the"
                        + " workload given (--rw randread --bs 8K) measures none; without --rw,"
                        + " drivespeed runs RND4K Q1T1 for it");
        // the sequential bounds are the sequential test's, never a workload's
        assertRefused(CommandRun.of(dir.toString(), "--rw", "write", "--bs", "1M", "--size",
                "4M", "--require", "read=10MB/s,write=20MB/s"),
                "invalid value for option '--require': 'read=10MB/s' is judged on the sequential"
                        + " test's read (drivespeed DIR, as dd's; not a workload's sequential"
                        + " read), and the workload given (--rw write --bs 1M) measures"
                        + " none; without --rw, drivespeed runs the sequential test for it");
        // a preset's sequential read is a workload's: named as not judging it
        assertRefused(CommandRun.of(dir.toString(), "--preset", "SEQ1M-Q8T1", "--size", "8M",
                "--require", "read=10MB/s"),
                "invalid value for option '--require': 'read=10MB/s' is judged on the sequential"
                        + " test's read (drivespeed DIR, as dd's; not a workload's sequential"
                        + " read), and the workloads given (--preset SEQ1M-Q8T1) measure none;"
                        + " without --preset, drivespeed runs the sequential test for it");
        // an SD class beside a random workload: its sustained minimum, by the class's name
        assertRefused(CommandRun.of(dir.toString(), "--rw", "randread", "--size", "4M",
                "--require", "V30"),
                "invalid value for option '--require': 'V30' is judged on a sustained write past"
                        + " the drive's write cache, and the workload given (--rw randread)"
                        + " measures none; without --rw, drivespeed runs a sustained write for"
                        + " it");
        // every workload of a preset suite or a sweep is looked at
        assertRefused(CommandRun.of(dir.toString(), "--preset", "SEQ1M-Q1T1", "--size", "8M",
                "--require", "randwrite=10"),
                "invalid value for option '--require': 'randwrite=10' is judged on pure random"
                        + " 4 KiB writes (--rw randwrite --block-size 4K), and the workloads given"
                        + " (--preset SEQ1M-Q1T1) measure none; without --preset, drivespeed runs"
                        + " RND4K Q1T1 for it");
        // the sustained write measures the sustained and sequential write minimums only
        assertRefused(CommandRun.of(dir.toString(), "--sustained", "--size", "4M", "--require",
                "A1"),
                "invalid value for option '--require': 'A1' is judged on pure random 4 KiB reads"
                        + " (--rw randread --block-size 4K) and pure random 4 KiB writes (--rw"
                        + " randwrite --block-size 4K), and --sustained measures none of these;"
                        + " without --sustained, drivespeed runs RND4K Q1T1 for it");
    }

    /**
     * A workload that holds the figure is run and judged, as before; a sequential write workload
     * beside an SD class is run too, its burst said not to judge the class.
     */
    @Test
    void aRequirementTheWorkloadJudgesIsRunAndJudged() throws IOException {
        CommandRun o = CommandRun.of(dir.toString(), "--rw", "randread", "--size", "4M",
                "--duration", "200ms", "--require", "randread=1");
        assertThat(o.exitCode()).as(o.err()).isNotEqualTo(2);
        assertThat(o.out()).contains("requirement randread=1: ");
        assertThat(o.out()).doesNotContain("not measured");
        // a sequential write workload gives an SD class a burst figure: run, and not judged
        CommandRun burst = CommandRun.of(dir.toString(), "--rw", "write", "--bs", "1M", "--size",
                "4M", "--duration", "200ms", "--require", "V30");
        assertThat(burst.exitCode()).as(burst.err()).isEqualTo(4);
        assertThat(burst.err()).contains("not judged: sustained write >= 30.0 MB/s")
                .doesNotContain("not measured");
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    /** {@code --probe} writes nothing: a file is refused without the words of a test file. */
    @Test
    void probeGivenARegularFileNamesTheDirectoryHoldingIt() throws IOException {
        Path file = Files.writeString(other.resolve("notes.txt"), "x");
        CommandRun o = CommandRun.of("--probe", file.toString());
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.errLines()).containsExactly("drivespeed: unsupported target " + file
                + ": it is a regular file, and --probe describes the drive holding a directory;"
                + " 'drivespeed --probe " + other + "' describes the drive holding the directory"
                + " it is in");
        assertThat(o.err()).doesNotContain("test file");
        // the file given to a measurement still hears where the test file goes
        assertThat(CommandRun.of(file.toString()).err()).contains("give the directory to test"
                + " in (drivespeed creates and removes its own test file there)");
    }

    /**
     * An SD class's sustained write runs with {@code --sustained}'s default bounds; a
     * {@code --size} or {@code --duration} beside it is refused naming {@code --sustained}, which
     * takes them (with a requirement of random figures they size its random workloads instead).
     */
    @Test
    void aSustainedClassBoundedWithoutSustainedNamesSustained() throws IOException {
        assertRefused(CommandRun.of(dir.toString(), "--require", "V30", "--size", "64M"),
                "option '--size' does not bound the sustained write --require V30 runs, which"
                        + " goes past the drive's write cache with --sustained's default bounds"
                        + " (at most 120 s, 8 GiB or half the free space); add --sustained to"
                        + " bound it: --sustained --size 64M --require V30 (a write that stops"
                        + " within the cache leaves the class not judged: burst only)");
        assertRefused(CommandRun.of(dir.toString(), "--duration", "5", "--require", "C10"),
                "option '--duration' does not bound the sustained write --require C10 runs, which"
                        + " goes past the drive's write cache with --sustained's default bounds"
                        + " (at most 120 s, 8 GiB or half the free space); add --sustained to"
                        + " bound it: --sustained --duration 5 --require C10 (a write that stops"
                        + " within the cache leaves the class not judged: burst only)");
    }

    /** The sequential test's pass is --block-size x --count: a --size is answered with them. */
    @Test
    void aSizeGivenToTheSequentialTestIsAnsweredWithTheCount() throws IOException {
        String needs = "option '--size' needs a workload (--rw, --preset or --sweep), --sustained,"
                + " --verify-capacity or a --require with random 4 KiB figures; the sequential"
                + " test writes ";
        assertRefused(CommandRun.of(dir.toString(), "--size", "64M"), needs + "--block-size x"
                + " --count per pass (8 MiB x 32 by default): for 64M give --count 8");
        // the block size as typed divides it
        assertRefused(CommandRun.of(dir.toString(), "--bs", "1M", "--size", "1G"), needs
                + "--bs x --count per pass (8 MiB x 32 by default): for 1G give --count 1024");
        // it does not: a block size that does, and its count
        assertRefused(CommandRun.of(dir.toString(), "--size", "100M"), needs + "--block-size x"
                + " --count per pass (8 MiB x 32 by default): for 100M give --block-size 4M"
                + " --count 25");
        // no whole count of a block of 4 KiB or more makes it: the rule alone
        assertRefused(CommandRun.of(dir.toString(), "--size", "10MB"), needs + "--block-size x"
                + " --count per pass (8 MiB x 32 by default)");
    }

    /** A job file and the directory its jobs run in, in either order. */
    @Test
    void aJobFileGoesBeforeOrAfterTheDirectory() throws IOException {
        Path job = Files.writeString(other.resolve("job.fio"),
                "[j]\nrw=read\nsize=1m\nbs=4k\nruntime=1\n");
        for (String[] args : new String[][] {{dir.toString(), job.toString()},
                {job.toString(), dir.toString()}}) {
            CommandRun o = CommandRun.of(args);
            assertThat(o.exitCode()).as(o.err()).isZero();
            assertThat(o.out()).startsWith("fio jobs from " + job + ": 1 job");
            assertThat(TestFiles.names(dir)).isEmpty();
        }
        // the directory is where the jobs run (before: left aside for the current directory)
        Path missingDir = other.resolve("absent");
        CommandRun absent = CommandRun.of(missingDir.toString(), job.toString());
        assertThat(absent.exitCode()).isEqualTo(2);
        assertThat(absent.err()).contains("target does not exist: " + missingDir);
        // a job file that does not exist, after the directory
        assertRefused(CommandRun.of(dir.toString(), "missing.fio"), "job file does not exist:"
                + " missing.fio (an argument ending in .fio is read as a fio job file)");
        // a third word: one directory for the jobs
        assertRefused(CommandRun.of(dir.toString(), job.toString(), "extra"),
                "unexpected argument 'extra': beside the job file " + job + " drivespeed takes"
                        + " one directory for the jobs (before or after the job file), given once");
        // a job file of another name: --job, said so
        Path plain = Files.writeString(other.resolve("job.txt"), "[j]\nrw=read\n");
        assertRefused(CommandRun.of(dir.toString(), plain.toString()), "unexpected argument '"
                + plain + "': drivespeed takes one target, a directory or a block device; to run "
                + plain + " as an fio job file, give --job " + plain + " (a job file named *.fio"
                + " needs no --job)");
    }

    /**
     * The results go to a new file beside the one named, moved into place: a directory that
     * takes no new file refuses even an existing file with {@code --overwrite}, and the refusal
     * says so, naming the path as typed, before anything is measured.
     */
    @Test
    void anOutputInADirectoryThatTakesNoNewFileSaysSo() throws IOException {
        CommandRun o = CommandRun.of(dir.toString(), "--count", "1", "-o", "/proc/version",
                "--overwrite");
        assertRefused(o, "invalid value for option '-o': '/proc/version': cannot be written"
                + " there: its directory /proc does not take new files (No such file or"
                + " directory), and drivespeed writes the results to a new file beside version and"
                + " moves it into place; give a path in a directory you can create files in");
        // without --overwrite the same, not first "give --overwrite"
        assertRefused(CommandRun.of(dir.toString(), "--count", "1", "-o", "/proc/version"),
                "invalid value for option '-o': '/proc/version': its directory /proc is on a"
                        + " kernel's pseudo file system, which takes no new files (and drivespeed"
                        + " writes the results to a new file beside the one named); give a path in"
                        + " a directory you can create files in");
    }
}
