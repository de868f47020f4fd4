package io.github.drivespeed.target;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the cgroups of this process hold it to on the target: the I/O caps on the target's block
 * devices ({@link IoLimit}), and, for a target in a memory file system, the memory limit its test
 * file is charged against ({@link MemoryLimit}). Read by the probe from
 * {@code /proc/self/cgroup} and the cgroup file systems that {@code /proc/self/mountinfo} lists,
 * wherever they are mounted; an immutable value. {@link #NONE} where nothing limits the process or
 * nothing could be read.
 *
 * @param io the I/O caps on the target's devices, one per device, direction and unit: the
 *     smallest along the cgroup path where the hierarchy nests them (v2)
 * @param memory for a target in a memory file system (tmpfs, ramfs, devtmpfs, or an overlay whose
 *     upper directory is on one), the memory cgroup level with the least left; empty for other
 *     targets and where no level has a limit
 * @since 0.1.0
 */
public record CgroupLimits(List<IoLimit> io, Optional<MemoryLimit> memory) {

    /** No limit found. */
    public static final CgroupLimits NONE = new CgroupLimits(List.of(), Optional.empty());

    /**
     * Checks the values.
     *
     * @param io the I/O caps
     * @param memory the memory limit, or empty
     * @throws NullPointerException if a value is null
     */
    public CgroupLimits {
        io = List.copyOf(io);
        Objects.requireNonNull(memory, "memory");
    }

    /** {@return whether no limit was found} */
    public boolean isEmpty() {
        return io.isEmpty() && memory.isEmpty();
    }

    /**
     * {@return the smallest cap of this direction and kind over the target's devices, if any}
     *
     * @param direction reads or writes
     * @param kind bandwidth or IOPS
     */
    public Optional<IoLimit> tightest(IoLimit.Direction direction, IoLimit.Kind kind) {
        return io.stream().filter(l -> l.direction() == direction && l.kind() == kind)
                .min(Comparator.comparingLong(IoLimit::perSecond));
    }

    /**
     * The limits for people, one line each, as the target's summary prints them after
     * {@code cgroup:}; empty when there are none.
     *
     * @return the lines, without newlines
     */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        io.forEach(l -> lines.add(l.toString()));
        memory.ifPresent(m -> lines.add(m.toString()));
        return lines;
    }
}
