package io.github.drivespeed;

import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.error.TargetNotFoundException;
import io.github.drivespeed.error.UnsupportedTargetException;
import io.github.drivespeed.internal.preflight.BackendSelector;
import io.github.drivespeed.internal.preflight.TargetChecks;
import io.github.drivespeed.internal.probe.TargetProbe;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.target.TargetInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Entry point: measures how fast a drive writes and reads, the way
 * {@code dd if=/dev/urandom of=F bs=8M count=32 oflag=direct conv=fdatasync} followed by
 * {@code dd if=F of=/dev/null bs=8M iflag=direct} does, in-process.
 *
 * <pre>{@code
 * SpeedReport r = DriveSpeed.on(Path.of("/media/usb0")).blockSize("8M").count(32).direct().run();
 * double mbps = r.write().median().megabytesPerSecond();   // 10^6 bytes per second
 * TargetInfo t = DriveSpeed.probe(Path.of("/media/usb0"));  // look first: mount, disk, link, warnings
 * }</pre>
 *
 * @since 0.1.0
 */
public final class DriveSpeed {

    private DriveSpeed() {
    }

    /**
     * A speed test with the default settings in {@code directory}, where the test file will be
     * created. Nothing is examined or written until {@link SequentialPlan#run()}.
     *
     * @param directory an existing directory on the drive to measure
     * @return the plan, with defaults
     * @throws NullPointerException if {@code directory} is null
     * @throws IllegalArgumentException if {@code directory} is the empty path
     */
    public static SequentialPlan on(Path directory) {
        requireNonEmpty(directory);
        return SequentialPlan.defaults(directory);
    }

    private static void requireNonEmpty(Path directory) {
        if (directory != null && directory.toString().isEmpty()) {
            throw new InvalidSettingException("directory", "", "must not be empty: give a"
                    + " directory, for example Path.of(\".\") for the current one");
        }
    }

    /**
     * Describes the drive holding {@code directory} without writing anything: the mount and its
     * options, the block devices down to the disks with their model, block sizes and bus link,
     * and the warnings, as {@link SpeedReport#target()} would. Reads {@code /proc/self/mountinfo}
     * and {@code /sys} (Linux); elsewhere only what {@link java.nio.file.FileStore} tells.
     *
     * @param directory an existing directory
     * @return the description
     * @throws TargetNotFoundException if {@code directory} does not exist (it is not created)
     * @throws UnsupportedTargetException if it is not a directory
     * @throws IOException if its file system cannot be examined
     * @throws NullPointerException if {@code directory} is null
     * @throws IllegalArgumentException if {@code directory} is the empty path
     */
    public static TargetInfo probe(Path directory) throws IOException {
        Objects.requireNonNull(directory, "directory");
        requireNonEmpty(directory);
        Path real = TargetChecks.requireDirectory(directory);
        return TargetProbe.system().describe(real, Files.getFileStore(real));
    }

    /**
     * A test of a raw block device with the default settings: read-only, O_DIRECT, 8 MiB blocks,
     * 3 runs of 3 seconds each from offset 0 on, as {@code hdparm -t} (or
     * {@code dd if=/dev/sdX of=/dev/null bs=8M iflag=direct}) measures. Nothing is examined or
     * opened until {@link DevicePlan#run()}; the device is never created, and never written
     * unless the caller opts in ({@link DevicePlan#write()} with
     * {@link DevicePlan#allowWritesTo(Path)} naming it again).
     *
     * @param device a block device node, for example {@code /dev/sdb} or
     *     {@code /dev/disk/by-id/usb-...}
     * @return the plan, with defaults
     * @throws NullPointerException if {@code device} is null
     * @throws IllegalArgumentException if {@code device} is the empty path
     */
    public static DevicePlan onDevice(Path device) {
        Objects.requireNonNull(device, "device");
        if (device.toString().isEmpty()) {
            throw new InvalidSettingException("device", "", "must not be empty: give a block"
                    + " device, for example Path.of(\"/dev/sdb\")");
        }
        return DevicePlan.defaults(device);
    }

    /**
     * A probe of a block device's real capacity, destroying its contents, as
     * {@code f3probe --destructive}: the device's counterpart of {@link #verifyCapacity(Path)}
     * (the command line's {@code DEVICE --verify-capacity}). Nothing is examined or written until
     * {@link CapacityProbePlan#run()}, which also needs the opt-ins
     * ({@link CapacityProbePlan#allowWritesTo(Path)} naming the device again, and
     * {@link CapacityProbePlan#force()} over a partition table or file system).
     *
     * @param device a block device node, for example {@code /dev/sdb}
     * @return the plan, with defaults (a cache bound of 256 MiB)
     * @throws NullPointerException if {@code device} is null
     * @throws IllegalArgumentException if {@code device} is the empty path
     */
    public static CapacityProbePlan probeCapacity(Path device) {
        return CapacityProbePlan.defaults(onDevice(device).target());
    }

    /**
     * A capacity check of the drive holding {@code directory}, as f3write + f3read and h2testw:
     * fills the free space with stamped files, writes them all before reading any back, checks
     * every byte, removes them. Nothing is examined or written until {@link CapacityPlan#run()}.
     *
     * @param directory an existing directory on the drive to check
     * @return the plan, with defaults (the whole free space)
     * @throws NullPointerException if {@code directory} is null
     * @throws IllegalArgumentException if {@code directory} is the empty path
     */
    public static CapacityPlan verifyCapacity(Path directory) {
        requireNonEmpty(directory);
        return CapacityPlan.defaults(directory);
    }

    /**
     * A sustained write in {@code directory} with the default settings: no warm-up, 1 MiB blocks,
     * until the rate has fallen and held steady for 10 s, or 120 s, 8 GiB or half the free space
     * (5 % of the file system, 16 MiB to 1 GiB, always left free). Reports the burst rate, the
     * write cache's size and the sustained rate after it. Nothing is examined or written until
     * {@link SustainedPlan#run()}.
     *
     * @param directory an existing directory on the drive to measure
     * @return the plan, with defaults
     * @throws NullPointerException if {@code directory} is null
     * @throws IllegalArgumentException if {@code directory} is the empty path
     */
    public static SustainedPlan sustained(Path directory) {
        requireNonEmpty(directory);
        return SustainedPlan.defaults(directory);
    }

    /**
     * A fio-style workload with the default settings in {@code directory} (random 4 KiB reads,
     * queue depth 1, one thread, 5 s, over a 1 GiB test file): the plan for random I/O, mixes,
     * queue depth, threads, latency percentiles, timelines, block-size sweeps and the
     * CrystalDiskMark presets. Nothing is examined or written until it runs.
     *
     * @param directory an existing directory on the drive to measure
     * @return the plan, with defaults
     * @throws NullPointerException if {@code directory} is null
     * @throws IllegalArgumentException if {@code directory} is the empty path
     */
    public static WorkloadPlan workload(Path directory) {
        requireNonEmpty(directory);
        return WorkloadPlan.defaults(directory);
    }

    /**
     * An empty group of workloads that run at the same time, as the jobs of one fio group: add
     * plans with {@link WorkloadGroup#job(WorkloadPlan)}.
     *
     * @return the empty group
     */
    public static WorkloadGroup group() {
        return WorkloadGroup.empty();
    }

    /**
     * The I/O backend with this name, as the plans' {@code backend(String)} would use it: for
     * wrapping it (drivespeed-test's fault-injecting and recording backends forward to it) or
     * asking it what it can do. Nothing is opened or examined.
     *
     * @param name the backend's {@link IoBackend#name() name}: {@code java} (the pure-Java
     *     backend, always there) or {@code native} (with drivespeed-native on the class path)
     * @return the backend, which may report itself unavailable here
     *     ({@link IoBackend#unavailableReason()})
     * @throws NullPointerException if {@code name} is null
     * @throws IllegalArgumentException if no backend has that name (the message lists those that
     *     exist)
     */
    public static IoBackend backend(String name) {
        return BackendSelector.named(name);
    }
}
