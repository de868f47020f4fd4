package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.target.RemovedLeftover;
import io.github.drivespeed.testing.TestFiles;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JVM killed with SIGKILL in the middle of a write pass on ext4 cannot clean up: with the
 * native backend its test file had no name (O_TMPFILE), so nothing is left; with the pure-Java
 * backend the named file stays until a later run removes it as a dead process's leftover.
 */
class KillDuringWriteTest {

    @TempDir
    Path dir;

    private Process startWriter(String backend) throws IOException {
        Assumptions.assumeTrue("ext4".equals(Files.getFileStore(dir).type()),
                "the working disk is ext4 here");
        // 1 MiB x 256; the child pauses inside run 1's write pass after 8 MiB
        return ChildProcesses.start(ChildProcesses.classPath(), dir.toString(), backend, "1M",
                "256", String.valueOf(8L << 20));
    }

    /**
     * Targets of the child's open file descriptors that lie in {@code dir}, each once (a named
     * test file has two descriptors: one for I/O, one holding its ownership lock).
     */
    private List<String> openFilesIn(Process p) throws IOException {
        String prefix = dir.toRealPath() + "/";
        List<String> found = new ArrayList<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc", String.valueOf(p.pid()), "fd"))) {
            for (Path fd : (Iterable<Path>) fds::iterator) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith(prefix)
                            && !found.contains(target.substring(prefix.length()))) {
                        found.add(target.substring(prefix.length()));
                    }
                } catch (IOException e) {
                    // closed meanwhile
                }
            }
        }
        return found;
    }

    private static void kill9(Process p) throws InterruptedException {
        p.destroyForcibly(); // SIGKILL on Linux
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("killed by signal 9").isEqualTo(128 + 9);
    }

    @Test
    void nativeBackendLeavesNothingAfterKill9MidWrite() throws Exception {
        Process p = startWriter("native");
        try {
            ChildProcesses.awaitLine(p, "WRITING");
            assertThat(openFilesIn(p)).as("the child's open test file").singleElement()
                    .asString().matches("#\\d+ \\(deleted\\)");
            assertThat(TestFiles.names(dir)).isEmpty();
            kill9(p);
        } finally {
            p.destroyForcibly();
        }
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void javaBackendLeavesItsNamedFileWhichTheNextRunRemoves() throws Exception {
        Process p = startWriter("java");
        try {
            ChildProcesses.awaitLine(p, "WRITING");
            assertThat(openFilesIn(p)).singleElement().asString()
                    .startsWith("drivespeed-" + p.pid() + "-");
            kill9(p);
        } finally {
            p.destroyForcibly();
        }
        Path left = TestFiles.testFiles(dir).get(0);
        long leftBytes = Files.size(left);
        assertThat(TestFiles.testFiles(dir)).singleElement();
        assertThat(leftBytes).isGreaterThanOrEqualTo(8L << 20);
        SpeedReport next = DriveSpeed.on(dir).backend("java").blockSize("64K").count(4).runs(1)
                .run();
        assertThat(TestFiles.names(dir)).isEmpty();
        // the next run says what it removed and from where, with its size
        assertThat(next.warnings()).contains(Warning.LEFTOVER_REMOVED);
        assertThat(next.target().removedLeftovers()).containsExactly(
                new RemovedLeftover(left.toAbsolutePath(), leftBytes));
        assertThat(next.details()).contains("    removed " + left.toAbsolutePath() + " (");
    }
}
