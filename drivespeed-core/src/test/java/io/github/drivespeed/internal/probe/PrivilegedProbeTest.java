package io.github.drivespeed.internal.probe;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.target.BlockDevice;
import io.github.drivespeed.target.MountInfo;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.Privileged;
import io.github.drivespeed.testing.TestFiles;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The probe on real mounts made for the test (root only), always undone. */
@Tag("privileged")
class PrivilegedProbeTest {

    @TempDir
    Path parent;

    @BeforeEach
    void needsRoot() {
        Privileged.requireRoot();
    }

    @Test
    void aTmpfsMountedSyncCarriesTheSyncWarningInTheProbeAndTheReport() throws IOException {
        try (Mounts.Mount tmpfs = Mounts.mount(parent, "tmpfs", "sync,size=16m")) {
            TargetInfo t = DriveSpeed.probe(tmpfs.dir());
            MountInfo m = t.mount().orElseThrow();
            assertThat(m.mountPoint()).isEqualTo(tmpfs.dir().toRealPath());
            // the kernel lists MS_SYNCHRONOUS among the super-block options
            assertThat(m.superOptions()).contains("sync");
            assertThat(t.warnings()).contains(Warning.SYNC_MOUNT, Warning.MEMORY_FILE_SYSTEM);

            SpeedReport report = DriveSpeed.on(tmpfs.dir()).blockSize("64K").count(4).runs(1)
                    .run();
            assertThat(report.warnings()).contains(Warning.SYNC_MOUNT);
            assertThat(report.details()).contains("SYNC_MOUNT: ").contains(",sync");
            assertThat(TestFiles.names(tmpfs.dir())).isEmpty();
        }
    }

    @Test
    void withoutSyncThereIsNoSyncWarning() throws IOException {
        try (Mounts.Mount tmpfs = Mounts.mount(parent, "tmpfs", "size=16m")) {
            assertThat(DriveSpeed.probe(tmpfs.dir()).warnings())
                    .contains(Warning.MEMORY_FILE_SYSTEM).doesNotContain(Warning.SYNC_MOUNT);
        }
    }

    @Test
    void aLoopDeviceIsTheChainAndNamesItsBackingFile() throws IOException {
        try (Mounts.LoopDevice loop = Mounts.loopDevice(parent, 32, true, null);
             Mounts.Mount ext4 = Mounts.mountDevice(parent, loop, "rw")) {
            TargetInfo t = DriveSpeed.probe(ext4.dir());
            assertThat(t.fileSystemType()).isEqualTo("ext4");
            assertThat(t.fileSystemSource()).isEqualTo(loop.device().toString());
            BlockDevice d = t.blockDevice().orElseThrow();
            assertThat(Path.of("/dev", d.sysfsName())).isEqualTo(loop.device());
            assertThat(d.kind()).isEqualTo(BlockDevice.Kind.LOOP);
            assertThat(d.backingFile()).hasValue(loop.image().toRealPath().toString());
            assertThat(d.sizeBytes()).hasValue(32L << 20);
            assertThat(t.wholeDisks()).containsExactly(d);
            assertThat(t.warnings()).contains(Warning.LOOP_DEVICE);
        }
    }

    @Test
    void anOverlayNamesTheDeviceOfItsUpperDirectoryAndTheRunCountsItsIoThere() throws IOException {
        Path lower = Files.createDirectory(parent.resolve("lower"));
        try (Mounts.Mount ext4 = Mounts.ext4(parent, 128, "rw", null)) {
            Path upper = Files.createDirectory(ext4.dir().resolve("upper"));
            Path work = Files.createDirectory(ext4.dir().resolve("work"));
            String loop = Path.of(Mounts.execOrThrow("findmnt", "-n", "-o", "SOURCE",
                    ext4.dir().toString()).output().strip()).getFileName().toString();
            try (Mounts.Mount overlay = Mounts.overlay(parent, lower, upper, work)) {
                TargetInfo t = DriveSpeed.probe(overlay.dir());
                assertThat(t.fileSystemType()).isEqualTo("overlay");
                MountInfo m = t.upperMount().orElseThrow();
                assertThat(m.mountPoint()).isEqualTo(ext4.dir().toRealPath());
                assertThat(m.fileSystemType()).isEqualTo("ext4");
                assertThat(t.blockDevice().orElseThrow().sysfsName()).isEqualTo(loop);
                assertThat(t.warnings()).contains(Warning.LOOP_DEVICE);
                assertThat(t.details()).contains("  upper:    " + upper + " on "
                        + ext4.dir().toRealPath() + " (ext4 from /dev/" + loop)
                        .contains("  device:   " + loop + " (");

                SpeedReport r = DriveSpeed.on(overlay.dir()).directOrBuffered().blockSize("1M")
                        .count(16).runs(1).run();
                assertThat(r.target().blockDevice().orElseThrow().sysfsName()).isEqualTo(loop);
                assertThat(r.write().samples().get(0).accounting().deviceIo().orElseThrow()
                        .deviceName())
                        .isEqualTo(loop);
                assertThat(r.write().samples().get(0).accounting().deviceIo().orElseThrow()
                        .writeBytes())
                        .as("the overlay's writes reach the upper directory's device")
                        .isGreaterThanOrEqualTo(16L << 20);
                assertThat(TestFiles.names(overlay.dir())).isEmpty();
            }
            assertThat(TestFiles.names(upper)).isEmpty();
        }
    }

    @Test
    void aBindMountWhosePathsHoldSpacesIsFoundWithItsRoot() throws IOException {
        Path source = Files.createDirectory(parent.resolve("source dir"));
        Path points = Files.createDirectory(parent.resolve("mount points"));
        try (Mounts.Mount bind = Mounts.bind(points, source, false)) {
            TargetInfo t = DriveSpeed.probe(bind.dir());
            MountInfo m = t.mount().orElseThrow();
            // mountinfo writes the space as \040
            assertThat(m.mountPoint()).isEqualTo(bind.dir().toRealPath());
            assertThat(m.root()).endsWith("/source dir");
            assertThat(t.blockDevice()).isEqualTo(DriveSpeed.probe(parent).blockDevice());
        }
    }
}
