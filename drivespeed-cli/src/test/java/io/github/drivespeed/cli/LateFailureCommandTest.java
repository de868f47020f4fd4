package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.drivespeed.cli.output.OutputSchema;
import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.Privileged;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file system that fills up in the middle of a multi-run test (a small tmpfs, filled by the
 * test once the test file of run 3 is created, so that no later run fits): the command prints and writes the runs that
 * completed, then the failure, and exits 3.
 */
class LateFailureCommandTest {

    private static final int RUNS = 40;
    private static final Pattern TEST_FILE = Pattern.compile("drivespeed-\\d+-[0-9a-f]{16}\\.tmp");
    private static final Pattern STOPPED = Pattern.compile("(?m)^stopped by a failure in run"
            + " (\\d+) of " + RUNS + " \\(the error below\\): the figures are of the (\\d+) runs?"
            + " completed before it$");

    @TempDir
    Path dir;

    @Test
    @Tag("privileged")
    void theRunsBeforeTheFailureArePrintedThenTheFailureExit3() throws Exception {
        CommandRun o = runFillingUp();
        assertThat(o.exitCode()).isEqualTo(3);
        Matcher stopped = STOPPED.matcher(o.out());
        assertThat(stopped.find()).as(o.out()).isTrue();
        int completed = Integer.parseInt(stopped.group(2));
        assertThat(completed).isBetween(2, RUNS - 1);
        assertThat(Integer.parseInt(stopped.group(1))).isEqualTo(completed + 1);
        // one line per run completed, then the summary of those runs
        assertThat(o.out().lines().filter(l -> l.matches("test \\d+: write: .*")))
                .hasSize(completed);
        assertThat(o.out().substring(stopped.end())).contains("write").contains("read");
        assertThat(o.errLines()).last().asString().startsWith(
                "drivespeed: no space left on device (ENOSPC) while writing ");
    }

    @Test
    @Tag("privileged")
    void theJsonHoldsTheRunsBeforeTheFailureAndTheFailure() throws Exception {
        CommandRun o = runFillingUp("--json");
        assertThat(o.exitCode()).isEqualTo(3);
        JsonNode doc = OutputSchema.read(o.out());
        JsonNode failure = doc.get("failure");
        assertThat(failure.get("exit_code").asInt()).isEqualTo(3);
        assertThat(failure.get("message").asText())
                .startsWith("no space left on device (ENOSPC) while writing ");
        assertThat(o.errLines()).last().asString()
                .isEqualTo("drivespeed: " + failure.get("message").asText());
        JsonNode job = doc.get("jobs").get(0);
        assertThat(job.get("parameters").get("runs").asInt()).isEqualTo(RUNS);
        int completed = job.get("write").get("runs").size();
        assertThat(completed).isBetween(2, RUNS - 1);
        assertThat(job.get("read").get("runs").size()).isEqualTo(completed);
        assertThat(job.get("write").get("io_bytes").asLong())
                .isEqualTo(completed * (8L << 20));
    }

    /**
     * Runs the test of {@value #RUNS} runs of 8 MiB on a tmpfs of 32 MiB that fills up once the
     * test file of run 3 is created; checks that no test file is left.
     */
    private CommandRun runFillingUp(String... more) throws Exception {
        Privileged.requireRoot();
        List<String> args = new ArrayList<>(List.of("--bs", "1M", "--count", "8", "--runs",
                Integer.toString(RUNS), "--backend", "java"));
        args.addAll(List.of(more));
        try (Mounts.Mount tmpfs = Mounts.mount(dir, "tmpfs", "size=32m");
             Filler filler = Filler.atTheFourthTestFile(tmpfs.dir())) {
            args.add(0, tmpfs.dir().toString());
            CommandRun o = CommandRun.of(args.toArray(String[]::new));
            assertThat(testFiles(tmpfs.dir())).isEmpty();
            return o;
        }
    }

    @Test
    void aRunThatFailsNowhereWritesNoFailure() {
        CommandRun o = CommandRun.of(dir.toString(), "--bs", "64K", "--count", "4", "--runs",
                "2", "--json");
        assertThat(o.exitCode()).isZero();
        assertThat(OutputSchema.read(o.out()).get("failure").isNull()).isTrue();
    }

    private static List<String> testFiles(Path dir) throws IOException {
        try (var names = Files.list(dir)) {
            return names.map(p -> p.getFileName().toString())
                    .filter(n -> TEST_FILE.matcher(n).matches()).toList();
        }
    }

    /**
     * Fills the file system once the fourth test file is created (the warm-up's, run 1's, run
     * 2's, then run 3's); inotify queues every creation, so none is missed.
     */
    private static final class Filler implements AutoCloseable {
        private final WatchService watch;
        private final Thread thread;
        private volatile boolean closed;

        private Filler(Path directory) throws IOException {
            watch = directory.getFileSystem().newWatchService();
            directory.register(watch, StandardWatchEventKinds.ENTRY_CREATE);
            thread = new Thread(() -> fillAtTheFourth(directory), "filler");
            thread.setDaemon(true);
            thread.start();
        }

        static Filler atTheFourthTestFile(Path directory) throws IOException {
            return new Filler(directory);
        }

        private void fillAtTheFourth(Path directory) {
            int created = 0;
            try {
                while (created < 4) {
                    WatchKey key = watch.take();
                    for (WatchEvent<?> e : key.pollEvents()) {
                        if (e.context() instanceof Path p
                                && TEST_FILE.matcher(p.toString()).matches()) {
                            created++;
                        }
                    }
                    key.reset();
                }
                fillLeavingLessThanAFile(directory);
            } catch (InterruptedException | ClosedWatchServiceException e) {
                // the test ended first
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /**
         * Takes all but 7 MiB of the file system for good, so that no test file of 8 MiB fits
         * again: where the test file of the moment holds the rest, the filler waits for it to go
         * (its run fails, or completes and the next fails).
         */
        private void fillLeavingLessThanAFile(Path directory)
                throws IOException, InterruptedException {
            long total = Files.getFileStore(directory).getTotalSpace();
            ByteBuffer chunk = ByteBuffer.allocateDirect(1 << 20);
            try (FileChannel filler = FileChannel.open(directory.resolve("filler.bin"),
                    StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                for (long written = 0; written < total - (7L << 20) && !closed; ) {
                    try {
                        written += filler.write(chunk.clear(), written);
                    } catch (IOException full) {
                        Thread.sleep(1);
                    }
                }
            }
        }

        @Override
        public void close() throws Exception {
            closed = true;
            watch.close();
            thread.join(10_000);
        }
    }
}
