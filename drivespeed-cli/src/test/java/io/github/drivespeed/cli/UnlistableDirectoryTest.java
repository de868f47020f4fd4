package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import io.github.drivespeed.cli.output.OutputSchema;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import io.github.drivespeed.cli.run.ExitCode;
import io.github.drivespeed.testing.DirectEinval;
import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.Privileged;
import io.github.drivespeed.warning.Warning;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Directories that open but cannot be listed: what a 32-bit JVM meets on a file system whose
 * directory offsets are 64-bit (EOVERFLOW, {@code Value too large for defined data type}; armhf
 * under qemu lists no ext4 directory). Made real on any machine by {@code testbed/direct-einval
 * --readdir EOVERFLOW} (FUSE), as the target directory and, bound over {@code /run/lock} in a
 * private mount namespace, as the drive-lock directory. Each listing the command makes (the
 * target's leftover test files, the drive locks, the interrupted run's test file) ends in
 * drivespeed's own words, and the measurement goes on; the JDK's unchecked wrapper never reaches
 * the user. A drive-lock directory that cannot be listed is in the report of every kind that
 * checks the drive's locks (a directory test, a workload, a device test) as
 * {@link Warning#CONCURRENCY_UNCHECKED}, in the text, the JSON and the CSV.
 */
@Tag("privileged")
class UnlistableDirectoryTest {

    private static final String EOVERFLOW = "Value too large for defined data type";

    @TempDir
    Path dir;

    /** The command in a child JVM, with the unlistable directory bound over /run/lock. */
    private static ProcessBuilder command(Path lockDirectory, String... args) {
        List<String> command = new ArrayList<>(List.of("unshare", "-m", "--propagation",
                "private", "sh", "-c", "mount --bind \"$0\" /run/lock && exec \"$@\"",
                lockDirectory.toString(),
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command);
    }

    /** The warning's line in the text summary's {@code warnings:} block. */
    private static final String UNCHECKED_LINE = "  - " + Warning.CONCURRENCY_UNCHECKED.name()
            + ": " + Warning.CONCURRENCY_UNCHECKED.message() + "\n";

    /**
     * Runs the command in a child JVM with {@code lockDirectory} bound over /run/lock; fails
     * unless it exits 0.
     *
     * @return its standard output and error
     */
    private CommandRun runWithLocksIn(Path lockDirectory, String... args) throws Exception {
        Path stdout = dir.resolve("stdout");
        Path stderr = dir.resolve("stderr");
        Process p = command(lockDirectory, args).redirectError(stderr.toFile())
                .redirectOutput(stdout.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor(60, TimeUnit.SECONDS);
            throw new AssertionError("drivespeed " + String.join(" ", args) + " did not end");
        }
        CommandRun run = new CommandRun(Files.readString(stdout, StandardCharsets.UTF_8),
                Files.readString(stderr, StandardCharsets.UTF_8));
        assertThat(p.exitValue()).as(run.err()).isZero();
        return run;
    }

    /** What a command printed. */
    private record CommandRun(String out, String err) {
    }

    /**
     * The target's and the drive locks' listings fail in drivespeed's words and the run goes on
     * to its summary. With {@code --no-verify}: the test bed is a FUSE file system over files, no
     * block device below it whose page cache could be dropped, so a verified read-back there is
     * rightly NOT VERIFIED (exit 1), which is not what this test is about.
     */
    @Test
    void aTargetAndALockDirectoryThatCannotBeListedAreWarnedAboutAndTheRunGoesOn()
            throws Exception {
        Privileged.requireRoot();
        try (DirectEinval fs = DirectEinval.unlistable(dir)) {
            Path target = fs.mountDir();
            Path json = dir.resolve("report.json");
            CommandRun run = runWithLocksIn(target, target.toString(), "--block-size", "64K",
                    "--count", "4", "--runs", "1", "--no-verify", "--json", "--output",
                    json.toString());
            assertThat(run.err()).contains("cannot list " + target + " (" + EOVERFLOW + "):"
                    + " leftover test files there are not removed, and another drivespeed"
                    + " measurement's named test file there cannot be detected")
                    .contains("cannot list the drive locks in /run/lock (" + EOVERFLOW + "):"
                            + " another drivespeed measurement on the same drive cannot be"
                            + " detected")
                    .doesNotContain("Exception").doesNotContain("\tat ");
            assertThat(run.out()).contains("write:", "read:", UNCHECKED_LINE);
            // nothing was seen sharing the drive: a caution, not a finding
            assertThat(run.out()).doesNotContain(Warning.CONCURRENT_MEASUREMENT.name());
            JsonNode doc = OutputSchema.read(json);
            JsonNode job = doc.path("jobs").path(0);
            for (JsonNode warnings : List.of(job.path("warnings"), job.path("write")
                    .path("warnings"), job.path("read").path("warnings"))) {
                assertThat(warnings).as(warnings.toString())
                        .contains(TextNode.valueOf(Warning.CONCURRENCY_UNCHECKED.name()));
            }
            assertThat(doc.path("warnings")).anySatisfy(w -> {
                assertThat(w.path("name").asText()).isEqualTo("CONCURRENCY_UNCHECKED");
                assertThat(w.path("message").asText())
                        .isEqualTo(Warning.CONCURRENCY_UNCHECKED.message());
            });
            try (var left = Files.list(fs.backingDir())) {
                assertThat(left).as("test files and drive locks left").isEmpty();
            }
        }
    }

    @Test
    void aWorkloadAndADeviceTestCarryTheWarningWhereTheLockDirectoryCannotBeListed()
            throws Exception {
        Privileged.requireRoot();
        Path work = Files.createDirectory(dir.resolve("work"));
        try (DirectEinval locks = DirectEinval.unlistable(dir);
             Mounts.LoopDevice loop = Mounts.loopDevice(dir, 16, false, null)) {
            CommandRun workload = runWithLocksIn(locks.mountDir(), work.toString(), "--rw",
                    "randread", "--bs", "4K", "--size", "1M", "--duration", "200ms", "--csv");
            try (MappingIterator<Map<String, String>> rows = new CsvMapper()
                    .readerForMapOf(String.class).with(CsvSchema.emptySchema().withHeader())
                    .readValues(workload.out())) {
                List<Map<String, String>> all = rows.readAll();
                assertThat(all).isNotEmpty().allSatisfy(row -> assertThat(row.get("warnings")
                        .split(";")).contains(Warning.CONCURRENCY_UNCHECKED.name()));
            }
            try (var left = Files.list(work)) {
                assertThat(left).as("the workload's test file left").isEmpty();
            }

            Path json = dir.resolve("device.json");
            CommandRun device = runWithLocksIn(locks.mountDir(), loop.device().toString(),
                    "--bs", "1M", "--count", "4", "--runs", "1", "--json", "--output",
                    json.toString());
            assertThat(device.out()).contains(UNCHECKED_LINE);
            JsonNode job = OutputSchema.read(json).path("jobs").path(0);
            assertThat(job.path("warnings"))
                    .contains(TextNode.valueOf(Warning.CONCURRENCY_UNCHECKED.name()));
            assertThat(job.path("read").path("warnings"))
                    .contains(TextNode.valueOf(Warning.CONCURRENCY_UNCHECKED.name()));
        }
    }

    @Test
    void anInterruptedRunSaysThatItCouldNotCheckForItsTestFile() throws Exception {
        Privileged.requireRoot();
        try (DirectEinval fs = DirectEinval.unlistable(dir)) {
            Path target = fs.mountDir();
            Path backing = fs.backingDir();
            Path stderr = dir.resolve("stderr");
            Process p = command(Path.of("/run/lock"), target.toString(), "--block-size", "1M",
                    "--count", "256", "--runs", "50").redirectError(stderr.toFile())
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (testFiles(backing) == 0 && System.nanoTime() < deadline && p.isAlive()) {
                    Thread.sleep(10);
                }
                assertThat(testFiles(backing)).as("a named test file appeared (FUSE has no"
                        + " O_TMPFILE)").isPositive();
                p.destroy(); // SIGTERM
                assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
                String err = Files.readString(stderr, StandardCharsets.UTF_8);
                assertThat(p.exitValue()).as(err).isEqualTo(143);
                assertThat(err).endsWith("drivespeed: interrupted; whether the test file was"
                        + " removed could not be checked: " + target + " cannot be listed ("
                        + EOVERFLOW + ")\n").doesNotContain("Exception");
                assertThat(testFiles(backing)).as("the library removed its test file").isZero();
            } finally {
                p.destroyForcibly();
                p.waitFor(60, TimeUnit.SECONDS);
            }
        }
    }

    private static long testFiles(Path backing) throws java.io.IOException {
        try (var files = Files.list(backing)) {
            return files.filter(f -> f.getFileName().toString().startsWith("drivespeed-")).count();
        }
    }

    @Test
    void anUncheckedIoErrorThatEscapesIsWordedByItsCauseWithTheIoErrorExitCode() throws Exception {
        CommandLine cl = CommandLineFactory.create(() -> false);
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err, true));
        DirectoryIteratorException wrapped = new DirectoryIteratorException(
                new FileSystemException("/run/lock", null, EOVERFLOW));
        int code = cl.getExecutionExceptionHandler().handleExecutionException(wrapped, cl,
                null);
        assertThat(code).isEqualTo(ExitCode.IO_ERROR);
        assertThat(err.toString()).isEqualTo("drivespeed: /run/lock: " + EOVERFLOW
                + System.lineSeparator());
    }
}
