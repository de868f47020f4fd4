package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.Privileged;
import io.github.drivespeed.testing.SystemTools;
import io.github.drivespeed.testing.TestFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

class DriveSpeedCommandTest {

    /** Why --probe refuses an option of a measurement, and what it takes. */
    static final String PROBE_TAKES_NO_MEASURING_OPTION = "--probe only describes the drive and"
            + " measures nothing, so it takes no option of a measurement or of a measurement's"
            + " report (it takes --json, --csv, --output, --overwrite and --quiet)";


    @TempDir
    Path dir;

    private static CommandRun run(String... args) {
        return CommandRun.of(args);
    }

    /**
     * A plain run prints its header, one line per run and the summary, and leaves no file. It
     * measures the shared disk (a {@code @TempDir}): where another build's measurement or writer
     * uses that disk meanwhile, the summary rightly lists {@code CONCURRENT_MEASUREMENT} or
     * {@code FOREIGN_IO}, so those two are not asserted absent here (the tests of the drive locks
     * assert a run alone is not flagged, on a drive of their own); the flags a plain run must not
     * raise by itself are.
     */
    @Test
    void printsOneLinePerRunThenTheSummaryAndLeavesNoFile() throws IOException {
        CommandRun o = run(dir.toString(), "--block-size", "256K", "--count", "8", "--runs", "2");
        assertThat(o.exitCode()).isZero();
        assertThat(o.err()).isEmpty();
        assertThat(o.out())
                .containsPattern("(?m)^drivespeed on " + dir + ": 256 KiB x 8 \\(2 MiB per pass\\), 2 runs, O_DIRECT")
                .containsPattern("(?m)^test 1: write: \\d+\\.\\d MB/s \\(\\d+\\.\\d MiB/s\\), read: \\d+\\.\\d MB/s \\(\\d+\\.\\d MiB/s\\)$")
                .containsPattern("(?m)^test 2: write: ")
                .doesNotContain("test 3:")
                .containsPattern("(?m)^target: +" + dir.toRealPath())
                .containsPattern("(?m)^backend: +native \\(--verbose: how it does its I/O\\)$")
                .containsPattern("(?m)^write: +median ")
                .containsPattern("(?m)^read: +median ")
                .containsPattern("(?m)^warnings:")
                .doesNotContain("READ_MAY_INCLUDE_PAGE_CACHE", "ZERO_FILLED_DATA",
                        "BUFFERED_FALLBACK");
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void optionsReachThePlan() {
        CommandRun o = run(dir.toString(), "--block-size", "64K", "--count", "4", "--runs", "1",
                "--buffered", "--dsync", "--zeros", "--backend", "java");
        assertThat(o.exitCode()).isZero();
        assertThat(o.out()).contains("64 KiB x 4 (256 KiB per pass), 1 run, buffered, O_DSYNC,"
                + " fdatasync timed, zeros data")
                .contains("READ_MAY_INCLUDE_PAGE_CACHE", "ZERO_FILLED_DATA")
                .containsPattern("(?m)^backend: +java \\(--verbose");
    }

    @Test
    void theNativeBackendEvictsBeforeABufferedRead() {
        CommandRun o = run(dir.toString(), "--block-size", "64K", "--count", "4", "--runs", "1",
                "--buffered", "--backend", "native");
        assertThat(o.exitCode()).isZero();
        assertThat(o.out()).containsPattern("(?m)^backend: +native ")
                .containsPattern("(?m)^warnings:")
                .doesNotContain("READ_MAY_INCLUDE_PAGE_CACHE");
    }

    @Test
    void anUnknownBackendIsOneLineNamingTheChoicesAndExit2() throws IOException {
        CommandRun o = run(dir.toString(), "--backend", "posix");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.errLines()).containsExactly("drivespeed: invalid value for option"
                + " '--backend': 'posix': must be one of java, native");
        assertThat(o.out()).isEmpty();
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
        "--count|abc",
        "--count|0",
        "--count|-5",
        "--runs|0",
        "--runs|1.5",
        "--block-size|8mb",
        "--block-size|1000",
        "--block-size|-1M",
        "--block-size|0",
    })
    void aBadValueIsOneLineNamingOptionAndValueAndExit2(String option, String value)
            throws IOException {
        CommandRun o = run(dir.toString(), option, value);
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.errLines()).hasSize(1);
        assertThat(o.err()).startsWith("drivespeed: ").contains(option).contains(value);
        assertThat(o.out()).isEmpty();
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void anEmptyDirectoryArgumentIsRefusedNotTakenAsTheCurrentDirectory() {
        CommandRun o = run("", "--count", "1");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.errLines()).containsExactly("drivespeed: DIR must not be empty: give a"
                + " directory, or none for the current directory");
    }

    @Test
    void aPathWithANewlineStillGivesOneErrorLine() {
        CommandRun o = run(dir.resolve("two\nlines").toString(), "--count", "1");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.errLines()).hasSize(1);
        assertThat(o.err()).contains("two\\nlines");
    }

    @Test
    void anAlignmentRefusalFromTheTargetNamesTheOption() {
        // the pure-Java backend needs the file system's block size (4096 here); the native one
        // takes the device's 512-byte sectors on this disk
        CommandRun o = run(dir.toString(), "--block-size", "512", "--count", "1", "--backend", "java");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.errLines()).hasSize(1);
        assertThat(o.err()).contains("'--block-size'").contains("'512'")
                .contains("direct-I/O alignment");
    }

    @Test
    void resultsThatCannotBeWrittenAreAnIoError() throws IOException {
        StringWriter err = new StringWriter();
        CommandLine cl = CommandLineFactory.create();
        cl.setOut(new PrintWriter(new java.io.Writer() {
            @Override
            public void write(char[] buf, int off, int len) throws IOException {
                throw new IOException("No space left on device");
            }

            @Override
            public void flush() throws IOException {
                throw new IOException("No space left on device");
            }

            @Override
            public void close() {
            }
        }));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(dir.toString(), "--block-size", "64K", "--count", "2", "--runs", "1");
        assertThat(code).isEqualTo(3);
        assertThat(err.toString()).contains("could not write the text summary to standard output");
    }

    @Test
    void presetsPrintATableWithHowTheIoWasIssuedAndLeaveNoFile() throws IOException {
        CommandRun o = run(dir.toString(), "--preset", "RND4K-Q1T1,seq1m_q8t1", "--size", "8M",
                "--duration", "300ms", "--backend", "java");
        assertThat(o.exitCode()).as(o.err()).isZero();
        assertThat(o.out())
                .containsPattern("(?m)^drivespeed on " + dir + ": presets \\[RND4K Q1T1, SEQ1M Q8T1\\]")
                .containsPattern("(?m)^test +dir +MB/s +MiB/s +IOPS +mean us +p50 us +p99 us")
                .containsPattern("(?m)^RND4K Q1T1 read +read +\\d+\\.\\d +\\d+\\.\\d +\\d+ ")
                .containsPattern("(?m)^RND4K Q1T1 write +write ")
                .containsPattern("(?m)^SEQ1M Q8T1 write +write ")
                .containsPattern("(?m)^I/O: +SEQ1M Q8T1 read +psync.*8 threads")
                .contains("QUEUE_DEPTH_RUN_AS_THREADS");
        assertThat(TestFiles.names(dir)).isEmpty();

        // the default, native backend keeps the queue depth in flight with an asynchronous engine
        CommandRun n = run(dir.toString(), "--preset", "SEQ1M-Q8T1", "--size", "8M", "--duration",
                "300ms");
        assertThat(n.exitCode()).as(n.err()).isZero();
        assertThat(n.out()).containsPattern("(?m)^I/O: +SEQ1M Q8T1 read +(io_uring|libaio) .*1 thread x queue"
                + " depth 8")
                .doesNotContain("QUEUE_DEPTH_RUN_AS_THREADS");
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void bufferedLinuxAioAtDepthIsRefusedNamingWhyAndAtDepthOneRuns() throws IOException {
        CommandRun o = run(dir.toString(), "--rw", "randread", "--bs", "4K", "--size", "4M",
                "--iodepth", "16", "--ioengine", "libaio", "--buffered", "--duration", "200ms");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.errLines()).hasSize(1);
        assertThat(o.err()).startsWith("drivespeed: ").contains("--ioengine").contains("libaio")
                .contains("Linux AIO completes each buffered read or write inside io_submit(2)")
                .contains("--iodepth 16 would never be in flight");
        assertThat(TestFiles.names(dir)).isEmpty();

        CommandRun qd1 = run(dir.toString(), "--rw", "randread", "--bs", "4K", "--size", "4M",
                "--iodepth", "1", "--ioengine", "libaio", "--buffered", "--duration", "200ms");
        assertThat(qd1.exitCode()).as(qd1.err()).isZero();
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void aWorkloadPrintsIopsAndLatencyPercentiles() throws IOException {
        CommandRun o = run(dir.toString(), "--rw", "randrw", "--rwmixread", "70", "--bs", "4K",
                "--size", "4M", "--count", "500", "--seed", "3", "--threads", "2");
        assertThat(o.exitCode()).as(o.err()).isZero();
        assertThat(o.out()).contains("randrw 70% reads, bs 4 KiB, size 4 MiB, QD1 T2, 500 I/Os")
                .contains("seed 3").containsPattern("(?m)^read: +IOPS \\d+")
                .containsPattern("(?m)^write: +IOPS \\d+").contains("clat percentiles", "99.99th=[");
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void aSweepRunsEveryBlockSizeFrom4KTo64M() throws IOException {
        CommandRun o = run(dir.toString(), "--sweep", "--rw", "read", "--size", "64M", "--count", "2");
        assertThat(o.exitCode()).as(o.err()).isZero();
        for (String size : List.of("4 KiB", "8 KiB", "1 MiB", "32 MiB", "64 MiB")) {
            assertThat(o.out()).containsPattern("(?m)^" + size + " +read ");
        }
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
        "--preset|RND8K-Q1T1",
        "--rw|randomread",
        "--iodepth|0",
        "--threads|2000",
        "--duration|5x",
        "--ramp-time|-1",
        "--size|12 bytes",
    })
    void aBadWorkloadValueIsOneLineNamingOptionAndValueAndExit2(String option, String value)
            throws IOException {
        // a preset with --rw would be refused for the pair before the name is looked at
        CommandRun o = option.equals("--rw") || option.equals("--preset")
                ? run(dir.toString(), option, value)
                : run(dir.toString(), "--rw", "read", option, value);
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.errLines()).hasSize(1);
        assertThat(o.err()).startsWith("drivespeed: ").contains(option).contains(value);
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void aWorkloadOptionWithoutAWorkloadIsBadInput() {
        CommandRun o = run(dir.toString(), "--iodepth", "4");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.errLines()).containsExactly(
                "drivespeed: option '--iodepth' needs a workload (--rw or --sweep)");
    }

    @Test
    void anUnknownOptionIsOneLineAndExit2() {
        CommandRun o = run("--frobnicate");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.errLines()).containsExactly("drivespeed: unknown option '--frobnicate';"
                + " 'drivespeed --help' lists the options");
    }

    @Test
    void aMissingTargetIsBadInputAndIsNotCreated() {
        Path missing = dir.resolve("nosuch");
        CommandRun o = run(missing.toString(), "--count", "1");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.errLines()).hasSize(1);
        assertThat(o.err()).contains(missing.toString()).contains("does not exist");
        assertThat(o.out()).isEmpty();
        assertThat(Files.exists(missing)).isFalse();
    }

    @Test
    void aRegularFileTargetIsBadInputAndUntouched() throws IOException {
        Path file = Files.writeString(dir.resolve("keep.txt"), "data");
        CommandRun o = run(file.toString());
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.err()).contains("regular file");
        assertThat(Files.readString(file)).isEqualTo("data");
    }

    @Test
    void aBlockSizeTheTargetCannotTakeIsBadInput() {
        CommandRun o = run(dir.toString(), "--block-size", "2G", "--count", "1", "--backend", "java");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.errLines()).containsExactly("drivespeed: invalid value for option"
                + " '--block-size': '2G': exceeds the largest block the java backend supports,"
                + " 1 GiB (the pure-Java backend is bound by ByteBuffer's int size; put"
                + " drivespeed-native on the class path for larger blocks)");
    }

    @Test
    @Tag("privileged")
    void aTestThatDoesNotFitIsAPlanThatCannotRunExit2NamingTheOptionsAsTyped()
            throws IOException {
        Privileged.requireRoot();
        try (Mounts.Mount tiny = Mounts.mount(dir, "tmpfs", "size=4m")) {
            CommandRun o = run(tiny.dir().toString(), "--bs", "1M", "--count", "16");
            assertThat(o.exitCode()).isEqualTo(2);
            assertThat(o.errLines()).hasSize(1);
            assertThat(o.err()).startsWith("drivespeed: not enough free space in ")
                    .contains(": the test needs 16777216 bytes (16 MiB), ")
                    .containsPattern(" bytes \\(\\d+\\.\\d MiB\\) are available; lower --bs \\(1M\\)"
                            + " or --count \\(16\\)\n$");
            assertThat(o.out()).isEmpty();
            assertThat(TestFiles.names(tiny.dir())).isEmpty();
        }
    }

    @Test
    @Tag("privileged")
    void noFreeInodeIsNamedExit2WhereCountedBeforeWritingAndExit3WhereHitAtCreation()
            throws IOException {
        Privileged.requireRoot();
        try (Mounts.Mount fs = Mounts.ext4WithFewInodes(dir, 16, 16)) {
            for (int i = 0; ; i++) {
                try {
                    Files.createFile(fs.dir().resolve("empty-" + i));
                } catch (IOException e) {
                    break;
                }
            }
            CommandRun counted = run(fs.dir().toString(), "--bs", "64K", "--count", "4");
            assertThat(counted.exitCode()).isEqualTo(2);
            assertThat(counted.errLines()).singleElement().asString()
                    .startsWith("drivespeed: no free inodes in ");
            assertThat(counted.out()).isEmpty();
            CommandRun hit = run(fs.dir().toString(), "--bs", "64K", "--count", "4", "--backend",
                    "java");
            assertThat(hit.exitCode()).isEqualTo(3);
            assertThat(hit.errLines()).singleElement().asString()
                    .contains("may have run out of inodes (check df -i)");
        }
    }

    @Test
    @Tag("privileged")
    void directIoRefusedExits2NamingTheFallbackWhichThenMeasuresBuffered() throws IOException {
        Privileged.requireRoot();
        try (Mounts.Mount ramfs = Mounts.mount(dir, "ramfs", "size=16m")) {
            CommandRun refused = run(ramfs.dir().toString(), "--block-size", "64K", "--count", "4",
                    "--runs", "1");
            assertThat(refused.exitCode()).isEqualTo(2);
            assertThat(refused.errLines()).hasSize(1);
            assertThat(refused.err()).contains("O_DIRECT is not supported on ")
                    .endsWith("(file system ramfs); measure with --buffered or"
                            + " --direct-or-buffered\n");

            CommandRun fellBack = run(ramfs.dir().toString(), "--block-size", "64K", "--count", "4",
                    "--runs", "1", "--direct-or-buffered");
            assertThat(fellBack.exitCode()).as(fellBack.err()).isZero();
            assertThat(fellBack.out())
                    .containsPattern("(?m)^parameters: +64 KiB x 4 \\(256 KiB per pass\\), 1 run,"
                            + " buffered, fdatasync timed")
                    .contains("BUFFERED_FALLBACK: O_DIRECT was refused by the file system, so the"
                            + " figures are buffered");
            assertThat(TestFiles.names(ramfs.dir())).isEmpty();
        }
    }

    @Test
    void bufferedAndTheFallbackExcludeEachOther() {
        CommandRun o = run(dir.toString(), "--buffered", "--direct-or-buffered");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.errLines()).containsExactly("drivespeed: options '--buffered' and"
                + " '--direct-or-buffered' exclude each other");
    }

    @Test
    @Tag("privileged")
    void aReadOnlyTargetIsBadInputAndNothingIsWritten() throws IOException {
        Privileged.requireRoot();
        Path source = Files.createDirectory(dir.resolve("source"));
        try (Mounts.Mount ro = Mounts.bind(dir, source, true)) {
            CommandRun o = run(ro.dir().toString(), "--count", "1");
            assertThat(o.exitCode()).isEqualTo(2);
            assertThat(o.errLines()).singleElement().asString().startsWith("drivespeed: cannot"
                    + " create a test file in " + ro.dir().toRealPath() + ": the mount "
                    + ro.dir().toRealPath() + " is read-only (mount option ro)")
                    .contains("a read-only bind mount (EROFS)");
            assertThat(o.out()).isEmpty();
        }
        assertThat(TestFiles.names(source)).isEmpty();
    }

    @Test
    void withoutADirectoryItMeasuresTheCurrentDirectory() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "--block-size", "64K", "--count", "4",
                "--runs", "1")
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(output).isZero();
        assertThat(output).contains("target:     " + dir.toRealPath() + " (")
                .contains("test 1: write: ");
        assertNamesTheMountAndDisk(output, dir);
        assertThat(dir.toFile().list()).isEmpty();
    }

    /**
     * The target section names the file system and its options as findmnt reports them, and the
     * disk and its block sizes as lsblk reports them.
     */
    private static void assertNamesTheMountAndDisk(String output, Path dir) throws IOException {
        SystemTools.FoundMount mount = SystemTools.findmnt(dir);
        String mountLine = line(output, "  mount:    ");
        assertThat(mountLine).startsWith("  mount:    " + mount.target() + " ("
                + mount.fileSystemType() + " from " + mount.source() + ", " + mount.majorMinor());
        for (String option : mount.options()) {
            assertThat(mountLine).contains(option);
        }
        String stDev = SystemTools.deviceNumber(dir);
        if (!stDev.startsWith("0:")) {
            SystemTools.ListedBlockDevice disk = SystemTools.lsblk(stDev).orElseThrow();
            assertThat(output).contains("  device:   " + disk.name() + " (" + stDev + ")")
                    .contains("logical block " + disk.logicalBlockBytes() + " B, physical block "
                            + disk.physicalBlockBytes() + " B");
        }
    }

    private static String line(String output, String prefix) {
        return output.lines().filter(l -> l.startsWith(prefix)).findFirst()
                .orElseThrow(() -> new AssertionError("no line " + prefix + " in\n" + output));
    }

    @Test
    void probeDescribesTheTargetAndWritesNothing() throws IOException {
        CommandRun o = run("--probe", dir.toString());
        assertThat(o.exitCode()).isZero();
        assertThat(o.err()).isEmpty();
        assertThat(o.out()).startsWith("target:     " + dir.toRealPath() + " (")
                .doesNotContain("test 1:").containsPattern("(?m)^warnings:");
        assertNamesTheMountAndDisk(o.out(), dir);
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void devShmIsNamedTmpfsWithAMemoryWarning() throws IOException {
        Path shm = Path.of("/dev/shm");
        Assumptions.assumeTrue(Files.isDirectory(shm), "no /dev/shm here");
        CommandRun probe = run("--probe", shm.toString());
        assertThat(probe.exitCode()).isZero();
        assertThat(probe.out()).contains("target:     /dev/shm (tmpfs on ")
                .contains("  mount:    /dev/shm (tmpfs from ")
                .contains("device:   none (tmpfs is not on a block device")
                .contains("  - MEMORY_FILE_SYSTEM: ");

        CommandRun measured = run(shm.toString(), "--block-size", "64K", "--count", "4", "--runs",
                "1");
        assertThat(measured.exitCode()).as(measured.err()).isZero();
        assertThat(measured.out()).contains("target:     /dev/shm (tmpfs on ")
                .contains("  - MEMORY_FILE_SYSTEM: ");
    }

    @Test
    void probingAMissingDirectoryIsBadInput() {
        Path missing = dir.resolve("nosuch");
        CommandRun o = run("--probe", missing.toString());
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.errLines()).hasSize(1);
        assertThat(o.err()).contains("does not exist");
        assertThat(Files.exists(missing)).isFalse();
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
        "--bs|8K", "--block-size|8K", "--iodepth|4", "--queue-depth|4", "--threads|2",
        "--numjobs|2", "--rw|read", "--rwmixread|70", "--sweep|",
    })
    void anOptionAPresetFixesIsRefusedNamingBoth(String option, String value) throws IOException {
        List<String> args = new java.util.ArrayList<>(List.of(dir.toString(), "--preset",
                "RND4K-Q1T1", option));
        if (value != null) {
            args.add(value);
        }
        CommandRun o = run(args.toArray(String[]::new));
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.errLines()).hasSize(1);
        assertThat(o.err()).startsWith("drivespeed: options '--preset' and '" + option
                + "' exclude each other: a preset fixes its block size, queue depth, threads");
        assertThat(o.out()).isEmpty();
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
        "--rw|read", "--count|5", "--bs|8K", "--runs|2", "--buffered|", "--direct-or-buffered|",
        "--dsync|", "--zeros|", "--backend|java", "--preset|standard", "--rwmixread|50",
        "--sweep|", "--iodepth|2", "--numjobs|2", "--size|1G", "--runtime|2", "--ramp-time|1",
        "--seed|1", "--require|C2", "--chart|x.png",
    })
    void aMeasuringOptionWithProbeIsRefusedNamingBoth(String option, String value)
            throws IOException {
        List<String> args = new java.util.ArrayList<>(List.of(dir.toString(), "--probe",
                option));
        if (value != null) {
            args.add(value);
        }
        CommandRun o = run(args.toArray(String[]::new));
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.errLines()).containsExactly("drivespeed: options '--probe' and '" + option
                + "' exclude each other: " + PROBE_TAKES_NO_MEASURING_OPTION);
        assertThat(o.out()).isEmpty();
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void optionsThatWouldChangeNothingAreRefusedNotIgnored() throws IOException {
        CommandRun mix = run(dir.toString(), "--rw", "randread", "--rwmixread", "70");
        assertThat(mix.exitCode()).isEqualTo(2);
        assertThat(mix.errLines()).containsExactly("drivespeed: option '--rwmixread' needs --rw rw"
                + " or --rw randrw, not --rw randread");
        CommandRun drop = run(dir.toString(), "--drop-caches");
        assertThat(drop.exitCode()).isEqualTo(2);
        assertThat(drop.errLines()).containsExactly("drivespeed: option '--drop-caches' needs"
                + " --buffered (O_DIRECT reads bypass the page cache: there is nothing to drop)");
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void aSweepTakesNoBlockSize() {
        CommandRun o = run(dir.toString(), "--sweep", "--bs", "8K");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.errLines()).containsExactly("drivespeed: options '--sweep' and '--bs'"
                + " exclude each other: the sweep runs every block size from 4 KiB to 64 MiB");
    }

    @Test
    void aWorkloadTooBigForTheFreeSpaceSaysToLowerTheSizeBeforeAnyHeader() throws IOException {
        long freeGiB = Files.getFileStore(dir).getUsableSpace() >> 30;
        String size = (freeGiB + 2) + "G";
        CommandRun o = run(dir.toString(), "--rw", "read", "--size", size);
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.errLines()).hasSize(1);
        assertThat(o.err()).startsWith("drivespeed: not enough free space in ")
                .endsWith("; lower --size (" + size + ")\n");
        assertThat(o.out()).isEmpty();
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void aBlockLargerThanTheFileNamesTheOptionsTypedBeforeAnyHeader() throws IOException {
        CommandRun o = run(dir.toString(), "--rw", "read", "--bs", "8M", "--size", "4M");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.errLines()).containsExactly("drivespeed: invalid value for option '--bs':"
                + " '8M' is larger than --size 4 MiB; the test file must hold a block");
        assertThat(o.out()).isEmpty();
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void aBlockSizeTooLargeForMemoryOrSpaceNamesTheOption() throws IOException {
        // 64 TiB: either the aligned buffer cannot be had or the file system cannot hold it
        CommandRun o = run(dir.toString(), "--block-size", "64T", "--count", "1", "--runs", "1");
        assertThat(o.exitCode()).isIn(2, 3);
        assertThat(o.errLines()).hasSize(1);
        assertThat(o.err()).containsAnyOf("invalid value for option '--block-size': '64T':",
                "lower --block-size (64T) or --count (1)");
        assertThat(o.out()).isEmpty();
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void durationsAreNamedAsTypedAndNumbersInTheCommandsOwnStyle() {
        assertThat(run(dir.toString(), "--rw", "read", "--duration", "0").errLines())
                .containsExactly("drivespeed: invalid value for option '--duration': '0'"
                        + " is too short (must be in [1 ns, 24 h])");
        assertThat(run(dir.toString(), "--rw", "read", "--runtime", "99999h").errLines())
                .containsExactly("drivespeed: invalid value for option '--runtime': '99999h'"
                        + " is too long (must be in [1 ns, 24 h])");
        CommandRun count = run(dir.toString(), "--count", "abc");
        assertThat(count.exitCode()).isEqualTo(2);
        assertThat(count.errLines()).containsExactly("drivespeed: invalid value for option"
                + " '--count': 'abc' is not a whole number");
        assertThat(run(dir.toString(), "--runs", "99999999999").errLines()).containsExactly(
                "drivespeed: invalid value for option '--runs': '99999999999' is too large (at"
                        + " most 2147483647)");
        // a whole number, too large: said so, with the range
        CommandRun huge = run(dir.toString(), "--count", "99999999999999999999");
        assertThat(huge.exitCode()).isEqualTo(2);
        assertThat(huge.errLines()).containsExactly("drivespeed: invalid value for option"
                + " '--count': '99999999999999999999' is too large (at most 9223372036854775807)");
        assertThat(run(dir.toString(), "--count", "-99999999999999999999").errLines())
                .containsExactly("drivespeed: invalid value for option '--count':"
                        + " '-99999999999999999999' is too small (at least -9223372036854775808)");
        assertThat(run(dir.toString(), "--runs", "5000").errLines()).containsExactly(
                "drivespeed: invalid value for option '--runs': '5000' is too large (must be in"
                        + " [1, 1000])");
        assertThat(run(dir.toString(), "--count", "0").errLines()).containsExactly(
                "drivespeed: invalid value for option '--count': '0' is too small (must be >="
                        + " 1)");
    }

    @Test
    void aSweepWithoutRwSaysItRunsRandreadAndNamesItsIoOnce() throws IOException {
        CommandRun o = run(dir.toString(), "--sweep", "--size", "64M", "--count", "2");
        assertThat(o.exitCode()).as(o.err()).isZero();
        assertThat(o.out()).startsWith("drivespeed on " + dir + ": randread (--sweep's default;"
                + " give --rw for another), block sizes 4 KiB to 64 MiB, size 64 MiB, QD1 T1,")
                .doesNotContain("bs 4 KiB");
        assertThat(o.out().lines().filter(l -> l.startsWith("I/O:"))).singleElement()
                .asString().endsWith("(block sizes 4 KiB to 64 MiB)");
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void helpShowsTheDocumentedFormsAliasesAndEveryExitCode() throws IOException {
        CommandRun o = run("--help");
        assertThat(o.exitCode()).isZero();
        assertThat(o.out()).startsWith("Usage: drivespeed [DIR] [--block-size SIZE]");
        // the descriptions are wrapped at 80 columns
        assertThat(o.out().replaceAll("\\s+", " ")).contains("drivespeed --probe [DIR]",
                "[-o|--output FILE]", "--queue-depth", "--numjobs", "--runtime",
                "Without --rw: randread", "interrupted, results not written", "130", "143")
                .doesNotContain("-o=FILE");
        // the README's "Command line" section is docs/command-line.md since the docs split
        String documented = Files.readString(Path.of("..", "docs", "command-line.md"));
        for (String alias : List.of("--queue-depth", "--numjobs", "--runtime")) {
            assertThat(documented).contains(alias);
        }
    }

    @Test
    void sigtermSaysInOneLineThatTheTestFileWasRemoved(@TempDir Path logs) throws Exception {
        Path stderr = logs.resolve("stderr");
        // the pure-Java backend's test file has a name, so its removal can be seen
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), dir.toString(), "--backend", "java",
                "--block-size", "1M", "--count", "256", "--runs", "50")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(stderr.toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (TestFiles.names(dir).isEmpty() && System.nanoTime() < deadline
                    && p.isAlive()) {
                Thread.sleep(10);
            }
            assertThat(TestFiles.names(dir)).as("a test file appeared").isNotEmpty();
            p.destroy(); // SIGTERM
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).isEqualTo(143);
            assertThat(Files.readString(stderr, StandardCharsets.UTF_8))
                    .isEqualTo("drivespeed: interrupted; no test file left behind\n");
            assertThat(TestFiles.names(dir)).isEmpty();
        } finally {
            p.destroyForcibly();
            p.waitFor(60, TimeUnit.SECONDS);
        }
    }

    @Test
    @Tag("privileged")
    void aSmallFileSystemShowsItsSizeInMegabytes() throws IOException {
        Privileged.requireRoot();
        try (Mounts.Mount tiny = Mounts.mount(dir, "tmpfs", "size=16m")) {
            CommandRun o = run("--probe", tiny.dir().toString());
            assertThat(o.exitCode()).isZero();
            // 16 MiB = 16.8 MB
            assertThat(o.out()).containsPattern("(?m)^target: .*, 1\\d\\.\\d MB free of 16\\.8 MB\\)$");
        }
    }
}
