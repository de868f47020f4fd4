package io.github.drivespeed.internal.probe;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.report.DeviceActivity;
import io.github.drivespeed.report.DeviceIo;
import io.github.drivespeed.report.DiskFlushes;
import io.github.drivespeed.target.BlockDevice;
import io.github.drivespeed.target.DeviceNumber;
import io.github.drivespeed.target.TargetInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
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
                Optional.of(new DeviceActivity(0, 0, 60, 2, 65, 75)), List.of()));
        assertThat(d.orElseThrow().activity().orElseThrow().utilPercent(130_000_000L)).isEqualTo(50.0);
        assertThat(d.orElseThrow().activity().orElseThrow().utilPercent(10_000_000L)).isEqualTo(100.0);
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
                Optional.of(new DeviceActivity(0, 0, 0, 0, 0, 0))));
        stat("sdc", "20 0 300 0 2 0 16");
        assertThat(c.snapshot()).as("a 7-field line: no activity rather than zeros").contains(
                new DeviceCounters.Snapshot(30, 400, 3, 24));
        assertThat(c.between(c.snapshot(), c.snapshot()).orElseThrow().activity()).isEmpty();
        assertThat(c.between(c.snapshot(), c.snapshot()).orElseThrow().deviceName())
                .isEqualTo("sdb+sdc");
    }

    /**
     * A whole disk as sysfs lays it out: its directory under {@code devices/}, linked from
     * {@code block/} and {@code class/block/}, with its {@code stat}, {@code queue/write_cache}
     * and {@code queue/fua}, and {@code mq/} where it is request-based.
     */
    private Path disk(String name, String writeCache, boolean fua, boolean blkMq)
            throws IOException {
        Path dir = Files.createDirectories(sys.resolve("devices/virtual/block").resolve(name));
        Files.createDirectories(dir.resolve("queue"));
        Files.writeString(dir.resolve("queue/write_cache"), writeCache + "\n");
        Files.writeString(dir.resolve("queue/fua"), (fua ? "1" : "0") + "\n");
        if (blkMq) {
            Files.createDirectories(dir.resolve("mq/0"));
        }
        for (String link : List.of("block", "class/block")) {
            Files.createDirectories(sys.resolve(link));
            Files.createSymbolicLink(sys.resolve(link).resolve(name), dir);
        }
        return dir;
    }

    private static void write(Path dir, String stat) throws IOException {
        Files.writeString(dir.resolve("stat"), stat + "\n");
    }

    @Test
    void aFlushIsCountedOnTheWholeDiskBelowAPartitionWithTheDisksWriteCacheMode()
            throws IOException {
        Path sda = disk("sda", "write through", false, true);
        Path part = Files.createDirectories(sda.resolve("sda1"));
        Files.writeString(part.resolve("partition"), "1\n");
        Files.delete(sys.resolve("class/block/sda"));
        Files.createSymbolicLink(sys.resolve("class/block/sda"), sda);
        Files.createSymbolicLink(sys.resolve("class/block/sda1"), part);
        // the partition's own file counts no flush; the disk's field 16 is where one would be
        write(part, "0 0 0 0 10 0 800 0 0 0 0 0 0 0 0 0 0");
        write(sda, "0 0 0 0 10 0 800 0 0 0 0 0 0 0 0 7 1");
        DeviceCounters c = new DeviceCounters(sys, List.of("sda1"));
        assertThat(c.disks()).containsExactly("sda");
        Optional<DeviceCounters.Snapshot> before = c.snapshot();
        write(part, "0 0 0 0 74 0 525088 0 0 0 0 0 0 0 0 0 0");
        write(sda, "0 0 0 0 74 0 525088 0 0 0 0 0 0 0 0 7 1");
        DeviceIo d = c.between(before, c.snapshot()).orElseThrow();
        assertThat(d.deviceName()).isEqualTo("sda1");
        DiskFlushes f = new DiskFlushes("sda", Optional.of(BlockDevice.WriteCache.WRITE_THROUGH),
                Optional.of(false), 524288L * 512, OptionalLong.of(0));
        assertThat(d.flushes()).containsExactly(f);
        assertThat(d.unflushed(false)).containsExactly(f);
        assertThat(f).hasToString("sda (write cache write through) completed 0 flush requests"
                + " while it wrote 268.4 MB (256.0 MiB)");
    }

    @Test
    void aWriteBackDiskThatCompletedAFlushWasAskedAndOneThatDidNotWasNot() throws IOException {
        Path vda = disk("vda", "write back", false, true);
        write(vda, "0 0 0 0 10 0 800 0 0 0 0 0 0 0 0 3 1");
        DeviceCounters c = new DeviceCounters(sys, List.of("vda"));
        Optional<DeviceCounters.Snapshot> before = c.snapshot();
        write(vda, "0 0 0 0 20 0 1600 0 0 0 0 0 0 0 0 4 1");
        Optional<DeviceCounters.Snapshot> flushed = c.snapshot();
        assertThat(c.between(before, flushed).orElseThrow().unflushed(false)).isEmpty();
        write(vda, "0 0 0 0 30 0 2400 0 0 0 0 0 0 0 0 4 1");
        DeviceIo none = c.between(flushed, c.snapshot()).orElseThrow();
        assertThat(none.unflushed(false)).as("written, no FLUSH: a file system without barriers")
                .hasSize(1);
        assertThat(none.unflushed(true)).as("O_DSYNC on a disk without FUA needs a FLUSH too")
                .hasSize(1);
    }

    @Test
    void anODsyncWriteToAWriteBackDiskWithFuaAsksWithTheWriteItself() throws IOException {
        Path nvme = disk("nvme0n1", "write back", true, true);
        write(nvme, "0 0 0 0 10 0 800 0 0 0 0 0 0 0 0 3 1");
        DeviceCounters c = new DeviceCounters(sys, List.of("nvme0n1"));
        Optional<DeviceCounters.Snapshot> before = c.snapshot();
        write(nvme, "0 0 0 0 20 0 1600 0 0 0 0 0 0 0 0 3 1");
        DeviceIo d = c.between(before, c.snapshot()).orElseThrow();
        assertThat(d.unflushed(true)).isEmpty();
        assertThat(d.unflushed(false)).hasSize(1);
    }

    @Test
    void aBioBasedDiskCountsNoFlushSoOnlyItsWriteCacheModeSays() throws IOException {
        Path zram = disk("zram0", "write through", false, false);
        Path brd = disk("ram0", "write back", false, false);
        write(zram, "0 0 0 0 10 0 800 0 0 0 0 0 0 0 0 0 0");
        write(brd, "0 0 0 0 10 0 800 0 0 0 0 0 0 0 0 0 0");
        DeviceCounters c = new DeviceCounters(sys, List.of("zram0", "ram0"));
        Optional<DeviceCounters.Snapshot> before = c.snapshot();
        write(zram, "0 0 0 0 20 0 1600 0 0 0 0 0 0 0 0 0 0");
        write(brd, "0 0 0 0 20 0 1600 0 0 0 0 0 0 0 0 0 0");
        DeviceIo d = c.between(before, c.snapshot()).orElseThrow();
        assertThat(d.flushes()).extracting(DiskFlushes::flushRequests)
                .containsOnly(OptionalLong.empty());
        assertThat(d.unflushed(false)).extracting(DiskFlushes::deviceName).containsExactly("zram0");
    }

    @Test
    void aMappedDeviceCountsItsFlushesOnEveryDiskBelowIt() throws IOException {
        Path sdb = disk("sdb", "write back", false, true);
        Path sdc = disk("sdc", "write through", false, true);
        Path dm = Files.createDirectories(sys.resolve("devices/virtual/block/dm-0"));
        Files.createDirectories(dm.resolve("slaves"));
        Files.createSymbolicLink(dm.resolve("slaves/sdb"), sdb);
        Files.createSymbolicLink(dm.resolve("slaves/sdc"), sdc);
        Files.createSymbolicLink(sys.resolve("class/block/dm-0"), dm);
        write(dm, "0 0 0 0 10 0 800 0 0 0 0 0 0 0 0 0 0");
        write(sdb, "0 0 0 0 10 0 800 0 0 0 0 0 0 0 0 5 1");
        write(sdc, "0 0 0 0 10 0 800 0 0 0 0 0 0 0 0 0 0");
        DeviceCounters c = new DeviceCounters(sys, List.of("dm-0"));
        assertThat(c.disks()).containsExactly("sdb", "sdc");
        Optional<DeviceCounters.Snapshot> before = c.snapshot();
        write(dm, "0 0 0 0 20 0 1600 0 0 0 0 0 0 0 0 0 0");
        write(sdb, "0 0 0 0 20 0 1600 0 0 0 0 0 0 0 0 6 1");
        write(sdc, "0 0 0 0 20 0 1600 0 0 0 0 0 0 0 0 0 0");
        DeviceIo d = c.between(before, c.snapshot()).orElseThrow();
        assertThat(d.flushes()).hasSize(2);
        assertThat(d.unflushed(false)).as("the flush reached sdb, never sdc")
                .extracting(DiskFlushes::deviceName).containsExactly("sdc");
    }
}
