package io.github.drivespeed.internal.probe;

import io.github.drivespeed.report.DeviceActivity;
import io.github.drivespeed.report.DeviceIo;
import io.github.drivespeed.report.DiskFlushes;
import io.github.drivespeed.target.BlockDevice;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.unit.DataSize;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

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
 *
 * <p>Beside them, the disks at the bottom of those devices' chains (a partition's whole disk, the
 * disks under a device-mapper or md device, found through sysfs) are read for the FLUSH requests
 * they completed (field 16, Linux 5.5 and later) and the sectors written to them: a flush is
 * counted where it reaches the medium, on the whole disk, and only by a request-based (blk-mq)
 * disk, one with an {@code mq/} directory ({@link DiskFlushes}).
 */
public final class DeviceCounters {

    /** No device: every snapshot and difference is empty. */
    public static final DeviceCounters NONE = new DeviceCounters(Path.of("/sys"), List.of());

    private static final Path SYS = Path.of("/sys");

    /** Zero-based positions of the fields of {@link DeviceActivity}, in its order. */
    private static final int[] OTHER_FIELDS = {1, 5, 3, 7, 9, 10};
    /** Fields read: the first 11, which every kernel since 2.6 writes. */
    private static final int STAT_FIELDS = 11;
    /** Zero-based position of the flush requests completed (field 16; 17 fields since 5.5). */
    private static final int FLUSH_FIELD = 15;
    /** Deeper stacks than this are not real; it stops a cycle in a damaged tree. */
    private static final int MAX_DEPTH = 16;

    private final Path sysRoot;
    private final List<String> names;
    private final List<String> disks;

    /**
     * Counters of the devices {@code names}, summed, read from sysfs at {@code sysRoot}, and the
     * flushes of the disks at the bottom of their chains.
     *
     * @param sysRoot where sysfs is mounted
     * @param names kernel names of the devices to count, summed
     */
    public DeviceCounters(Path sysRoot, List<String> names) {
        this.sysRoot = Objects.requireNonNull(sysRoot, "sysRoot");
        this.names = List.copyOf(names);
        List<String> bottom = new ArrayList<>();
        for (String name : this.names) {
            bottomDisks(sysRoot.resolve("class").resolve("block").resolve(name), 0, bottom);
        }
        this.disks = List.copyOf(bottom);
    }

    /**
     * Adds the disks at the bottom of the chain below {@code dir}: a partition's parent, each
     * {@code slaves/} entry's own bottom, else the device itself.
     */
    private static void bottomDisks(Path dir, int depth, List<String> into) {
        Optional<Path> real = SysfsFiles.realPath(dir);
        if (real.isEmpty() || depth > MAX_DEPTH) {
            return;
        }
        Path d = real.get();
        if (Files.exists(d.resolve("partition"))) {
            bottomDisks(d.getParent(), depth + 1, into);
            return;
        }
        List<Path> slaves = SysfsFiles.entries(d.resolve("slaves"));
        if (slaves.isEmpty()) {
            String name = d.getFileName().toString();
            if (!into.contains(name)) {
                into.add(name);
            }
            return;
        }
        for (Path slave : slaves) {
            bottomDisks(slave, depth + 1, into);
        }
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
        Optional<BlockDevice> top = target.blockDevice();
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
        return BtrfsProbe.fileSystemDir(sysRoot, name).map(BtrfsProbe::devices)
                .orElse(List.of(name));
    }

    /** {@return the kernel names of the devices counted; empty for {@link #NONE}} */
    public List<String> names() {
        return names;
    }

    /**
     * {@return the kernel names of the disks at the bottom of the counted devices' chains, whose
     * flushes are read; empty for {@link #NONE}}
     */
    public List<String> disks() {
        return disks;
    }

    /**
     * The counters at one moment, summed over the devices.
     *
     * @param readIos field 1
     * @param readSectors field 3
     * @param writeIos field 5
     * @param writeSectors field 7
     * @param activity fields 2, 4, 6, 8, 10 and 11; empty where a file has fewer than 11 fields
     * @param disks the disks at the bottom of the chain, each as its own counters read; empty
     *     where they were not read
     */
    public record Snapshot(long readIos, long readSectors, long writeIos, long writeSectors,
            Optional<DeviceActivity> activity, List<DiskSnapshot> disks) {

        /**
         * Checks that nothing is null.
         *
         * @param readIos field 1
         * @param readSectors field 3
         * @param writeIos field 5
         * @param writeSectors field 7
         * @param activity the other fields, or empty
         * @param disks the bottom disks' counters, or empty
         */
        public Snapshot {
            Objects.requireNonNull(activity, "activity");
            disks = List.copyOf(disks);
        }

        /**
         * A snapshot without the bottom disks' counters.
         *
         * @param readIos field 1
         * @param readSectors field 3
         * @param writeIos field 5
         * @param writeSectors field 7
         * @param activity the other fields, or empty
         */
        public Snapshot(long readIos, long readSectors, long writeIos, long writeSectors,
                Optional<DeviceActivity> activity) {
            this(readIos, readSectors, writeIos, writeSectors, activity, List.of());
        }

        /**
         * A snapshot of a device's counters, as fields 1, 3, 5 and 7 of sysfs {@code stat}.
         *
         * @param readIos field 1
         * @param readSectors field 3
         * @param writeIos field 5
         * @param writeSectors field 7
         */
        public Snapshot(long readIos, long readSectors, long writeIos, long writeSectors) {
            this(readIos, readSectors, writeIos, writeSectors, Optional.empty(), List.of());
        }
    }

    /**
     * One bottom disk's counters at one moment.
     *
     * @param name the disk's kernel name
     * @param writeSectors field 7
     * @param flushRequests field 16; empty where the kernel does not count flushes for it (fewer
     *     than 17 fields, or a bio-based disk without {@code mq/})
     */
    public record DiskSnapshot(String name, long writeSectors, OptionalLong flushRequests) {

        /**
         * Checks that nothing is null.
         *
         * @param name the disk's kernel name
         * @param writeSectors field 7
         * @param flushRequests field 16, or empty
         */
        public DiskSnapshot {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(flushRequests, "flushRequests");
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
                allFields ? Optional.of(activity(other)) : Optional.empty(), diskSnapshots()));
    }

    /** The bottom disks' written sectors and flushes; empty if one cannot be read. */
    private List<DiskSnapshot> diskSnapshots() {
        List<DiskSnapshot> all = new ArrayList<>();
        for (String disk : disks) {
            Path dir = sysRoot.resolve("block").resolve(disk);
            Optional<String> text = SysfsFiles.text(dir.resolve("stat"));
            String[] parts = text.map(t -> t.trim().split("\\s+")).orElse(new String[0]);
            if (parts.length < 7) {
                return List.of();
            }
            try {
                OptionalLong flushes = parts.length > FLUSH_FIELD
                        && Files.isDirectory(dir.resolve("mq"))
                        ? OptionalLong.of(Long.parseUnsignedLong(parts[FLUSH_FIELD]))
                        : OptionalLong.empty();
                all.add(new DiskSnapshot(disk, Long.parseUnsignedLong(parts[6]), flushes));
            } catch (NumberFormatException e) {
                return List.of();
            }
        }
        return all;
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
                writeSectors * DataSize.SECTOR_BYTES, writeIos, activity,
                flushes(a.disks(), b.disks())));
    }

    /**
     * The bottom disks' flushes between two snapshots, with their write-cache mode and FUA read
     * now; empty where the snapshots do not hold the same disks or a counter went backwards.
     */
    private List<DiskFlushes> flushes(List<DiskSnapshot> before, List<DiskSnapshot> after) {
        if (before.size() != after.size() || before.isEmpty()) {
            return List.of();
        }
        List<DiskFlushes> all = new ArrayList<>();
        for (int i = 0; i < before.size(); i++) {
            DiskSnapshot x = before.get(i);
            DiskSnapshot y = after.get(i);
            long written = y.writeSectors() - x.writeSectors();
            OptionalLong flushed = x.flushRequests().isPresent() && y.flushRequests().isPresent()
                    ? OptionalLong.of(y.flushRequests().getAsLong()
                            - x.flushRequests().getAsLong())
                    : OptionalLong.empty();
            if (!x.name().equals(y.name()) || written < 0 || flushed.orElse(0) < 0) {
                return List.of();
            }
            Path queue = sysRoot.resolve("block").resolve(x.name()).resolve("queue");
            all.add(new DiskFlushes(x.name(), SysfsFiles.text(queue.resolve("write_cache"))
                    .flatMap(BlockDevice.WriteCache::ofSysfsText), SysfsFiles.number(queue.resolve("fua"))
                    .stream().mapToObj(f -> f != 0).findFirst(),
                    written * DataSize.SECTOR_BYTES, flushed));
        }
        return all;
    }

    private static Optional<DeviceActivity> difference(DeviceActivity x, DeviceActivity y) {
        long[] d = {y.readMerges() - x.readMerges(), y.writeMerges() - x.writeMerges(),
            y.readTicksMillis() - x.readTicksMillis(), y.writeTicksMillis() - x.writeTicksMillis(),
            y.ioTicksMillis() - x.ioTicksMillis(), y.timeInQueueMillis() - x.timeInQueueMillis()};
        return Arrays.stream(d).anyMatch(v -> v < 0) ? Optional.empty()
                : Optional.of(activity(d));
    }
}
