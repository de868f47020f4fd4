package io.github.drivespeed.cli.output;

import static io.github.drivespeed.cli.output.JsonReport.NODES;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.drivespeed.target.CgroupLimits;
import io.github.drivespeed.target.IoLimit;
import io.github.drivespeed.target.IoLimitReached;
import io.github.drivespeed.target.MemoryLimit;
import java.util.List;
import java.util.Locale;

/**
 * The JSON of what the process's cgroups hold it to ({@link CgroupLimits}) and of the figures
 * that reached a cap ({@link IoLimitReached}), with {@link JsonReport}'s conventions: raw units
 * with the unit in the key, {@code null} for what does not apply, every key always present.
 */
final class CgroupJson {

    private CgroupJson() {
    }

    /**
     * {@return the target's {@code cgroup_limits}: {@code io}, one object per cap, and
     * {@code memory}, null where the target is not in memory or has no limit}
     *
     * @param limits the target's limits
     */
    static ObjectNode limits(CgroupLimits limits) {
        ObjectNode n = NODES.objectNode();
        ArrayNode io = n.putArray("io");
        limits.io().forEach(l -> io.add(ioLimit(l)));
        n.set("memory", limits.memory().map(CgroupJson::memory).orElse(null));
        return n;
    }

    /**
     * {@return one I/O cap: the device, direction, the cap in {@code bytes_per_second} or
     * {@code ios_per_second} (the other null), and the cgroup, its version and the file}
     *
     * @param l the cap
     */
    static ObjectNode ioLimit(IoLimit l) {
        ObjectNode n = NODES.objectNode();
        n.put("device", l.deviceName());
        n.put("device_number", l.deviceNumber().toString());
        n.put("direction", l.direction().name().toLowerCase(Locale.ROOT));
        boolean bytes = l.kind() == IoLimit.Kind.BANDWIDTH;
        n.set("bytes_per_second", bytes ? NODES.numberNode(l.perSecond()) : null);
        n.set("ios_per_second", bytes ? null : NODES.numberNode(l.perSecond()));
        n.put("cgroup", l.cgroup());
        n.put("cgroup_version", l.version().label());
        n.put("file", l.file());
        return n;
    }

    private static ObjectNode memory(MemoryLimit m) {
        ObjectNode n = NODES.objectNode();
        n.put("limit_bytes", m.limitBytes());
        n.put("usage_bytes", m.usageBytes());
        n.put("inactive_file_bytes", m.inactiveFileBytes());
        n.put("left_bytes", m.leftBytes());
        n.put("cgroup", m.cgroup());
        n.put("cgroup_version", m.version().label());
        n.put("file", m.file());
        return n;
    }

    /**
     * {@return a job's {@code io_limits_reached}: per figure at a cap, which figure of the pass
     * in the cap's direction, its value in {@code bytes_per_second} or {@code ios_per_second},
     * its {@code ratio} to the cap, and the cap}
     *
     * @param reached the job's figures at a cap
     */
    static ArrayNode reached(List<IoLimitReached> reached) {
        ArrayNode a = NODES.arrayNode();
        for (IoLimitReached r : reached) {
            ObjectNode n = a.addObject();
            n.put("figure", r.figure().name().toLowerCase(Locale.ROOT));
            boolean bytes = r.limit().kind() == IoLimit.Kind.BANDWIDTH;
            n.set("bytes_per_second", bytes ? JsonReport.rate(r.perSecond()) : null);
            n.set("ios_per_second", bytes ? null : JsonReport.decimal(r.perSecond()));
            n.set("ratio", JsonReport.decimal(r.ratio()));
            n.set("limit", ioLimit(r.limit()));
        }
        return a;
    }
}
