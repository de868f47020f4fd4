package io.github.drivespeed.internal.probe;

import io.github.drivespeed.target.BlockDevice;
import io.github.drivespeed.target.BlockDevice.Kind;
import io.github.drivespeed.target.Link;
import io.github.drivespeed.target.MountInfo;
import io.github.drivespeed.warning.Warning;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The warnings a target calls for before anything is measured, from its file-system type, mount
 * options and device chain. (The verdict that the link is the limit needs the figures; the report
 * adds it.)
 */
final class TargetWarnings {

    private static final Set<String> MEMORY_TYPES = Set.of("tmpfs", "ramfs", "devtmpfs");
    /** Network and host-shared file systems, by their mountinfo type. */
    private static final Set<String> NETWORK_TYPES = Set.of("nfs", "nfs4", "cifs", "smb3", "smbfs",
            "9p", "virtiofs", "ceph", "glusterfs", "afs", "ncpfs", "lustre", "orangefs", "beegfs",
            "davfs", "fuse.sshfs", "fuse.glusterfs", "fuse.s3fs", "fuse.rclone", "fuse.gcsfuse",
            "fuse.ceph-fuse", "fuse.davfs2");
    private static final Set<String> COPY_ON_WRITE_TYPES = Set.of("btrfs", "zfs", "bcachefs");

    private TargetWarnings() {
    }

    /**
     * @param fileSystemType a file-system type
     * @return whether its files are memory charged to the writer's memory cgroup (tmpfs, ramfs,
     *     devtmpfs); a file system on a RAM disk is not: zram's and brd's pages are not charged
     *     to any cgroup
     */
    static boolean keepsFilesInMemory(String fileSystemType) {
        return MEMORY_TYPES.contains(fileSystemType);
    }

    /**
     * @param fileSystemType the file-system type
     * @param mount the mount, when known
     * @param devices the device chain, top first
     * @param sizeUnknown whether the file system reports no size
     * @return the warnings
     */
    static Set<Warning> of(String fileSystemType, Optional<MountInfo> mount,
            List<BlockDevice> devices, boolean sizeUnknown) {
        Set<Warning> w = EnumSet.noneOf(Warning.class);
        if (MEMORY_TYPES.contains(fileSystemType) || has(devices, Kind.RAM_DISK)) {
            w.add(Warning.MEMORY_FILE_SYSTEM);
        }
        if (sizeUnknown) {
            w.add(Warning.FREE_SPACE_UNKNOWN);
        }
        if (mount.filter(m -> m.mountOptions().contains("ro")
                || m.superOptions().contains("ro")).isPresent()) {
            w.add(Warning.READ_ONLY_MOUNT);
        }
        if (mount.filter(m -> m.hasOption("sync")).isPresent()) {
            w.add(Warning.SYNC_MOUNT);
        }
        if (NETWORK_TYPES.contains(fileSystemType)) {
            w.add(Warning.NETWORK_FILE_SYSTEM);
        }
        if (fileSystemType.equals("fuse") || fileSystemType.equals("fuseblk")
                || fileSystemType.startsWith("fuse.")) {
            w.add(Warning.FUSE_FILE_SYSTEM);
        }
        if (compresses(fileSystemType, mount)
                || devices.stream().anyMatch(d -> d.sysfsName().startsWith("zram"))) {
            w.add(Warning.COMPRESSION);
        }
        if (COPY_ON_WRITE_TYPES.contains(fileSystemType)
                && mount.filter(m -> m.hasOption("nodatacow")).isEmpty()) {
            w.add(Warning.COPY_ON_WRITE);
        }
        if (devices.stream().map(BlockDevice::link).flatMap(Optional::stream)
                .anyMatch(l -> l instanceof Link.Usb && ((Link.Usb) l).isUsb3DeviceAtUsb2Speed())) {
            w.add(Warning.USB3_DEVICE_AT_USB2_SPEED);
        }
        if (has(devices, Kind.MD_RAID)) {
            w.add(Warning.SOFTWARE_RAID);
        }
        if (has(devices, Kind.DM_CRYPT)) {
            w.add(Warning.ENCRYPTION);
        }
        if (has(devices, Kind.LOOP)) {
            w.add(Warning.LOOP_DEVICE);
        }
        if (devices.stream().anyMatch(TargetWarnings::isVirtual)) {
            w.add(Warning.VIRTUAL_DISK);
        }
        return w;
    }

    /**
     * A paravirtual disk (its driver's bus is {@code virtio} or {@code xen}) or one a hypervisor
     * emulates, known by the vendor and model strings QEMU, VMware, VirtualBox and Hyper-V give
     * their SCSI/ATA disks ("QEMU HARDDISK", "VMware Virtual disk", "VBOX HARDDISK",
     * "Msft Virtual Disk").
     */
    private static boolean isVirtual(BlockDevice d) {
        if (d.transport().filter(t -> t.equals("virtio") || t.equals("xen")).isPresent()) {
            return true;
        }
        String id = (d.vendor().orElse("") + " " + d.model().orElse("")).toUpperCase(Locale.ROOT);
        return id.contains("QEMU") || id.contains("VMWARE") || id.contains("VBOX")
                || id.contains("MSFT VIRTUAL") || id.contains("VIRTUAL DISK");
    }

    /**
     * Compression named in the mount options: btrfs {@code compress=} and {@code compress-force=}
     * (btrfs(5)), bcachefs {@code compression=} and {@code background_compression=}, f2fs
     * {@code compress_algorithm=} (f2fs documentation).
     */
    private static boolean compresses(String type, Optional<MountInfo> mount) {
        if (mount.isEmpty()) {
            return false;
        }
        MountInfo m = mount.get();
        switch (type) {
            case "btrfs":
                return enabled(m, "compress") || enabled(m, "compress-force");
            case "bcachefs":
                return enabled(m, "compression") || enabled(m, "background_compression");
            case "f2fs":
                return m.hasOption("compress_algorithm");
            default:
                return false;
        }
    }

    private static boolean enabled(MountInfo m, String option) {
        if (!m.hasOption(option)) {
            return false;
        }
        String value = m.optionValue(option).orElse("");
        return !value.equals("no") && !value.equals("none") && !value.equals("0");
    }

    private static boolean has(List<BlockDevice> devices, Kind kind) {
        return devices.stream().anyMatch(d -> d.kind() == kind);
    }
}
