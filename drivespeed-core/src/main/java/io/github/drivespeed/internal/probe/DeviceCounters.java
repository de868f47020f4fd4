package io.github.drivespeed.internal.probe;

import io.github.drivespeed.report.DeviceActivity;
import io.github.drivespeed.report.DeviceIo;
import io.github.drivespeed.target.BlockDevice;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.unit.DataSize;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The kernel's I/O counters of the block device a target sits on, read from
 * {@code /sys/class/block/<name>/stat} before and after a timed pass
 * ({@code Documentation/block/stat.rst}: fields 1 read I/Os, 3 read sectors, 5 write I/Os, 7 write
 * sectors; sectors are 512 bytes whatever the device's block size; and fields 2, 4, 6, 8, 10, 11:
 * merges, ticks, busy time and weighted time in queue, for {@link DeviceActivity}). The device is the top of the
 * target's chain, the one the file system issues its I/O to (a partition, dm or md device, loop
 * device or whole disk); for btrfs every device of the file system
 * ({@code /sys/fs/btrfs/<uuid>/devices/}), since a read may be served by any of them. A target
 * without a block device has no counters. Reading them never fails a measurement: what cannot be
 * read is empty.
 */
public final class DeviceCounters {

    /** No device: every snapshot and difference is empty. */
    public static final DeviceCounters NONE = new DeviceCounters(Path.of("/sys"), List.of());

    private static final Path SYS = Path.of("/sys");

    /** Zero-based positions of the fields of {@link DeviceActivity}, in its order. */
    private static final int[] OTHER_FIELDS = {1, 5, 3, 7, 9, 10};
    /** Fields read: the first 11, which every kernel since 2.6 writes. */
    private static final int STAT_FIELDS = 11;

    private final Path sysRoot;
    private final List<String> names;

    /**
     * Counters of the devices {@code names}, summed, read from sysfs at {@code sysRoot}.
     *
     * @param sysRoot where sysfs is mounted
     * @param names kernel names of the devices to count, summed
     */
    public DeviceCounters(Path sysRoot, List<String> names) {
        this.sysRoot = Objects.requireNonNull(sysRoot, "sysRoot");
        this.names = List.copyOf(names);
    }

    /**
     * {@return the counters of the device its file system sits on, or {@link #NONE}}
     *
     * @param target a described target
     */
    public static DeviceCounters of(TargetInfo target) {
        return of(SYS, target);
    }

    /**
     * @param sysRoot where sysfs is mounted
     * @param target a described target
     * @return the counters of the device its file system sits on, or {@link #NONE}
     */
    static DeviceCounters of(Path sysRoot, TargetInfo target) {
        Optional<BlockDevice> top = target.device();
        if (top.isEmpty()) {
            return NONE;
        }
        String name = top.get().sysfsName();
        if ("btrfs".equals(target.fileSystemType())) {
            return new DeviceCounters(sysRoot, btrfsDevices(sysRoot, name));
        }
        return new DeviceCounters(sysRoot, List.of(name));
    }

    /**
     * {@return the device's I/O counters (sysfs {@code stat}), read now}
     *
     * @param sysfsName a block device's kernel name, for example {@code sdb}
     */
    public static DeviceCounters ofDevice(String sysfsName) {
        return new DeviceCounters(SYS, List.of(sysfsName));
    }

    /** The devices of the btrfs file system that {@code name} belongs to, or just {@code name}. */
    private static List<String> btrfsDevices(Path sysRoot, String name) {
        for (Path fs : SysfsFiles.entries(sysRoot.resolve("fs").resolve("btrfs"))) {
            Path devices = fs.resolve("devices");
            List<String> all = new ArrayList<>();
            for (Path d : SysfsFiles.entries(devices)) {
                all.add(d.getFileName().toString());
            }
            if (all.contains(name)) {
                return all;
            }
        }
        return List.of(name);
    }

    /** {@return the kernel names of the devices counted; empty for {@link #NONE}} */
    public List<String> names() {
        return names;
    }

    /**
     * The counters at one moment, summed over the devices.
     *
     * @param readIos field 1
     * @param readSectors field 3
     * @param writeIos field 5
     * @param writeSectors field 7
     * @param activity fields 2, 4, 6, 8, 10 and 11; empty where a file has fewer than 11 fields
     */
    public record Snapshot(long readIos, long readSectors, long writeIos, long writeSectors,
            Optional<DeviceActivity> activity) {

        /**
         * A snapshot of a device's counters, as fields 1, 3, 5 and 7 of sysfs {@code stat}.
         *
         * @param readIos field 1
         * @param readSectors field 3
         * @param writeIos field 5
         * @param writeSectors field 7
         */
        public Snapshot(long readIos, long readSectors, long writeIos, long writeSectors) {
            this(readIos, readSectors, writeIos, writeSectors, Optional.empty());
        }
    }

    /**
     * {@return the counters now, or empty without a device or when a {@code stat} file cannot be
     * read}
     */
    public Optional<Snapshot> snapshot() {
        if (names.isEmpty()) {
            return Optional.empty();
        }
        long readIos = 0;
        long readSectors = 0;
        long writeIos = 0;
        long writeSectors = 0;
        long[] other = new long[OTHER_FIELDS.length];
        boolean allFields = true;
        for (String name : names) {
            Optional<long[]> f = fields(sysRoot.resolve("class").resolve("block").resolve(name)
                    .resolve("stat"));
            if (f.isEmpty()) {
                return Optional.empty();
            }
            readIos += f.get()[0];
            readSectors += f.get()[2];
            writeIos += f.get()[4];
            writeSectors += f.get()[6];
            allFields &= f.get().length == STAT_FIELDS;
            for (int i = 0; i < OTHER_FIELDS.length && allFields; i++) {
                other[i] += f.get()[OTHER_FIELDS[i]];
            }
        }
        return Optional.of(new Snapshot(readIos, readSectors, writeIos, writeSectors,
                allFields ? Optional.of(activity(other)) : Optional.empty()));
    }

    private static DeviceActivity activity(long[] v) {
        return new DeviceActivity(v[0], v[1], v[2], v[3], v[4], v[5]);
    }

    private static Optional<long[]> fields(Path stat) {
        Optional<String> text = SysfsFiles.text(stat);
        if (text.isEmpty()) {
            return Optional.empty();
        }
        String[] parts = text.get().trim().split("\\s+");
        if (parts.length < 7) {
            return Optional.empty();
        }
        long[] values = new long[Math.min(STAT_FIELDS, parts.length)];
        try {
            for (int i = 0; i < values.length; i++) {
                values[i] = Long.parseUnsignedLong(parts[i]);
            }
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        return Optional.of(values);
    }

    /**
     * What the devices moved between two snapshots.
     *
     * @param before taken just before the pass
     * @param after taken just after it
     * @return the difference, or empty when either is missing or a counter went backwards
     *     (wrapped, or the device was replaced)
     */
    public Optional<DeviceIo> between(Optional<Snapshot> before, Optional<Snapshot> after) {
        if (before.isEmpty() || after.isEmpty()) {
            return Optional.empty();
        }
        Snapshot a = before.get();
        Snapshot b = after.get();
        long readIos = b.readIos() - a.readIos();
        long readSectors = b.readSectors() - a.readSectors();
        long writeIos = b.writeIos() - a.writeIos();
        long writeSectors = b.writeSectors() - a.writeSectors();
        if (readIos < 0 || readSectors < 0 || writeIos < 0 || writeSectors < 0) {
            return Optional.empty();
        }
        Optional<DeviceActivity> activity = Optional.empty();
        if (a.activity().isPresent() && b.activity().isPresent()) {
            activity = difference(a.activity().get(), b.activity().get());
        }
        return Optional.of(new DeviceIo(String.join("+", names),
                readSectors * DataSize.SECTOR_BYTES, readIos,
                writeSectors * DataSize.SECTOR_BYTES, writeIos, activity));
    }

    private static Optional<DeviceActivity> difference(DeviceActivity x, DeviceActivity y) {
        long[] d = {y.readMerges() - x.readMerges(), y.writeMerges() - x.writeMerges(),
            y.readTicksMillis() - x.readTicksMillis(), y.writeTicksMillis() - x.writeTicksMillis(),
            y.ioTicksMillis() - x.ioTicksMillis(), y.timeInQueueMillis() - x.timeInQueueMillis()};
        return Arrays.stream(d).anyMatch(v -> v < 0) ? Optional.empty()
                : Optional.of(activity(d));
    }
}
