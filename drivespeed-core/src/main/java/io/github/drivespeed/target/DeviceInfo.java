package io.github.drivespeed.target;

import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.warning.Warning;
import java.nio.file.Path;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A raw block device a test ran on ({@link io.github.drivespeed.DevicePlan}): its node, its size
 * and logical block size (ioctl BLKGETSIZE64 and BLKSSZGET, else sysfs), what sysfs says about it
 * and the devices below it, and the warnings that calls for (loop device, RAM disk, encryption,
 * ...). Immutable.
 *
 * @param device the device node, for example {@code /dev/sdb}: with symbolic links resolved for
 *     a device test, as given for a capacity probe
 * @param blockDevice what sysfs says about it, with the devices below it; empty if not found
 * @param sizeBytes its size in bytes
 * @param logicalBlockBytes its logical block size in bytes
 * @param warnings what about the device itself may make figures differ from its own speed
 * @param cgroupLimits the I/O caps the process's cgroups put on the device and the devices below
 *     it (cgroup v1 {@code blkio.throttle.*}, v2 {@code io.max}); {@link CgroupLimits#NONE} where
 *     none was found. A figure at a cap is the cap's ({@link Warning#CGROUP_IO_LIMIT})
 * @since 0.1.0
 */
public record DeviceInfo(Path device, Optional<BlockDevice> blockDevice, long sizeBytes,
        int logicalBlockBytes, Set<Warning> warnings, CgroupLimits cgroupLimits)
        implements Target {

    /**
     * Checks the values.
     *
     * @param device the device node
     * @param blockDevice what sysfs says about it, or empty
     * @param sizeBytes its size in bytes
     * @param logicalBlockBytes its logical block size in bytes
     * @param warnings what about it may distort the figures
     * @param cgroupLimits the cgroup's I/O caps on the device and those below it
     * @throws IllegalArgumentException if the size is negative or the logical block size not
     *     positive
     * @throws NullPointerException if an object field is null
     */
    public DeviceInfo {
        Objects.requireNonNull(device, "device");
        Objects.requireNonNull(blockDevice, "blockDevice");
        Objects.requireNonNull(cgroupLimits, "cgroupLimits");
        if (sizeBytes < 0 || logicalBlockBytes <= 0) {
            throw new IllegalArgumentException("need sizeBytes >= 0 and logicalBlockBytes > 0: "
                    + sizeBytes + ", " + logicalBlockBytes);
        }
        warnings = warnings.isEmpty() ? Set.of()
                : Collections.unmodifiableSet(EnumSet.copyOf(warnings));
    }

    /**
     * A device on which no cgroup limit was found.
     *
     * @param device the device node
     * @param blockDevice what sysfs says about it, or empty
     * @param sizeBytes its size in bytes
     * @param logicalBlockBytes its logical block size in bytes
     * @param warnings what about it may distort the figures
     */
    public DeviceInfo(Path device, Optional<BlockDevice> blockDevice, long sizeBytes,
            int logicalBlockBytes, Set<Warning> warnings) {
        this(device, blockDevice, sizeBytes, logicalBlockBytes, warnings, CgroupLimits.NONE);
    }

    /** {@return the block device, as {@link #device()}} */
    @Override
    public Path path() {
        return device;
    }

    /**
     * The link that bounds every transfer to the device: its single whole disk's link, if known.
     *
     * @return the link
     */
    @Override
    public Optional<Link> link() {
        List<BlockDevice> disks = blockDevice.map(BlockDevice::chain).orElse(List.of()).stream()
                .filter(d -> d.lower().isEmpty()).toList();
        return disks.size() == 1 ? disks.get(0).link() : Optional.empty();
    }

    /**
     * The device for people: node, size, logical block size and read-only flag, then sysfs's
     * description of it and each device below it, the link, and the cgroup's I/O caps on it
     * ({@code cgroup:} lines).
     *
     * <pre>
     * device:     /dev/sdb, 29.7 GiB (31914983424 bytes), logical block 512 B
     *   sysfs:    sdb (8:16), disk, usb, SanDisk Ultra, 31.9 GB (29.7 GiB)
     *   link:     USB 3.0 (5 Gbit/s), ...
     * </pre>
     *
     * @return the lines, each ending in a newline
     */
    @Override
    public String details() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "device:     %s, %s (%d bytes), logical block %d B%s%n",
                device, DataSize.ofBytes(sizeBytes), sizeBytes, logicalBlockBytes,
                blockDevice.flatMap(BlockDevice::readOnly).orElse(false) ? ", read-only" : ""));
        blockDevice.ifPresent(d -> {
            for (BlockDevice b : d.chain()) {
                sb.append("  ").append(b == d ? "sysfs:    " : "<- ").append(b.identity())
                        .append('\n');
            }
            link().ifPresent(l -> sb.append("  link:     ").append(l).append('\n'));
        });
        TargetInfo.appendCgroupLimits(sb, cgroupLimits);
        return sb.toString();
    }

    /** For example {@code /dev/sdb (29.7 GiB, logical block 512 B)}. */
    @Override
    public String toString() {
        return device + " (" + DataSize.ofBytes(sizeBytes) + ", logical block "
                + logicalBlockBytes + " B)";
    }
}
