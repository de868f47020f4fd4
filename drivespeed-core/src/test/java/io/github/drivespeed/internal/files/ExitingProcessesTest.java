package io.github.drivespeed.internal.files;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.target.RemovedLeftover;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A process that has exited but whose parent has not reaped it (a zombie) still has its
 * {@code /proc} entry, so {@link ProcessHandle#of} finds it; its files and locks are gone. A test
 * file named for it is a leftover, removed, not another live measurement. A real zombie: a
 * {@code sleep} whose parent, {@code exec}'d into another {@code sleep}, never waits for it.
 */
class ExitingProcessesTest {

    @TempDir
    Path dir;

    /** {@return a shell that leaves a zombie: a child it does not reap, whose pid it prints} */
    private static Process zombieParent() throws IOException {
        return new ProcessBuilder("sh", "-c", "sleep 0.05 & echo $!; exec sleep 30").start();
    }

    /** {@return the pid of the zombie {@link #zombieParent()} leaves, once it is one} */
    private static long zombie(Process parent) throws Exception {
        byte[] line = new byte[32];
        int n = parent.getInputStream().read(line);
        long pid = Long.parseLong(new String(line, 0, n, StandardCharsets.US_ASCII).trim());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!state(pid).equals("Z") && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(state(pid)).as("process %d", pid).isEqualTo("Z");
        return pid;
    }

    private static String state(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        return stat.substring(stat.lastIndexOf(')') + 2).split(" ")[0];
    }

    @Test
    void aZombieIsExitingAndGoneThoughItsPidIsStillFound() throws Exception {
        Process parent = zombieParent();
        try {
            long pid = zombie(parent);
            assertThat(ProcessHandle.of(pid)).isPresent();
            assertThat(ExitingProcesses.exiting(pid)).isTrue();
            assertThat(ExitingProcesses.gone(pid)).isTrue();
            long start = System.nanoTime();
            assertThat(ExitingProcesses.awaitGone(pid)).isTrue();
            assertThat(System.nanoTime() - start).isLessThan(TimeUnit.MILLISECONDS.toNanos(
                    ExitingProcesses.WAIT_MILLIS));
        } finally {
            parent.destroyForcibly().waitFor();
        }
    }

    @Test
    void aLiveProcessIsNeitherExitingNorGone() {
        long self = ProcessHandle.current().pid();
        assertThat(ExitingProcesses.exiting(self)).isFalse();
        assertThat(ExitingProcesses.gone(self)).isFalse();
        assertThat(ExitingProcesses.awaitGone(self)).isFalse();
    }

    /**
     * SIGKILL pending is read from a real status text: this JVM's has none; the same text with
     * SIGKILL (bit 8) in the process's or the thread's pending mask has it, among other signals.
     */
    @Test
    void aPendingSigkillIsReadFromTheStatusText() throws Exception {
        String status = Files.readString(Path.of("/proc/self/status"));
        assertThat(status).contains("ShdPnd:", "SigPnd:");
        assertThat(ExitingProcesses.killPending(status)).isFalse();
        assertThat(ExitingProcesses.killPending(status.replaceFirst("ShdPnd:\\s*\\p{XDigit}+",
                "ShdPnd:\t0000000000000100"))).isTrue();
        assertThat(ExitingProcesses.killPending(status.replaceFirst("SigPnd:\\s*\\p{XDigit}+",
                "SigPnd:\t0000000000004102"))).isTrue();
        assertThat(ExitingProcesses.killPending(status.replaceFirst("ShdPnd:\\s*\\p{XDigit}+",
                "ShdPnd:\t0000000000004002"))).isFalse();
        assertThat(ExitingProcesses.killPending("")).isFalse();
    }

    @Test
    void aProcessThatEndedAndWasReapedIsGoneAndNotWaitedFor() throws Exception {
        Process ended = new ProcessBuilder("true").start();
        assertThat(ended.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(ExitingProcesses.exiting(ended.pid())).isFalse();
        assertThat(ExitingProcesses.gone(ended.pid())).isTrue();
        assertThat(ExitingProcesses.awaitGone(ended.pid())).isTrue();
    }

    @Test
    void aTestFileOfAZombieIsALeftoverAndRemoved() throws Exception {
        Process parent = zombieParent();
        try {
            long pid = zombie(parent);
            Path file = dir.resolve("drivespeed-" + pid + "-0123456789abcdef.tmp");
            Files.write(file, new byte[4096]);

            LeftoverFiles.Scan scan = LeftoverFiles.removeStale(dir);

            assertThat(scan.inUse()).isEmpty();
            assertThat(scan.removed()).extracting(RemovedLeftover::path)
                    .containsExactly(file.toAbsolutePath());
            assertThat(file).doesNotExist();
        } finally {
            parent.destroyForcibly().waitFor();
        }
    }
}
