package io.github.drivespeed.internal.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.DeviceReport;
import io.github.drivespeed.testing.ChildMeasurement;
import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.Privileged;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The raw device test on a shared drive (root, loop devices): it holds the drive's locks as a
 * directory test does, so a measurement in a file system on the device is
 * {@link Warning#CONCURRENT_MEASUREMENT}, and a concurrent {@code dd} on the device is
 * {@link Warning#FOREIGN_IO}; the same test alone is neither. A loop device counts only its own
 * I/O, so the quiet runs are quiet on a busy machine too.
 */
@Tag("privileged")
class SharedDeviceTest {

    @TempDir
    Path dir;

    @BeforeEach
    void needsRoot() {
        Privileged.requireRoot();
    }

    /** {@code dd} reading the whole device with O_DIRECT, over and over, until stopped. */
    private static Process ddLoop(Path device) throws IOException {
        return new ProcessBuilder("sh", "-c", "while :; do dd if=" + device
                + " of=/dev/null bs=1M iflag=direct status=none || exit 1; done")
                .redirectErrorStream(true).start();
    }

    /**
     * Stops the loop and its {@code dd}, and waits until both have exited: a {@code dd} told to
     * stop finishes the read it is in, and one still reading while the next run measures is
     * that run's foreign I/O.
     */
    private static void stop(Process p) throws InterruptedException {
        List<ProcessHandle> children = p.descendants().toList();
        children.forEach(ProcessHandle::destroy);
        p.destroy();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
        }
        for (ProcessHandle child : children) {
            try {
                child.onExit().get(30, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException e) {
                child.destroyForcibly();
            }
        }
    }

    /** Waits until the device's read counter stands still for 200 ms (at most 10 s). */
    private static void awaitQuiet(Path device) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        long last = Mounts.sectorsRead(device);
        while (System.nanoTime() - deadline < 0) {
            Thread.sleep(200);
            long now = Mounts.sectorsRead(device);
            if (now == last) {
                return;
            }
            last = now;
        }
    }

    @Test
    void aConcurrentDdOnTheDeviceIsForeignIoAndAQuietRunIsNot() throws Exception {
        try (Mounts.LoopDevice loop = Mounts.loopDevice(dir, 256, false, null)) {
            var plan = DriveSpeed.onDevice(loop.device()).backend("java").blockSize("1M")
                    .count(256).runs(2);
            DeviceReport quiet = plan.run();
            assertThat(quiet.warnings()).doesNotContain(Warning.FOREIGN_IO,
                    Warning.CONCURRENT_MEASUREMENT);

            Process dd = ddLoop(loop.device());
            DeviceReport shared;
            try {
                long before = Mounts.sectorsRead(loop.device());
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (Mounts.sectorsRead(loop.device()) - before < 2 * 2048 * 256) { // two passes
                    assertThat(dd.isAlive()).as("dd is running").isTrue();
                    assertThat(System.nanoTime()).as("dd reads the device").isLessThan(deadline);
                    Thread.sleep(10);
                }
                shared = plan.run();
            } finally {
                stop(dd);
            }
            assertThat(shared.read().warnings()).contains(Warning.FOREIGN_IO)
                    .doesNotContain(Warning.CONCURRENT_MEASUREMENT);
            assertThat(shared.details()).containsPattern("FOREIGN_IO: .*\\n(    .*\\n)*    read"
                    + " run \\d: device " + loop.device().getFileName() + " read \\d+\\.\\d MB"
                    + " \\(\\d+\\.\\d MiB\\) and wrote 0\\.0 MB \\(0\\.0 MiB\\) while this pass"
                    + " read 268\\.4 MB \\(256\\.0 MiB\\)");

            awaitQuiet(loop.device());
            DeviceReport after = plan.run();
            assertThat(after.warnings()).doesNotContain(Warning.FOREIGN_IO);
        }
    }

    @Test
    void aDirectoryMeasurementOnAFileSystemOfTheDeviceIsAConcurrentMeasurement()
            throws Exception {
        try (Mounts.Mount fs = Mounts.ext4(dir, 128, "rw", null)) {
            Path device = Path.of(Mounts.execOrThrow("findmnt", "-n", "-o", "SOURCE",
                    fs.dir().toString()).output().strip());
            var plan = DriveSpeed.onDevice(device).backend("java").blockSize("1M").count(16)
                    .runs(1);
            Path control = Files.createDirectory(dir.resolve("control"));
            Process child = ChildMeasurement.start(fs.dir(), control, "64K", 64, 4 * 65536);
            try {
                ChildMeasurement.awaitPaused(child, control);
                DeviceReport shared = plan.run();
                assertThat(shared.read().warnings()).contains(Warning.CONCURRENT_MEASUREMENT);
                assertThat(shared.details()).contains("CONCURRENT_MEASUREMENT");
                ChildMeasurement.resume(control);
                assertThat(child.waitFor(120, TimeUnit.SECONDS)).isTrue();
                assertThat(child.exitValue()).as(ChildMeasurement.output(control)).isZero();
            } finally {
                child.destroyForcibly();
                child.waitFor(30, TimeUnit.SECONDS);
            }
            DeviceReport alone = plan.run();
            // (not FOREIGN_IO: a fresh ext4 zeroes its inode tables in the background)
            assertThat(alone.warnings()).doesNotContain(Warning.CONCURRENT_MEASUREMENT);
        }
    }
}
