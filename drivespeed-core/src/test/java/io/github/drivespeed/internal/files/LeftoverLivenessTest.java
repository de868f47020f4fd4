package io.github.drivespeed.internal.files;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.testing.LockHolder;
import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.TestFiles;
import io.github.drivespeed.warning.Warning;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A test file is a leftover only if its process is gone here and nobody holds its lock: a pid that
 * looks dead may belong to a live run in another PID namespace or on another host.
 */
class LeftoverLivenessTest {

    @TempDir
    Path dir;

    private static long deadPid() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        return p.pid();
    }

    /**
     * A file another process holds the lock of is left alone and flags the run; once released,
     * it is removed and the next run is not flagged. Measured on a drive of the test's own (a
     * tmpfs): on the shared disk another build's measurement would rightly flag the run after
     * the release too, and the test could not tell its own lock from theirs.
     */
    @Test
    void aFileLockedByAnotherProcessIsLeftAloneAndFlaggedThenRemovedOnceReleased()
            throws Exception {
        try (Mounts.Mount drive = Mounts.privateDrive(dir, 64)) {
            leftAloneAndFlaggedThenRemoved(drive.dir());
        }
    }

    private static void leftAloneAndFlaggedThenRemoved(Path dir) throws Exception {
        Path foreign = dir.resolve("drivespeed-" + deadPid() + "-00112233445566ff.tmp");
        Files.writeString(foreign, "a live measurement in another PID namespace");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process holder = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                LockHolder.class.getName(), foreign.toString()).start();
        try {
            BufferedReader out = new BufferedReader(
                    new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
            assertThat(out.readLine()).isEqualTo("locked true");

            SpeedReport report = DriveSpeed.on(dir).blockSize("64K").count(4).runs(1).run();
            assertThat(Files.readString(foreign)).startsWith("a live measurement");
            assertThat(report.write().warnings()).contains(Warning.CONCURRENT_MEASUREMENT);
            assertThat(report.read().warnings()).contains(Warning.CONCURRENT_MEASUREMENT);
        } finally {
            holder.getOutputStream().close();
            assertThat(holder.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
        SpeedReport after = DriveSpeed.on(dir).blockSize("64K").count(4).runs(1).run();
        assertThat(Files.exists(foreign)).isFalse();
        assertThat(after.warnings()).doesNotContain(Warning.CONCURRENT_MEASUREMENT);
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void ownTestFilesAreLockedWhileInUse() throws IOException {
        AtomicReference<OwnershipLock.Probe> probe = new AtomicReference<>();
        DriveSpeed.on(dir).blockSize("64K").count(4).runs(1).listener(new ProgressListener() {
            @Override
            public void passStarted(PassKind pass, int run, long totalBytes) {
                if (pass == PassKind.READ) {
                    try {
                        Path own = TestFiles.testFiles(dir).get(0);
                        probe.set(OwnershipLock.removeIfAbandoned(own));
                    } catch (IOException e) {
                        throw new AssertionError(e);
                    }
                }
            }
        }).run();
        // this JVM holds the lock: the file must not be taken for a leftover
        assertThat(probe.get()).isEqualTo(OwnershipLock.Probe.IN_USE);
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void aMeasurementStartedDuringAnotherInTheSameDirectoryIsFlagged() throws IOException {
        AtomicReference<SpeedReport> nested = new AtomicReference<>();
        DriveSpeed.on(dir).blockSize("64K").count(4).runs(1).listener(new ProgressListener() {
            @Override
            public void passStarted(PassKind pass, int run, long totalBytes) {
                if (pass == PassKind.WRITE && nested.get() == null) {
                    try {
                        nested.set(DriveSpeed.on(dir).blockSize("64K").count(4).runs(1).run());
                    } catch (IOException e) {
                        throw new AssertionError(e);
                    }
                }
            }
        }).run();
        assertThat(nested.get().warnings()).contains(Warning.CONCURRENT_MEASUREMENT);
        assertThat(TestFiles.names(dir)).isEmpty();
    }
}
