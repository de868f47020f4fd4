package io.github.drivespeed.target;

import io.github.drivespeed.unit.Throughput;
import java.util.Locale;
import java.util.Objects;

/**
 * One cap a cgroup puts on this process's I/O to a block device of the target: reads or writes,
 * in bytes or in I/Os per second, as Docker's {@code --device-write-bps}, Kubernetes and systemd's
 * {@code IOWriteBandwidthMax} set it. The kernel holds the process to it whatever the drive could
 * do, so a figure at the cap is the cap's ({@link io.github.drivespeed.warning.Warning#CGROUP_IO_LIMIT}).
 *
 * <p>Where it comes from: cgroup v1's {@code blkio.throttle.read_bps_device},
 * {@code write_bps_device}, {@code read_iops_device} and {@code write_iops_device} of the
 * process's own blkio cgroup, lines {@code MAJ:MIN VALUE} (kernel
 * {@code Documentation/admin-guide/cgroup-v1/blkio-controller.rst}); cgroup v2's {@code io.max}
 * of the process's cgroup and each ancestor, lines {@code MAJ:MIN rbps=N wbps=N riops=N
 * wiops=N} ({@code max} for none; {@code cgroup-v2.rst}, "IO Interface Files"). Only whole disks
 * carry limits (the kernel refuses a partition's number), and a partition's I/O is held to its
 * disk's; a stacked device (device-mapper, md) may carry its own.
 *
 * @param deviceNumber the device the limit is keyed by ({@code MAJ:MIN})
 * @param deviceName that device's name in sysfs, for example {@code sda}
 * @param direction what is capped: reads or writes
 * @param kind what is capped: bandwidth (bytes per second) or IOPS
 * @param perSecond the cap: bytes per second ({@link Kind#BANDWIDTH}) or I/Os per second
 *     ({@link Kind#IOPS}); positive
 * @param version the hierarchy it was read from
 * @param cgroup the cgroup that sets it, as {@code /proc/self/cgroup} names cgroups ({@code /}
 *     for the root), for example {@code /system.slice/app.service}
 * @since 0.1.0
 */
public record IoLimit(DeviceNumber deviceNumber, String deviceName, Direction direction, Kind kind,
        long perSecond, CgroupVersion version, String cgroup) {

    /**
     * What a limit caps.
     *
     * @since 0.1.0
     */
    public enum Direction {
        /** Reads from the device. */
        READ,
        /** Writes to the device. */
        WRITE;

        /** {@return {@code reads} or {@code writes}} */
        public String plural() {
            return this == READ ? "reads" : "writes";
        }
    }

    /**
     * What a limit caps.
     *
     * @since 0.1.0
     */
    public enum Kind {
        /** Bandwidth, bytes per second ({@code *_bps_device}, {@code rbps}, {@code wbps}). */
        BANDWIDTH,
        /** IOPS, I/Os per second ({@code *_iops_device}, {@code riops}, {@code wiops}). */
        IOPS
    }

    /**
     * Checks the values.
     *
     * @param deviceNumber the device the limit is keyed by
     * @param deviceName its sysfs name
     * @param direction reads or writes
     * @param kind bandwidth or IOPS
     * @param perSecond the cap, positive
     * @param version the hierarchy
     * @param cgroup the cgroup that sets it
     * @throws IllegalArgumentException if the cap is not positive or the cgroup is not an
     *     absolute path
     * @throws NullPointerException if an object is null
     */
    public IoLimit {
        Objects.requireNonNull(deviceNumber, "deviceNumber");
        Objects.requireNonNull(deviceName, "deviceName");
        Objects.requireNonNull(direction, "direction");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(cgroup, "cgroup");
        if (perSecond <= 0) {
            throw new IllegalArgumentException("perSecond must be > 0: " + perSecond);
        }
        if (!cgroup.startsWith("/")) {
            throw new IllegalArgumentException("cgroup must start with /: " + cgroup);
        }
    }

    /** {@return the cap as a throughput; {@link Throughput#NOT_AVAILABLE} for an I/O cap} */
    public Throughput throughput() {
        return kind == Kind.BANDWIDTH ? Throughput.ofBytesPerSecond(perSecond)
                : Throughput.NOT_AVAILABLE;
    }

    /**
     * {@return where the limit is set: {@code blkio.throttle.write_bps_device} (v1), {@code io.max
     * wbps} (v2)}
     */
    public String file() {
        String rw = direction == Direction.READ ? "r" : "w";
        if (version == CgroupVersion.V2) {
            return "io.max " + rw + (kind == Kind.BANDWIDTH ? "bps" : "iops");
        }
        return "blkio.throttle." + (direction == Direction.READ ? "read" : "write")
                + (kind == Kind.BANDWIDTH ? "_bps_device" : "_iops_device");
    }

    /**
     * {@return the cap for people: {@code 8.39 MB/s (8.00 MiB/s)} or {@code 1000 IOPS}}
     */
    public String rate() {
        return kind == Kind.BANDWIDTH ? throughput().toString() : perSecond + " IOPS";
    }

    /**
     * {@return a figure in this limit's unit, for people: {@code 8.39 MB/s (8.00 MiB/s)} or
     * {@code 998 IOPS}}
     *
     * @param figurePerSecond bytes or I/Os per second
     */
    String format(double figurePerSecond) {
        return kind == Kind.BANDWIDTH ? Throughput.ofBytesPerSecond(figurePerSecond).toString()
                : String.format(Locale.ROOT, "%.0f IOPS", figurePerSecond);
    }

    /**
     * For example {@code writes capped at 8.39 MB/s (8.00 MiB/s) on loop1 (7:1) by cgroup v1
     * /app (blkio.throttle.write_bps_device)}.
     */
    @Override
    public String toString() {
        return direction.plural() + " capped at " + rate() + " on " + deviceName + " ("
                + deviceNumber + ") by cgroup " + version.label() + " " + cgroup + " (" + file() + ")";
    }
}
