package io.github.drivespeed.internal.probe;

import io.github.drivespeed.target.BlockDevice;
import io.github.drivespeed.target.CgroupLimits;
import io.github.drivespeed.target.DeviceNumber;
import io.github.drivespeed.target.MountInfo;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Describes a target directory: its mount (from {@code <proc>/self/mountinfo}), the block devices
 * under it and their links (from {@code <sys>}), its size (from {@link FileStore}) and the warnings
 * all of that calls for. Reads files only; starts no process and writes nothing. What cannot be
 * read is left out of the description, so a probe never fails a measurement.
 *
 * <p>An overlay target (a container's root, for one) is probed through to where its writes land:
 * the mount holding its {@code upperdir} (from the overlay's super-block options in mountinfo),
 * whose device becomes the target's device and whose type, options and device chain add their
 * warnings. A bind mount needs nothing of the kind: its files carry the {@code st_dev} of the file
 * system it shows, and the device is found from that. A btrfs target also gets its data profiles
 * and checksums ({@link BtrfsProbe}).
 *
 * <p>The cgroups of this process are read too ({@code <proc>/self/cgroup} and the cgroup file
 * systems mountinfo lists): the I/O caps on the devices of the chain, and, for a memory file
 * system, the memory limit its files are charged against ({@link CgroupLimits}).
 */
public final class TargetProbe {

    private static final Logger LOG = LoggerFactory.getLogger(TargetProbe.class);
    private static final TargetProbe SYSTEM = new TargetProbe(Path.of("/proc"), Path.of("/sys"),
            true);
    private static final String OVERLAY = "overlay";

    private final Path procRoot;
    private final Path sysRoot;
    private final BlockDeviceChain devices;
    /** Whether paths named in mount options are this machine's, to be examined with stat. */
    private final boolean statsPaths;

    /**
     * A probe reading other roots than {@code /proc} and {@code /sys}, for tests.
     *
     * @param procRoot where {@code self/mountinfo} and {@code self/cgroup} are read
     * @param sysRoot where {@code dev/block}, {@code class/block}, {@code block} and
     *     {@code devices} are read
     */
    public TargetProbe(Path procRoot, Path sysRoot) {
        this(procRoot, sysRoot, false);
    }

    private TargetProbe(Path procRoot, Path sysRoot, boolean statsPaths) {
        this.procRoot = Objects.requireNonNull(procRoot, "procRoot");
        this.sysRoot = Objects.requireNonNull(sysRoot, "sysRoot");
        this.devices = new BlockDeviceChain(sysRoot);
        this.statsPaths = statsPaths;
    }

    /** {@return the probe of this machine: {@code /proc} and {@code /sys}} */
    public static TargetProbe system() {
        return SYSTEM;
    }

    /**
     * Describes a directory of this machine.
     *
     * @param directory the real path of an existing directory
     * @param store its file store
     * @return the description
     * @throws IOException if the file store's sizes cannot be read
     */
    public TargetInfo describe(Path directory, FileStore store) throws IOException {
        return describe(directory, deviceOf(directory), FileStoreFacts.of(store));
    }

    /**
     * Describes a directory given its device number and file-store facts; the mount table and
     * sysfs are read from this probe's roots.
     *
     * @param directory an absolute path with symbolic links resolved
     * @param stDev the directory's {@code st_dev}, or empty to take the mount's
     * @param store the file store's facts
     * @return the description
     */
    public TargetInfo describe(Path directory, Optional<DeviceNumber> stDev, FileStoreFacts store) {
        Optional<MountTable> table = mountTable();
        Optional<MountInfo> mount = table.flatMap(t -> t.find(directory, stDev));
        Optional<Upper> upper = table.flatMap(t -> mount.flatMap(m -> upper(t, m)));
        Optional<BlockDevice> device = upper.isPresent()
                ? deviceOf(upper.get().stDev(), Optional.of(upper.get().mount()))
                : deviceOf(stDev, mount);
        String type = mount.map(MountInfo::fileSystemType).orElse(store.type());
        List<BlockDevice> chain = device.map(BlockDevice::chain).orElse(List.of());
        Set<Warning> warnings = EnumSet.noneOf(Warning.class);
        warnings.addAll(TargetWarnings.of(type, mount, chain, store.totalBytes() == 0));
        upper.ifPresent(u -> warnings.addAll(TargetWarnings.of(u.mount().fileSystemType(),
                Optional.of(u.mount()), chain, false)));
        TargetInfo.Builder b = TargetInfo.builder(directory)
                .fileSystemType(type)
                .fileSystemSource(mount.map(MountInfo::source).orElse(store.name()))
                .fileSystemBlockSizeBytes(store.blockSizeBytes())
                .totalSpaceBytes(store.totalBytes())
                .usableSpaceBytes(store.usableBytes())
                .warnings(warnings);
        mount.ifPresent(b::mount);
        upper.ifPresent(u -> b.upperMount(u.mount()));
        device.ifPresent(b::device);
        boolean inMemory = TargetWarnings.keepsFilesInMemory(type) || upper.filter(u ->
                TargetWarnings.keepsFilesInMemory(u.mount().fileSystemType())).isPresent();
        b.cgroupLimits(cgroupLimits(chain, inMemory));
        if ("btrfs".equals(type)) {
            device.flatMap(d -> BtrfsProbe.data(sysRoot, d.sysfsName(), mount))
                    .ifPresent(b::btrfsData);
        }
        return b.build();
    }

    /**
     * The limits this process's cgroups put on a target: the I/O caps on its devices, and for a
     * file system that keeps its files in memory, the memory limit they are charged against.
     */
    private CgroupLimits cgroupLimits(List<BlockDevice> chain, boolean inMemory) {
        Cgroups cgroups = Cgroups.of(procRoot);
        return new CgroupLimits(CgroupIoLimits.of(cgroups, chain),
                inMemory ? CgroupMemory.of(cgroups) : Optional.empty());
    }

    /**
     * The I/O caps this process's cgroups put on a block device measured directly and the
     * devices below it. A RAM disk's pages (zram, brd) are charged to no memory cgroup, so no
     * memory limit is read.
     *
     * @param device the device, as from {@link #describeDevice}
     * @return the caps; {@link CgroupLimits#NONE} where none is set
     */
    public CgroupLimits deviceLimits(BlockDevice device) {
        return cgroupLimits(device.chain(), false);
    }

    private Optional<BlockDevice> deviceOf(Optional<DeviceNumber> stDev,
            Optional<MountInfo> mount) {
        return stDev.or(() -> mount.map(MountInfo::deviceNumber))
                .flatMap(devices::forDeviceNumber)
                .or(() -> mount.flatMap(m -> devices.forMountSource(m.source())));
    }

    /** The mount holding an overlay's upper directory, and that directory's st_dev if known. */
    private record Upper(MountInfo mount, Optional<DeviceNumber> stDev) { }

    /**
     * Where an overlay's writes land: the mount holding its {@code upperdir}. On this machine the
     * directory must be visible here (a container's upper directory is a path of the host's mount
     * namespace: then nothing is found); a probe of other roots looks the path up in their mount
     * table only.
     */
    private Optional<Upper> upper(MountTable table, MountInfo mount) {
        if (!mount.fileSystemType().equals(OVERLAY)) {
            return Optional.empty();
        }
        Optional<Path> dir = mount.optionValue("upperdir").flatMap(TargetProbe::path);
        if (dir.isEmpty()) {
            return Optional.empty(); // a read-only overlay: nothing is written anywhere
        }
        Optional<DeviceNumber> stDev = Optional.empty();
        if (statsPaths) {
            stDev = Files.isDirectory(dir.get()) ? deviceOf(dir.get()) : Optional.empty();
            if (stDev.isEmpty()) {
                LOG.debug("the upper directory {} of the overlay {} is not visible here",
                        dir.get(), mount.mountPoint());
                return Optional.empty();
            }
        }
        Optional<DeviceNumber> number = stDev;
        return table.find(dir.get(), stDev).filter(m -> !m.equals(mount)
                && !m.fileSystemType().equals(OVERLAY)).map(m -> new Upper(m, number));
    }

    private static Optional<Path> path(String option) {
        try {
            Path p = Path.of(option);
            return p.isAbsolute() ? Optional.of(p.normalize()) : Optional.empty();
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }

    /**
     * Describes a block device of this machine and the devices below it, as a target's chain.
     *
     * @param number the device's number ({@code st_rdev} of its node)
     * @return the device, or empty if sysfs has no block device of that number
     */
    public Optional<BlockDevice> describeDevice(DeviceNumber number) {
        return devices.forDeviceNumber(number);
    }

    /**
     * The warnings a block device measured directly calls for (loop device, RAM disk, dm-crypt,
     * md RAID, zram compression, a USB 3 device at USB 2 speed).
     *
     * @param device the device, as from {@link #describeDevice}
     * @return the warnings
     */
    public static Set<Warning> deviceWarnings(BlockDevice device) {
        return TargetWarnings.of("", Optional.empty(), device.chain(), false);
    }

    private Optional<MountTable> mountTable() {
        Path file = procRoot.resolve("self").resolve("mountinfo");
        try {
            return Optional.of(MountTable.parse(
                    new String(Files.readAllBytes(file), StandardCharsets.UTF_8)));
        } catch (IOException e) {
            LOG.debug("cannot read {}: {}; the mount is left out of the description", file,
                    e.toString());
            return Optional.empty();
        }
    }

    /**
     * @param path an existing file
     * @return its {@code st_dev}, empty where the platform has no {@code unix:dev} attribute
     */
    static Optional<DeviceNumber> deviceOf(Path path) {
        try {
            return Optional.of(DeviceNumber.fromStDev(((Number) Files.getAttribute(path,
                    "unix:dev")).longValue()));
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            LOG.debug("no st_dev for {}: {}", path, e.toString());
            return Optional.empty();
        }
    }
}
