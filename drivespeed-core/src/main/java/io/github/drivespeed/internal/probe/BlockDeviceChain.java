package io.github.drivespeed.internal.probe;

import io.github.drivespeed.target.BlockDevice;
import io.github.drivespeed.target.BlockDevice.Kind;
import io.github.drivespeed.target.DeviceNumber;
import io.github.drivespeed.target.Link;
import io.github.drivespeed.unit.DataSize;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Builds the chain of block devices under a file system from sysfs: from a device number through
 * {@code /sys/dev/block/MAJ:MIN} to its directory, then down: a partition to its whole disk (the
 * parent directory), a device-mapper or md device to its {@code slaves/}; a whole disk gets its
 * facts from {@code device/} and its link from {@link LinkProbe}.
 *
 * <p>Layouts (kernel {@code Documentation/ABI}): {@code stable/sysfs-block} (a partition has a
 * {@code partition} file; {@code size} is in 512-byte sectors; {@code queue/}, {@code slaves/}),
 * {@code testing/sysfs-block-dm} ({@code dm/name}, {@code dm/uuid}: {@code CRYPT-} for dm-crypt,
 * {@code LVM-} for LVM, as cryptsetup and LVM set them), {@code Documentation/admin-guide/md.rst}
 * ({@code md/level}), {@code testing/sysfs-block-loop} ({@code loop/backing_file}),
 * {@code Documentation/block/queue-sysfs.rst} ({@code queue/write_cache}, {@code queue/fua}).
 */
final class BlockDeviceChain {

    /** Deeper stacks than this are not real; it stops a cycle in a damaged tree. */
    private static final int MAX_DEPTH = 16;
    private static final Pattern RAM_DISK = Pattern.compile("(zram|ram)\\d+");
    private static final Pattern LOOP = Pattern.compile("loop\\d+");
    private static final Pattern HEX_ID = Pattern.compile("0x[0-9a-fA-F]+");

    private final Path sysRoot;
    private final LinkProbe links;

    /**
     * @param sysRoot where sysfs is mounted ({@code /sys})
     */
    BlockDeviceChain(Path sysRoot) {
        this.sysRoot = sysRoot;
        this.links = new LinkProbe(sysRoot);
    }

    /**
     * @param number a block device's number, such as a file's {@code st_dev}
     * @return the device and everything below it; empty if sysfs has no block device of that
     *     number (major 0: tmpfs, NFS, btrfs)
     */
    Optional<BlockDevice> forDeviceNumber(DeviceNumber number) {
        if (number.major() == 0) {
            return Optional.empty();
        }
        return SysfsFiles.realPath(sysRoot.resolve("dev").resolve("block").resolve(number.toString()))
                .flatMap(dir -> describe(dir, 0));
    }

    /**
     * For file systems whose {@code st_dev} is not their device's (btrfs, FUSE on a device): the
     * device named by the mount source, {@code /dev/NAME} or {@code /dev/mapper/NAME}.
     *
     * @param source the mount's source
     * @return the device and everything below it; empty if the source names no block device
     */
    Optional<BlockDevice> forMountSource(String source) {
        if (!source.startsWith("/dev/") || source.length() <= "/dev/".length()) {
            return Optional.empty();
        }
        Path dir;
        if (source.startsWith("/dev/mapper/")) {
            String name = source.substring("/dev/mapper/".length());
            dir = SysfsFiles.entries(sysRoot.resolve("block")).stream()
                    .filter(d -> SysfsFiles.text(d.resolve("dm").resolve("name"))
                            .filter(name::equals).isPresent())
                    .findFirst().orElse(null);
        } else {
            dir = sysRoot.resolve("class").resolve("block")
                    .resolve(Path.of(source).getFileName().toString());
        }
        return dir == null ? Optional.empty()
                : SysfsFiles.realPath(dir).flatMap(d -> describe(d, 0));
    }

    private Optional<BlockDevice> describe(Path dir, int depth) {
        Optional<DeviceNumber> number = SysfsFiles.text(dir.resolve("dev")).flatMap(BlockDeviceChain::parse);
        if (number.isEmpty() || depth > MAX_DEPTH) {
            return Optional.empty();
        }
        String name = dir.getFileName().toString();
        Kind kind = kindOf(dir, name);
        BlockDevice.Builder b = BlockDevice.builder(name, number.get(), kind);
        SysfsFiles.number(dir.resolve("size")).ifPresent(s -> b.sizeBytes(s * DataSize.SECTOR_BYTES));
        queueFacts(b, (kind == Kind.PARTITION ? dir.getParent() : dir).resolve("queue"));
        // a partition has its own ro (blockdev --setro on it), which the disk's ro sets too
        SysfsFiles.number(dir.resolve("ro")).ifPresent(r -> b.readOnly(r != 0));
        List<BlockDevice> lower = new ArrayList<>();
        switch (kind) {
            case PARTITION:
                SysfsFiles.number(dir.resolve("partition")).ifPresent(n -> b.partitionNumber((int) n));
                describe(dir.getParent(), depth + 1).ifPresent(lower::add);
                break;
            case DISK:
                diskFacts(b, dir);
                break;
            case LOOP:
                SysfsFiles.text(dir.resolve("loop").resolve("backing_file")).ifPresent(b::backingFile);
                break;
            case MD_RAID:
                SysfsFiles.text(dir.resolve("md").resolve("level")).ifPresent(b::raidLevel);
                break;
            case DM_CRYPT:
            case LVM:
            case DEVICE_MAPPER:
                SysfsFiles.text(dir.resolve("dm").resolve("name")).ifPresent(b::mapperName);
                break;
            default:
                break;
        }
        for (Path slave : SysfsFiles.entries(dir.resolve("slaves"))) {
            SysfsFiles.realPath(slave).flatMap(d -> describe(d, depth + 1)).ifPresent(lower::add);
        }
        return Optional.of(b.lower(lower).build());
    }

    private static Optional<DeviceNumber> parse(String text) {
        try {
            return Optional.of(DeviceNumber.parse(text));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static Kind kindOf(Path dir, String name) {
        if (Files.exists(dir.resolve("partition"))) {
            return Kind.PARTITION;
        }
        if (Files.isDirectory(dir.resolve("dm"))) {
            String uuid = SysfsFiles.text(dir.resolve("dm").resolve("uuid")).orElse("");
            return uuid.startsWith("CRYPT-") ? Kind.DM_CRYPT
                    : uuid.startsWith("LVM-") ? Kind.LVM : Kind.DEVICE_MAPPER;
        }
        if (Files.isDirectory(dir.resolve("md"))) {
            return Kind.MD_RAID;
        }
        if (Files.isDirectory(dir.resolve("loop")) || LOOP.matcher(name).matches()) {
            return Kind.LOOP;
        }
        if (RAM_DISK.matcher(name).matches()) {
            return Kind.RAM_DISK;
        }
        return SysfsFiles.entries(dir.resolve("slaves")).isEmpty() ? Kind.DISK : Kind.OTHER;
    }

    private static void queueFacts(BlockDevice.Builder b, Path queue) {
        SysfsFiles.number(queue.resolve("logical_block_size")).ifPresent(b::logicalBlockBytes);
        SysfsFiles.number(queue.resolve("physical_block_size")).ifPresent(b::physicalBlockBytes);
        SysfsFiles.number(queue.resolve("rotational")).ifPresent(r -> b.rotational(r != 0));
        SysfsFiles.text(queue.resolve("scheduler")).flatMap(BlockDeviceChain::activeScheduler)
                .ifPresent(b::scheduler);
        SysfsFiles.text(queue.resolve("write_cache")).flatMap(BlockDevice.WriteCache::ofSysfsText)
                .ifPresent(b::writeCache);
        SysfsFiles.number(queue.resolve("fua")).ifPresent(f -> b.fua(f != 0));
    }

    /**
     * @param schedulers {@code queue/scheduler}: {@code none [mq-deadline] kyber}, or one name
     * @return the bracketed (active) scheduler, or the only one listed
     */
    static Optional<String> activeScheduler(String schedulers) {
        int open = schedulers.indexOf('[');
        int close = schedulers.indexOf(']', open + 1);
        if (open >= 0 && close > open) {
            return Optional.of(schedulers.substring(open + 1, close));
        }
        String s = schedulers.strip();
        return s.isEmpty() || s.contains(" ") ? Optional.empty() : Optional.of(s);
    }

    private void diskFacts(BlockDevice.Builder b, Path dir) {
        Path device = dir.resolve("device");
        Optional<String> transport = SysfsFiles.linkTargetName(device.resolve("subsystem"));
        transport.ifPresent(b::transport);
        // SCSI's vendor is T10 text ("ATA", "SanDisk"); virtio's and MMC's are numeric IDs
        SysfsFiles.text(device.resolve("vendor")).filter(v -> !HEX_ID.matcher(v).matches())
                .ifPresent(b::vendor);
        first(device.resolve("model"), device.resolve("name")).ifPresent(b::model);
        first(device.resolve("rev"), device.resolve("firmware_rev"), device.resolve("fwrev"))
                .ifPresent(b::firmwareRevision);
        Optional<Link> link = links.above(dir);
        Optional<String> serial = first(dir.resolve("serial"), device.resolve("serial"))
                .or(() -> ScsiVpd.unitSerialNumber(device.resolve("vpd_pg80")))
                .or(() -> link.filter(Link.Usb.class::isInstance)
                        .flatMap(l -> ((Link.Usb) l).serial()));
        serial.ifPresent(b::serial);
        link.ifPresent(b::link);
    }

    private static Optional<String> first(Path... files) {
        for (Path f : files) {
            Optional<String> t = SysfsFiles.text(f);
            if (t.isPresent()) {
                return t;
            }
        }
        return Optional.empty();
    }
}
