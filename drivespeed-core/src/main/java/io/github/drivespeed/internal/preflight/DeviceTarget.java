package io.github.drivespeed.internal.preflight;

import io.github.drivespeed.internal.io.IoFailures;
import io.github.drivespeed.internal.probe.DeviceUsage;
import io.github.drivespeed.internal.probe.TargetProbe;
import io.github.drivespeed.spi.BlockDeviceGeometry;
import io.github.drivespeed.spi.Capability;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.target.BlockDevice;
import io.github.drivespeed.target.CgroupLimits;
import io.github.drivespeed.target.DeviceInfo;
import io.github.drivespeed.target.DeviceNumber;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * An examined block device: its real path, number, kernel name, size and logical block size,
 * sysfs description and warnings, and the backend chosen for it. Examining opens nothing for
 * writing.
 *
 * @param given the path as the caller gave it
 * @param device its real path
 * @param number its device number ({@code st_rdev})
 * @param sysfsName its kernel name, if sysfs has it
 * @param sizeBytes its size (ioctl BLKGETSIZE64, else sysfs {@code size})
 * @param logicalBlockBytes its logical block size (ioctl BLKSSZGET, else sysfs)
 * @param readOnly whether the kernel refuses writes to it (sysfs {@code ro}, ioctl BLKROGET)
 * @param description sysfs's description and the devices below it
 * @param warnings what about it may distort the figures
 * @param selection the backend
 * @param cgroupLimits the I/O caps this process's cgroups put on it and the devices below it
 */
public record DeviceTarget(Path given, Path device, DeviceNumber number, Optional<String> sysfsName,
        long sizeBytes, int logicalBlockBytes, boolean readOnly, Optional<BlockDevice> description,
        Set<Warning> warnings, BackendSelector.Selection selection, CgroupLimits cgroupLimits) {

    /** {@return the chosen backend} */
    public IoBackend io() {
        return selection.backend();
    }

    /**
     * {@return the device examined: its number, size in bytes, logical block size, whether it is
     * read-only, and the backend to run on}
     *
     * @param given the device as the caller gave it
     * @param backend the caller's backend, or empty for the best available
     * @throws io.github.drivespeed.error.TargetNotFoundException if it does not exist
     * @throws io.github.drivespeed.error.UnsupportedTargetException if it is not a block device
     * @throws IOException if it cannot be examined, or its size cannot be read
     */
    public static DeviceTarget examine(Path given, Optional<IoBackend> backend) throws IOException {
        if (Thread.currentThread().isInterrupted()) {
            throw IoFailures.interrupted("set-up, before any I/O", 0, 0, null);
        }
        Path device = TargetChecks.requireBlockDevice(given);
        DeviceNumber number = DeviceNumber.fromStDev(
                ((Number) Files.getAttribute(device, "unix:rdev")).longValue());
        Optional<String> name = DeviceUsage.sysfsName(number);
        Optional<BlockDevice> description = TargetProbe.system().describeDevice(number);
        BackendSelector.Selection selection = backend.map(BackendSelector::explicit)
                .orElseGet(BackendSelector::selected);
        IoBackend io = selection.backend();
        long size;
        int logical;
        // read-only where the kernel says so by either way: sysfs ro, or ioctl BLKROGET
        boolean readOnly = description.flatMap(BlockDevice::readOnly).orElse(false);
        if (io.capabilities().contains(Capability.DEVICE_SIZE)) {
            BlockDeviceGeometry g;
            try {
                g = io.blockDeviceGeometry(device);
            } catch (IOException e) {
                throw DeviceOpenRefusal.of(given, device, e, false);
            }
            size = g.sizeBytes();
            logical = g.logicalBlockBytes();
            readOnly |= g.readOnly();
        } else {
            size = description.flatMap(d -> d.sizeBytes().isPresent()
                    ? Optional.of(d.sizeBytes().getAsLong()) : Optional.empty())
                    .orElseThrow(() -> new IOException("cannot read the size of " + device
                            + ": no sysfs entry for " + number + " and the " + io.name()
                            + " backend has no ioctl(BLKGETSIZE64)"));
            logical = (int) description.map(d -> d.logicalBlockBytes().orElse(512))
                    .orElse(512L).longValue();
        }
        Set<Warning> warnings = description.map(TargetProbe::deviceWarnings)
                .orElse(EnumSet.noneOf(Warning.class));
        CgroupLimits limits = description.map(TargetProbe.system()::deviceLimits)
                .orElse(CgroupLimits.NONE);
        return new DeviceTarget(given, device, number, name, size, logical, readOnly,
                description, warnings, selection, limits);
    }

    /**
     * {@return the device as a report names it: its node (the given path where
     * {@code asGiven}, else the real one), sysfs's description, size, logical block size,
     * warnings and the cgroup's caps on it}
     *
     * @param asGiven whether to name it by the path the caller gave
     */
    public DeviceInfo info(boolean asGiven) {
        return new DeviceInfo(asGiven ? given : device, description, sizeBytes,
                logicalBlockBytes, warnings, cgroupLimits);
    }
}
