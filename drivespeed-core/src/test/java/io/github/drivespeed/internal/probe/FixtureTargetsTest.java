package io.github.drivespeed.internal.probe;

import static io.github.drivespeed.internal.probe.ProbeFixtures.describe;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.drivespeed.target.BlockDevice;
import io.github.drivespeed.target.BlockDevice.Kind;
import io.github.drivespeed.target.DeviceNumber;
import io.github.drivespeed.target.Link;
import io.github.drivespeed.target.MountInfo;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.warning.Warning;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Each fixture machine of {@code src/test/probe-fixtures} yields its chain, facts, link and
 * warnings.
 */
class FixtureTargetsTest {

    private static List<String> chain(TargetInfo t) {
        return t.blockDevices().stream().map(BlockDevice::sysfsName).toList();
    }

    private static BlockDevice device(TargetInfo t, String name) {
        return t.blockDevices().stream().filter(d -> d.sysfsName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError(name + " not in " + chain(t)));
    }

    @Test
    void usb3StickOnAUsb2PortIsWarnedAboutAndCappedAtUsb2() {
        TargetInfo t = describe("usb3-stick-on-usb2-port", "/media/alice/SANDISK EXTREME/photos",
                "8:17");
        MountInfo m = t.mount().orElseThrow();
        assertThat(m.mountPoint()).isEqualTo(Path.of("/media/alice/SANDISK EXTREME"));
        assertThat(m.fileSystemType()).isEqualTo("vfat");
        assertThat(m.hasOption("flush")).isTrue();
        assertThat(chain(t)).containsExactly("sdb1", "sdb");
        assertThat(device(t, "sdb1").kind()).isEqualTo(Kind.PARTITION);
        assertThat(device(t, "sdb1").partitionNumber()).hasValue(1);
        BlockDevice sdb = device(t, "sdb");
        assertThat(sdb.kind()).isEqualTo(Kind.DISK);
        assertThat(sdb.vendor()).hasValue("SanDisk");
        assertThat(sdb.model()).hasValue("Extreme");
        assertThat(sdb.transport()).hasValue("scsi");
        assertThat(sdb.serial()).as("from the USB device").hasValue("AA010215161207405522");
        assertThat(sdb.sizeBytes()).hasValue(125045424L * 512);
        Link.Usb usb = (Link.Usb) t.link().orElseThrow();
        assertThat(usb.vendorId() + ":" + usb.productId()).isEqualTo("0781:5580");
        assertThat(usb.manufacturer()).hasValue("SanDisk");
        assertThat(usb.product()).hasValue("Extreme");
        assertThat(usb.version()).isEqualTo("3.00");
        assertThat(usb.megabitsPerSecond()).isEqualTo(480);
        assertThat(usb.isUsb3DeviceAtUsb2Speed()).isTrue();
        assertThat(usb.ceiling().bytesPerSecond()).isEqualTo(53_248_000);
        assertThat(t.warnings()).containsExactly(Warning.USB3_DEVICE_AT_USB2_SPEED);
    }

    @Test
    void theSameStickOnAUsb3PortRunsAtFiveGigabits() {
        TargetInfo t = describe("usb3-stick-on-usb3-port", "/media/alice/SANDISK EXTREME",
                "8:17");
        Link.Usb usb = (Link.Usb) t.link().orElseThrow();
        assertThat(usb.megabitsPerSecond()).isEqualTo(5000);
        assertThat(usb.isUsb3DeviceAtUsb2Speed()).isFalse();
        assertThat(usb.ceiling().bytesPerSecond()).isEqualTo(500_000_000);
        assertThat(usb.description()).contains("SuperSpeed");
        assertThat(t.warnings()).isEmpty();
    }

    @Test
    void aUsb2StickAtUsb2SpeedIsNotWarnedAbout() {
        TargetInfo t = describe("usb2-stick", "/media/alice/CRUZER", "8:17");
        Link.Usb usb = (Link.Usb) t.link().orElseThrow();
        assertThat(usb.version()).isEqualTo("2.00");
        assertThat(usb.product()).hasValue("Cruzer Fit");
        assertThat(usb.isUsb3DeviceAtUsb2Speed()).isFalse();
        assertThat(t.warnings()).isEmpty();
    }

    @Test
    void sataSsdNegotiatedAtThreeGigabitsHasASataLinkOf300MegabytesPerSecond() {
        TargetInfo t = describe("sata-ssd-3gbps", "/home/alice", "8:2");
        assertThat(t.mount().orElseThrow().mountPoint()).isEqualTo(Path.of("/"));
        assertThat(chain(t)).containsExactly("sda2", "sda");
        BlockDevice sda = device(t, "sda");
        assertThat(sda.vendor()).hasValue("ATA");
        assertThat(sda.model()).hasValue("Samsung SSD 860");
        assertThat(sda.firmwareRevision()).hasValue("4B6Q");
        assertThat(sda.serial()).as("from VPD page 0x80").hasValue("S3Z9NB0K412345A");
        assertThat(sda.rotational()).hasValue(false);
        assertThat(sda.logicalBlockBytes()).hasValue(512);
        assertThat(sda.physicalBlockBytes()).hasValue(512);
        assertThat(sda.scheduler()).hasValue("mq-deadline");
        Link.Sata sata = (Link.Sata) t.link().orElseThrow();
        assertThat(sata.port()).isEqualTo("ata1");
        assertThat(sata.gigabitsPerSecond()).isEqualTo(3.0);
        assertThat(sata.portLimitGigabitsPerSecond()).isEqualTo(6.0);
        assertThat(sata.ceiling().megabytesPerSecond()).isCloseTo(300, within(1e-9));
        assertThat(t.warnings()).isEmpty();
        // a partition takes its block sizes from its disk
        assertThat(device(t, "sda2").logicalBlockBytes()).hasValue(512);
        assertThat(t.wholeDisks()).extracting(BlockDevice::sysfsName).containsExactly("sda");
    }

    @Test
    void aBindMountOfASubdirectoryIsTheMountFoundWithItsRoot() {
        TargetInfo t = describe("sata-ssd-3gbps", "/home/alice/shared/x", "8:2");
        MountInfo m = t.mount().orElseThrow();
        assertThat(m.mountPoint()).isEqualTo(Path.of("/home/alice/shared"));
        assertThat(m.root()).isEqualTo("/srv/share");
        assertThat(chain(t)).containsExactly("sda2", "sda");
    }

    @Test
    void nvmeHasItsControllerFactsAndItsPcieLink() {
        TargetInfo t = describe("nvme", "/home/alice", "259:2");
        assertThat(chain(t)).containsExactly("nvme0n1p2", "nvme0n1");
        BlockDevice ns = device(t, "nvme0n1");
        assertThat(ns.model()).hasValue("Samsung SSD 980 PRO 1TB");
        assertThat(ns.serial()).hasValue("S5GXNF0R123456K");
        assertThat(ns.firmwareRevision()).hasValue("5B2QGXA7");
        assertThat(ns.transport()).hasValue("nvme");
        assertThat(ns.vendor()).isEmpty();
        assertThat(ns.scheduler()).hasValue("none");
        Link.Pcie pcie = (Link.Pcie) t.link().orElseThrow();
        assertThat(pcie.address()).isEqualTo("0000:3d:00.0");
        assertThat(pcie.gigatransfersPerSecond()).isEqualTo(8.0);
        assertThat(pcie.width()).isEqualTo(4);
        assertThat(pcie.maxGigatransfersPerSecond()).isEqualTo(16.0);
        // 4 lanes x 8 GT/s x 128/130 / 8 bits
        assertThat(pcie.ceiling().bytesPerSecond()).isCloseTo(4 * 8e9 * 128 / 130 / 8,
                within(1e-3));
        assertThat(t.warnings()).isEmpty();
    }

    @Test
    void mdRaid1OverTwoDisksListsBothDisksAndHasNoSingleLink() {
        TargetInfo t = describe("md-raid1", "/srv/data/backups", "9:0");
        assertThat(chain(t)).containsExactly("md0", "sda1", "sda", "sdb1", "sdb");
        BlockDevice md0 = t.blockDevice().orElseThrow();
        assertThat(md0.kind()).isEqualTo(Kind.MD_RAID);
        assertThat(md0.raidLevel()).hasValue("raid1");
        assertThat(md0.lower()).extracting(BlockDevice::sysfsName).containsExactly("sda1", "sdb1");
        assertThat(t.wholeDisks()).extracting(BlockDevice::sysfsName).containsExactly("sda", "sdb");
        assertThat(device(t, "sdb").serial()).hasValue("WD-WCC7K7654321");
        assertThat(device(t, "sdb").physicalBlockBytes()).hasValue(4096);
        assertThat(device(t, "sdb").rotational()).hasValue(true);
        assertThat(device(t, "sdb").link()).get().isInstanceOf(Link.Sata.class);
        assertThat(t.link()).as("two disks, two links").isEmpty();
        assertThat(t.warnings()).containsExactly(Warning.SOFTWARE_RAID);
    }

    @Test
    void luksOnAPartitionIsEncryptedDownToItsDisk() {
        TargetInfo t = describe("luks-partition", "/home/alice", "253:0");
        assertThat(chain(t)).containsExactly("dm-0", "sda3", "sda");
        BlockDevice dm = t.blockDevice().orElseThrow();
        assertThat(dm.kind()).isEqualTo(Kind.DM_CRYPT);
        assertThat(dm.mapperName()).hasValue("luks-2b7c1b44-8d1e-4e0a-9a3c-5f6e7d8c9b0a");
        assertThat(dm.logicalBlockBytes()).as("LUKS2 with 4 KiB sectors").hasValue(4096);
        assertThat(device(t, "sda").model()).hasValue("CT1000MX500SSD1");
        assertThat(((Link.Sata) t.link().orElseThrow()).gigabitsPerSecond()).isEqualTo(6.0);
        assertThat(t.warnings()).containsExactly(Warning.ENCRYPTION);
    }

    @Test
    void theMapperSourceFindsTheSameChainWhenStDevIsNotABlockDevice() {
        // as for a FUSE or btrfs mount of the mapping: st_dev anonymous, source /dev/mapper/NAME
        TargetInfo t = describe("luks-partition", "/home/alice", "0:44");
        assertThat(chain(t)).containsExactly("dm-0", "sda3", "sda");
    }

    @Test
    void aLoopDeviceNamesItsBackingFile() {
        TargetInfo t = describe("loop", "/mnt/image", "7:0");
        BlockDevice loop = t.blockDevice().orElseThrow();
        assertThat(loop.kind()).isEqualTo(Kind.LOOP);
        assertThat(loop.backingFile()).hasValue("/var/lib/images/disk.img");
        assertThat(t.wholeDisks()).containsExactly(loop);
        assertThat(t.warnings()).containsExactly(Warning.LOOP_DEVICE);
    }

    @Test
    void tmpfsHasNoDeviceAndIsMemory() {
        TargetInfo t = describe("tmpfs", "/tmp/work", "0:27");
        assertThat(t.fileSystemType()).isEqualTo("tmpfs");
        assertThat(t.mount().orElseThrow().mountPoint()).isEqualTo(Path.of("/tmp"));
        assertThat(t.blockDevice()).isEmpty();
        assertThat(t.warnings()).containsExactly(Warning.MEMORY_FILE_SYSTEM);
        assertThat(t.details()).contains("device:   none (tmpfs is not on a block device");
    }

    @Test
    void anOverlayIsProbedThroughToTheFileSystemAndDeviceOfItsUpperDirectory() {
        TargetInfo t = describe("overlay", "nvme", "/var/lib/docker/overlay2/3f1c2a/merged/srv",
                "0:61");
        assertThat(t.fileSystemType()).isEqualTo("overlay");
        assertThat(t.mount().orElseThrow().mountPoint())
                .isEqualTo(Path.of("/var/lib/docker/overlay2/3f1c2a/merged"));
        MountInfo upper = t.upperMount().orElseThrow();
        assertThat(upper.mountPoint()).isEqualTo(Path.of("/"));
        assertThat(upper.source()).isEqualTo("/dev/nvme0n1p2");
        assertThat(chain(t)).containsExactly("nvme0n1p2", "nvme0n1");
        assertThat(t.link()).isPresent();
        assertThat(t.warnings()).isEmpty();
        assertThat(t.details()).contains("  upper:    /var/lib/docker/overlay2/3f1c2a/diff on /"
                + " (ext4 from /dev/nvme0n1p2, 259:2), mount options rw,relatime, super-block options"
                + " rw\n  device:   nvme0n1p2");
    }

    @Test
    void anOverlayWhoseUpperDirectoryIsInMemoryCarriesThatWarning() {
        TargetInfo t = describe("overlay", "nvme", "/run/user/1000/containers/overlay/9d2e/merged",
                "0:62");
        assertThat(t.upperMount().orElseThrow().mountPoint()).isEqualTo(Path.of("/run"));
        assertThat(t.blockDevice()).isEmpty();
        assertThat(t.warnings()).containsExactly(Warning.MEMORY_FILE_SYSTEM);
    }

    @Test
    void aReadOnlyOverlayHasNoUpperDirectoryAndNoDevice() {
        TargetInfo t = describe("overlay", "nvme", "/opt/image", "0:63");
        assertThat(t.upperMount()).isEmpty();
        assertThat(t.blockDevice()).isEmpty();
        assertThat(t.warnings()).containsExactly(Warning.READ_ONLY_MOUNT);
        assertThat(t.details()).contains("device:   none (overlay is not on a block device");
    }

    @Test
    void insideAContainerTheUpperDirectoryIsNotVisibleAndTheSummarySaysSo() {
        TargetInfo t = describe("overlay-container", "nvme", "/var/tmp", "0:61");
        assertThat(t.mount().orElseThrow().mountPoint()).isEqualTo(Path.of("/"));
        assertThat(t.upperMount()).isEmpty();
        assertThat(t.blockDevice()).isEmpty();
        assertThat(t.details()).contains("device:   unknown (the overlay's upper directory"
                + " /var/lib/docker/overlay2/3f1c2a/diff is not visible in this mount namespace)");
        // A bind mount of the host's disk in the same container: its st_dev names the device.
        TargetInfo data = describe("overlay-container", "nvme", "/data/db", "259:2");
        assertThat(data.mount().orElseThrow().root()).isEqualTo("/srv/appdata");
        assertThat(data.upperMount()).isEmpty();
        assertThat(chain(data)).containsExactly("nvme0n1p2", "nvme0n1");
    }

    @Test
    void aSyncMountIsWarnedAbout() {
        TargetInfo t = describe("sync-mount", "usb2-stick", "/media/backup/daily", "8:17");
        MountInfo m = t.mount().orElseThrow();
        assertThat(m.superOptions()).contains("sync");
        assertThat(m.mountOptions()).doesNotContain("sync");
        assertThat(chain(t)).containsExactly("sdb1", "sdb");
        assertThat(t.warnings()).containsExactly(Warning.SYNC_MOUNT);
    }

    @Test
    void nfsIsANetworkFileSystemWithoutDevice() {
        TargetInfo t = describe("nfs", "/mnt/nas/photos", "0:53");
        assertThat(t.fileSystemType()).isEqualTo("nfs4");
        assertThat(t.fileSystemSource()).isEqualTo("nas.local:/volume1/data");
        assertThat(t.mount().orElseThrow().optionValue("vers")).hasValue("4.2");
        assertThat(t.blockDevice()).isEmpty();
        assertThat(t.warnings()).containsExactly(Warning.NETWORK_FILE_SYSTEM);
    }

    @Test
    void btrfsWithCompressionIsFoundThroughItsSourceAndWarnedAbout() {
        // btrfs gives each subvolume its own anonymous st_dev, unlike mountinfo's 0:32
        TargetInfo t = describe("btrfs-compress", "nvme", "/home/alice", "0:34");
        MountInfo m = t.mount().orElseThrow();
        assertThat(m.mountPoint()).isEqualTo(Path.of("/home"));
        assertThat(m.root()).isEqualTo("/@home");
        assertThat(m.optionValue("compress")).hasValue("zstd:3");
        assertThat(chain(t)).containsExactly("nvme0n1p2", "nvme0n1");
        assertThat(t.warnings()).containsExactly(Warning.COMPRESSION, Warning.COPY_ON_WRITE);
    }

    @Test
    void thisMachinesVirtioDiskSnapshot() {
        TargetInfo t = describe("virtio-vda", "/work", "254:0");
        assertThat(t.fileSystemType()).isEqualTo("ext4");
        assertThat(t.mount().orElseThrow().options()).contains("rw", "relatime", "discard");
        BlockDevice vda = t.blockDevice().orElseThrow();
        assertThat(vda.sysfsName()).isEqualTo("vda");
        assertThat(vda.deviceNumber()).isEqualTo(new DeviceNumber(254, 0));
        assertThat(vda.kind()).isEqualTo(Kind.DISK);
        assertThat(vda.transport()).hasValue("virtio");
        assertThat(vda.vendor()).as("virtio's vendor is a numeric ID, not a name").isEmpty();
        assertThat(vda.serial()).hasValue("183663245112147");
        assertThat(vda.sizeBytes()).hasValue(536870912L * 512);
        assertThat(vda.logicalBlockBytes()).hasValue(512);
        assertThat(vda.physicalBlockBytes()).hasValue(4096);
        assertThat(vda.rotational()).hasValue(true);
        assertThat(vda.scheduler()).hasValue("mq-deadline");
        assertThat(vda.link()).isEmpty();
        assertThat(t.warnings()).containsExactly(Warning.VIRTUAL_DISK);
    }

    @Test
    void aVirtioDiskHasNoLinkEvenBehindAnEmulatedPcieRootPort() {
        // QEMU q35: the virtio-pci function reports an emulated 2.5 GT/s x1 link that bounds nothing
        TargetInfo t = describe("virtio-pcie-q35", "/var/lib", "252:1");
        assertThat(chain(t)).containsExactly("vda1", "vda");
        assertThat(device(t, "vda").transport()).hasValue("virtio");
        assertThat(device(t, "vda").link()).isEmpty();
        assertThat(t.details()).contains("link:     none found");
        assertThat(t.warnings()).contains(Warning.VIRTUAL_DISK);
    }

    @Test
    void anSdCardHasItsCardFactsAndNoLinkOfTheCardReader() {
        TargetInfo t = describe("sd-card-reader", "/media/alice/SDCARD", "179:1");
        assertThat(t.fileSystemType()).isEqualTo("exfat");
        assertThat(chain(t)).containsExactly("mmcblk0p1", "mmcblk0");
        BlockDevice card = device(t, "mmcblk0");
        assertThat(card.model()).hasValue("SD64G");
        assertThat(card.firmwareRevision()).hasValue("0x0");
        assertThat(card.serial()).hasValue("0x12345678");
        assertThat(card.transport()).hasValue("mmc");
        assertThat(card.link()).as("the SD bus rate is not in sysfs").isEmpty();
        assertThat(t.warnings()).isEmpty();
    }

    @Test
    void theLastOfTwoMountsOnOnePointIsOnTopUnlessStDevSaysOtherwise() {
        // this machine mounts a second tmpfs over /dev/shm: 0:22 under, 0:26 on top
        TargetProbe probe = ProbeFixtures.probe("virtio-vda", "virtio-vda");
        assertThat(probe.describe(Path.of("/dev/shm"), Optional.empty(), ProbeFixtures.SPACE)
                .mount().orElseThrow().deviceNumber()).isEqualTo(new DeviceNumber(0, 26));
        assertThat(probe.describe(Path.of("/dev/shm"), Optional.of(new DeviceNumber(0, 22)),
                ProbeFixtures.SPACE).mount().orElseThrow().deviceNumber())
                .isEqualTo(new DeviceNumber(0, 22));
    }

    @Test
    void withoutAMountTableTheFileStoreFactsRemain() {
        TargetProbe probe = new TargetProbe(Path.of("/nonexistent/proc"),
                Path.of("/nonexistent/sys"));
        TargetInfo t = probe.describe(Path.of("/data"), Optional.of(new DeviceNumber(8, 1)),
                new FileStoreFacts("ext4", "/dev/sda1", 4096, 0, 0));
        assertThat(t.fileSystemType()).isEqualTo("ext4");
        assertThat(t.fileSystemSource()).isEqualTo("/dev/sda1");
        assertThat(t.mount()).isEmpty();
        assertThat(t.blockDevice()).isEmpty();
        assertThat(t.warnings()).containsExactly(Warning.FREE_SPACE_UNKNOWN);
        assertThat(t.details()).contains("mount:    unknown");
    }
}
