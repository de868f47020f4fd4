package io.github.drivespeed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.drivespeed.error.TargetNotFoundException;
import io.github.drivespeed.error.UnsupportedTargetException;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.target.BlockDevice;
import io.github.drivespeed.target.MountInfo;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.testing.SystemTools;
import io.github.drivespeed.testing.SystemTools.FoundMount;
import io.github.drivespeed.testing.SystemTools.ListedBlockDevice;
import io.github.drivespeed.testing.TestFiles;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link DriveSpeed#probe(Path)} on this machine's real /proc and /sys, checked against what
 * coreutils' stat and util-linux's findmnt and lsblk report.
 */
class ThisMachineProbeTest {

    private static final Path DEV_SHM = Path.of("/dev/shm");

    @TempDir
    Path dir;

    @Test
    void theFileSystemTypeIsTheOneStatfsReports() throws IOException {
        TargetInfo t = DriveSpeed.probe(dir);
        Set<String> expected = SystemTools.typesByStatfsMagic(dir);
        assertThat(expected).as("statfs magic of %s is not in the test's table", dir).isNotEmpty();
        assertThat(t.fileSystemType()).isIn(expected);
        assertThat(t.directory()).isEqualTo(dir.toRealPath());
    }

    @Test
    void theMountIsTheOneFindmntReports() throws IOException {
        TargetInfo t = DriveSpeed.probe(dir);
        FoundMount expected = SystemTools.findmnt(dir);
        MountInfo m = t.mount().orElseThrow();
        assertThat(m.mountPoint()).isEqualTo(Path.of(expected.target()));
        assertThat(m.fileSystemType()).isEqualTo(expected.fileSystemType());
        assertThat(m.source()).isEqualTo(expected.source());
        assertThat(m.deviceNumber()).hasToString(expected.majorMinor());
        assertThat(new HashSet<>(m.options())).isEqualTo(new HashSet<>(expected.options()));
        assertThat(t.fileSystemSource()).isEqualTo(expected.source());
    }

    @Test
    void theDeviceIsTheFilesStDevWithTheBlockSizesLsblkReports() throws IOException {
        String stDev = SystemTools.deviceNumber(dir);
        assumeTrue(!stDev.startsWith("0:"), "the temporary directory's file system (st_dev "
                + stDev + ") has no block device of its own here");
        TargetInfo t = DriveSpeed.probe(dir);
        BlockDevice top = t.blockDevice().orElseThrow();
        assertThat(top.deviceNumber()).hasToString(stDev);
        for (BlockDevice d : t.blockDevices()) {
            Optional<ListedBlockDevice> listed = SystemTools.lsblk(d.deviceNumber().toString());
            assertThat(listed).as("lsblk lists %s", d.identity()).isPresent();
            assertThat(d.sysfsName()).isEqualTo(listed.get().name());
            assertThat(d.logicalBlockBytes()).hasValue(listed.get().logicalBlockBytes());
            assertThat(d.physicalBlockBytes()).hasValue(listed.get().physicalBlockBytes());
            assertThat(d.rotational()).hasValue(listed.get().rotational());
            if (!listed.get().scheduler().isEmpty()) {
                assertThat(d.scheduler()).hasValue(listed.get().scheduler());
            }
        }
        for (BlockDevice disk : t.wholeDisks()) {
            assertThat(Path.of("/sys/block", disk.sysfsName(), "stat")).isRegularFile();
        }
        assertThat(t.details()).contains("device:   " + top.identity());
    }

    @Test
    void devShmIsTmpfsOnTheTopMountWithAMemoryWarning() throws IOException {
        assumeTrue(Files.isDirectory(DEV_SHM), "no /dev/shm here");
        TargetInfo t = DriveSpeed.probe(DEV_SHM);
        assertThat(SystemTools.typesByStatfsMagic(DEV_SHM)).contains("tmpfs");
        assertThat(t.fileSystemType()).isEqualTo("tmpfs");
        assertThat(t.mount().orElseThrow().deviceNumber())
                .hasToString(SystemTools.deviceNumber(DEV_SHM));
        assertThat(t.blockDevice()).isEmpty();
        assertThat(t.warnings()).contains(Warning.MEMORY_FILE_SYSTEM);
    }

    @Test
    void aRunReportsWhatTheProbeSees() throws IOException {
        TargetInfo probed = DriveSpeed.probe(dir);
        SpeedReport report = DriveSpeed.on(dir).blockSize("256K").count(4).runs(1).run();
        assertThat(report.target().mount()).isEqualTo(probed.mount());
        assertThat(report.target().blockDevice()).isEqualTo(probed.blockDevice());
        assertThat(report.target().warnings()).isEqualTo(probed.warnings());
        // the free space may change in between where other processes write on the same disk
        assertThat(withoutFreeSpace(report.details())).contains(withoutFreeSpace(probed.details()));
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    private static String withoutFreeSpace(String text) {
        return text.replaceAll("[0-9.]+ [kMGTPE]?B free of", "(free) free of");
    }

    @Test
    void probingWritesNothingAndRefusesWhatRunRefuses() throws IOException {
        DriveSpeed.probe(dir);
        assertThat(TestFiles.names(dir)).isEmpty();
        Path missing = dir.resolve("nosuch");
        assertThatThrownBy(() -> DriveSpeed.probe(missing))
                .isInstanceOf(TargetNotFoundException.class);
        assertThat(missing).doesNotExist();
        Path file = Files.writeString(dir.resolve("file.txt"), "x");
        assertThatThrownBy(() -> DriveSpeed.probe(file))
                .isInstanceOf(UnsupportedTargetException.class)
                .hasMessageContaining("regular file");
    }
}
