package io.github.drivespeed.internal.probe;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.report.DeviceActivity;
import io.github.drivespeed.report.DeviceIo;
import io.github.drivespeed.target.BlockDevice;
import io.github.drivespeed.target.DeviceNumber;
import io.github.drivespeed.target.TargetInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The device counters around a pass, read from a sysfs tree laid out as the kernel's. */
class DeviceCountersTest {

    @TempDir
    Path sys;

    private void stat(String name, String line) throws IOException {
        Path dir = Files.createDirectories(sys.resolve("class/block").resolve(name));
        Files.writeString(dir.resolve("stat"), line + "\n");
    }

    private static TargetInfo on(String type, String device) {
        return TargetInfo.builder(Path.of("/data")).fileSystemType(type).device(
                BlockDevice.builder(device, new DeviceNumber(8, 0), BlockDevice.Kind.DISK)
                        .build()).build();
    }

    @Test
    void theDifferenceOfTwoSnapshotsIsWhatTheDeviceMovedInBytesAndRequests() throws IOException {
        // the 17 fields of Linux 5.5+; sectors are 512 bytes whatever the device's block size
        stat("vda", "  100  5 2000 30  40 2  800 10 0 25 45 0 0 0 0 3 1");
        DeviceCounters c = DeviceCounters.of(sys, on("ext4", "vda"));
        assertThat(c.names()).containsExactly("vda");
        Optional<DeviceCounters.Snapshot> before = c.snapshot();
        stat("vda", "  164  5 526288 90  42 2  1824 12 0 90 120 0 0 0 0 4 1");
        Optional<DeviceIo> d = c.between(before, c.snapshot());
        // merges 0/0, ticks 60/2 ms, busy 65 ms, weighted 75 ms
        assertThat(d).contains(new DeviceIo("vda", 524288L * 512, 64, 1024L * 512, 2,
                Optional.of(new DeviceActivity(0, 0, 60, 2, 65, 75))));
        assertThat(d.orElseThrow().activity().orElseThrow().utilPercent(130)).isEqualTo(50.0);
        assertThat(d.orElseThrow().activity().orElseThrow().utilPercent(10)).isEqualTo(100.0);
    }

    @Test
    void theOldElevenFieldFormatIsReadToo() throws IOException {
        stat("sda1", "10 0 80 1 0 0 0 0 0 1 1");
        DeviceCounters c = new DeviceCounters(sys, List.of("sda1"));
        assertThat(c.snapshot()).contains(new DeviceCounters.Snapshot(10, 80, 0, 0,
                Optional.of(new DeviceActivity(0, 0, 1, 0, 1, 1))));
    }

    @Test
    void countersThatWentBackwardsOrCannotBeReadGiveNothingRatherThanANumber() throws IOException {
        stat("loop3", "100 0 800 0 0 0 0 0 0 0 0");
        DeviceCounters c = new DeviceCounters(sys, List.of("loop3"));
        Optional<DeviceCounters.Snapshot> before = c.snapshot();
        stat("loop3", "5 0 40 0 0 0 0 0 0 0 0");
        assertThat(c.between(before, c.snapshot())).isEmpty();
        stat("loop3", "garbage");
        assertThat(c.snapshot()).isEmpty();
        assertThat(new DeviceCounters(sys, List.of("nosuch")).snapshot()).isEmpty();
        assertThat(DeviceCounters.NONE.snapshot()).isEmpty();
        assertThat(DeviceCounters.of(sys, TargetInfo.builder(Path.of("/dev/shm"))
                .fileSystemType("tmpfs").build())).isSameAs(DeviceCounters.NONE);
    }

    @Test
    void btrfsCountsEveryDeviceOfItsFileSystemSinceAnyMayServeARead() throws IOException {
        for (String name : List.of("sdb", "sdc")) {
            Files.createDirectories(sys.resolve("fs/btrfs/0f2c-uuid/devices").resolve(name));
        }
        Files.createDirectories(sys.resolve("fs/btrfs/features"));
        stat("sdb", "10 0 100 0 1 0 8 0 0 0 0");
        stat("sdc", "20 0 300 0 2 0 16 0 0 0 0");
        DeviceCounters c = DeviceCounters.of(sys, on("btrfs", "sdb"));
        assertThat(c.names()).containsExactly("sdb", "sdc");
        assertThat(c.snapshot()).contains(new DeviceCounters.Snapshot(30, 400, 3, 24,
                Optional.of(DeviceActivity.NONE)));
        stat("sdc", "20 0 300 0 2 0 16");
        assertThat(c.snapshot()).as("a 7-field line: no activity rather than zeros").contains(
                new DeviceCounters.Snapshot(30, 400, 3, 24));
        assertThat(c.between(c.snapshot(), c.snapshot()).orElseThrow().activity()).isEmpty();
        assertThat(c.between(c.snapshot(), c.snapshot()).orElseThrow().device())
                .isEqualTo("sdb+sdc");
    }
}
