package io.github.drivespeed.internal.probe;

import io.github.drivespeed.target.BlockDevice;
import io.github.drivespeed.target.DeviceNumber;
import io.github.drivespeed.target.IoLimit;
import io.github.drivespeed.target.IoLimit.Direction;
import io.github.drivespeed.target.IoLimit.Kind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The I/O caps the process's cgroups put on a chain of block devices: every device of the chain
 * is matched, since the kernel keys limits by whole disk (it refuses a partition's number, and
 * holds a partition's I/O to its disk's limit) and a stacked device (device-mapper, md) may carry
 * its own.
 *
 * <p>cgroup v1 ({@code blkio.throttle.read_bps_device}, {@code write_bps_device},
 * {@code read_iops_device}, {@code write_iops_device}; lines {@code MAJ:MIN VALUE}): only the
 * process's own cgroup counts. v1's throttle is flat: "all throtl_grps are treated as if they're
 * all separate root groups", so a parent's limit does not hold its children (kernel
 * {@code block/blk-throttle.c}, {@code throtl_pd_init}; {@code blkio-controller.rst},
 * "Hierarchical Cgroups"; measured on this project's test machine: a child of a cgroup capped at
 * 4 MiB/s wrote at 1.1 GB/s).
 *
 * <p>cgroup v2 ({@code io.max}; lines {@code MAJ:MIN rbps=N wbps=N riops=N wiops=N}, {@code max}
 * for none, keys absent where not set): the limits of every level of the process's cgroup path
 * hold it ({@code cgroup-v2.rst}: a limit holds the whole subtree), so the smallest of each is the
 * one that counts.
 */
final class CgroupIoLimits {

    /** The caps, each with its v1 file, in the order their limits are listed. */
    private static final List<Cap> V1_FILES = List.of(
            new Cap("blkio.throttle.read_bps_device", Direction.READ, Kind.BANDWIDTH),
            new Cap("blkio.throttle.write_bps_device", Direction.WRITE, Kind.BANDWIDTH),
            new Cap("blkio.throttle.read_iops_device", Direction.READ, Kind.IOPS),
            new Cap("blkio.throttle.write_iops_device", Direction.WRITE, Kind.IOPS));

    /** The caps by the keys of a v2 {@code io.max} line. */
    private static final Map<String, Cap> V2_KEYS = Map.of(
            "rbps", V1_FILES.get(0), "wbps", V1_FILES.get(1),
            "riops", V1_FILES.get(2), "wiops", V1_FILES.get(3));

    private record Cap(String v1File, Direction direction, Kind kind) {
    }

    private record Key(DeviceNumber device, Direction direction, Kind kind) {
    }

    private CgroupIoLimits() {
    }

    /**
     * @param cgroups the process's cgroups
     * @param chain the target's devices, top first
     * @return the caps on those devices, in chain order, then reads before writes, bytes before
     *     I/Os; empty where none is set or nothing could be read
     */
    static List<IoLimit> of(Cgroups cgroups, List<BlockDevice> chain) {
        Map<DeviceNumber, String> names = new LinkedHashMap<>();
        chain.forEach(d -> names.putIfAbsent(d.deviceNumber(), d.sysfsName()));
        if (names.isEmpty()) {
            return List.of();
        }
        Map<Key, IoLimit> tightest = new LinkedHashMap<>();
        List<Cgroups.Level> v1 = cgroups.v1("blkio");
        if (!v1.isEmpty()) {
            Cgroups.Level own = v1.get(0);
            for (Cap f : V1_FILES) {
                for (String line : SysfsFiles.text(own.directory().resolve(f.v1File()))
                        .map(t -> t.split("\n")).orElse(new String[0])) {
                    String[] fields = line.strip().split("\\s+");
                    if (fields.length == 2) {
                        device(fields[0]).ifPresent(d -> number(fields[1]).ifPresent(v ->
                                keep(tightest, names, d, f, v, own)));
                    }
                }
            }
        }
        for (Cgroups.Level level : cgroups.v2()) {
            for (String line : SysfsFiles.text(level.directory().resolve("io.max"))
                    .map(t -> t.split("\n")).orElse(new String[0])) {
                String[] fields = line.strip().split("\\s+");
                Optional<DeviceNumber> d = fields.length > 0 ? device(fields[0]) : Optional.empty();
                for (int i = 1; d.isPresent() && i < fields.length; i++) {
                    String[] kv = fields[i].split("=", 2);
                    Cap f = kv.length == 2 ? V2_KEYS.get(kv[0]) : null;
                    if (f != null) {
                        number(kv[1]).ifPresent(v -> keep(tightest, names, d.get(), f, v,
                                level));
                    }
                }
            }
        }
        List<IoLimit> limits = new ArrayList<>(tightest.values());
        List<DeviceNumber> order = new ArrayList<>(names.keySet());
        limits.sort(Comparator.comparingInt((IoLimit l) -> order.indexOf(l.deviceNumber()))
                .thenComparing(IoLimit::direction).thenComparing(IoLimit::kind));
        return limits;
    }

    /** Keeps the limit where it is on a device of the chain and tighter than one kept. */
    private static void keep(Map<Key, IoLimit> tightest, Map<DeviceNumber, String> names,
            DeviceNumber device, Cap f, long value, Cgroups.Level level) {
        String name = names.get(device);
        if (name == null || value <= 0) {
            return;
        }
        Key key = new Key(device, f.direction(), f.kind());
        IoLimit kept = tightest.get(key);
        if (kept == null || value < kept.perSecond()) {
            tightest.put(key, new IoLimit(device, name, f.direction(), f.kind(), value,
                    level.version(), level.cgroup()));
        }
    }

    private static Optional<DeviceNumber> device(String text) {
        try {
            return Optional.of(DeviceNumber.parse(text));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** A limit's value; empty for {@code max} (none) and what is not a number. */
    private static Optional<Long> number(String text) {
        try {
            return Optional.of(Long.parseLong(text));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
