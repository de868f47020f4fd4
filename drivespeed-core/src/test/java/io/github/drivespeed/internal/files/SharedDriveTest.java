package io.github.drivespeed.internal.files;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.testing.ChildMeasurement;
import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.TestFiles;
import io.github.drivespeed.warning.Warning;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two measurements on one drive in two different directories (of one file system) see each other
 * through the drive's locks, in another process; once the other is gone the same run is not
 * flagged, and no lock file is left behind.
 */
class SharedDriveTest {

    @TempDir
    Path dir;

    private static List<Path> ownLockFiles() throws Exception {
        List<Path> all = new ArrayList<>();
        Path run = DriveLocks.runDirectory().orElseThrow();
        long pid = ProcessHandle.current().pid();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(run, "drivespeed-dev-*.lock")) {
            for (Path p : s) {
                if (p.getFileName().toString().contains("-" + pid + "-")) {
                    all.add(p);
                }
            }
        }
        return all;
    }


    @Test
    void aMeasurementInAnotherDirectoryOfTheSameDriveIsFlaggedAndNotOnceItIsGone()
            throws Exception {
        try (Mounts.Mount drive = Mounts.privateDrive(dir, 64)) {
            flaggedWhileTheOtherRuns(drive.dir());
        }
    }

    private static void flaggedWhileTheOtherRuns(Path dir) throws Exception {
        Path control = Files.createDirectory(dir.resolve("control"));
        Path a = Files.createDirectory(dir.resolve("a"));
        Path b = Files.createDirectory(dir.resolve("b"));
        Process child = ChildMeasurement.start(a, control, "64K", 64, 4 * 65536);
        try {
            ChildMeasurement.awaitPaused(child, control);
            SpeedReport sequential = DriveSpeed.on(b).blockSize("64K").count(4).runs(1).run();
            assertThat(sequential.write().warnings()).contains(Warning.CONCURRENT_MEASUREMENT);
            assertThat(sequential.read().warnings()).contains(Warning.CONCURRENT_MEASUREMENT);
            WorkloadReport workload = DriveSpeed.workload(b).size("1M").blockSize("4K").count(64)
                    .run();
            assertThat(workload.read().orElseThrow().warnings())
                    .contains(Warning.CONCURRENT_MEASUREMENT);
            ChildMeasurement.resume(control);
            assertThat(child.waitFor(120, TimeUnit.SECONDS)).isTrue();
            assertThat(child.exitValue()).as(ChildMeasurement.output(control)).isZero();
        } finally {
            child.destroyForcibly();
        }
        SpeedReport alone = DriveSpeed.on(b).blockSize("64K").count(4).runs(1).run();
        assertThat(alone.warnings()).doesNotContain(Warning.CONCURRENT_MEASUREMENT);
        assertThat(TestFiles.names(a)).isEmpty();
        assertThat(TestFiles.names(b)).isEmpty();
        assertThat(ownLockFiles()).isEmpty();
    }

    @Test
    void aLockLeftByADeadProcessIsRemovedAndNotCounted() throws Exception {
        try (Mounts.Mount drive = Mounts.privateDrive(dir, 64)) {
            staleLockRemoved(drive.dir());
        }
    }

    private static void staleLockRemoved(Path dir) throws Exception {
        Path run = DriveLocks.runDirectory().orElseThrow();
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        SpeedReport first = DriveSpeed.on(dir).blockSize("64K").count(2).runs(1).run();
        var number = first.target().mount().orElseThrow().deviceNumber();
        Path stale = run.resolve("drivespeed-dev-" + number.major() + "-" + number.minor() + "-"
                + p.pid() + "-00ff.lock");
        Files.writeString(stale, "");
        try {
            SpeedReport r = DriveSpeed.on(dir).blockSize("64K").count(2).runs(1).run();
            assertThat(r.warnings()).doesNotContain(Warning.CONCURRENT_MEASUREMENT);
            assertThat(stale).doesNotExist();
        } finally {
            Files.deleteIfExists(stale);
        }
    }
}
