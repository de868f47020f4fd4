package io.github.drivespeed.internal.probe;

import io.github.drivespeed.target.MemoryLimit;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The memory limit that leaves this process the least: every level of its memory cgroup path is
 * read, since a limit holds the whole subtree under it (v2 by design, {@code cgroup-v2.rst}; v1
 * where the ancestor's {@code memory.use_hierarchy} is 1, {@code cgroup-v1/memory.rst}, 6
 * "Hierarchy support": an ancestor whose file reads 0, as old kernels allowed, holds no child
 * and is skipped with those above it), and the level with the least left counts
 * ({@link MemoryLimit#leftBytes()}).
 *
 * <p>v1: {@code memory.limit_in_bytes}, {@code memory.usage_in_bytes}, and
 * {@code total_inactive_file} of {@code memory.stat} (the level's and its descendants', as the
 * usage counts them). A level without a limit shows the page counter's maximum (9223372036854771712
 * on 4 KiB pages): anything from {@value #UNLIMITED_FROM_BYTES} bytes up is taken as none. v2:
 * {@code memory.max} ({@code max} for none), {@code memory.current} and {@code inactive_file} of
 * {@code memory.stat} (recursive). {@code memory.high} (v2) throttles rather than kills, and is not
 * a limit here.
 */
public final class CgroupMemory {

    /** A limit this large is none: 2^60 bytes, beyond any machine's memory. */
    static final long UNLIMITED_FROM_BYTES = 1L << 60;

    private static final CgroupMemory SYSTEM = new CgroupMemory(Path.of("/proc"));

    private final Path procRoot;

    /**
     * @param procRoot where {@code self/cgroup} and {@code self/mountinfo} are read
     */
    CgroupMemory(Path procRoot) {
        this.procRoot = procRoot;
    }

    /** {@return this machine's: {@code /proc}} */
    public static CgroupMemory system() {
        return SYSTEM;
    }

    /**
     * Reads the limits now (what is charged changes as the process and others run).
     *
     * @return the level with the least left; empty where no level has a limit or nothing could
     *     be read
     */
    public Optional<MemoryLimit> tightest() {
        return of(Cgroups.of(procRoot));
    }

    /**
     * @param cgroups the process's cgroups
     * @return the level with the least left; empty where none has a limit
     */
    static Optional<MemoryLimit> of(Cgroups cgroups) {
        List<MemoryLimit> found = new ArrayList<>();
        List<Cgroups.Level> v1 = cgroups.v1("memory");
        for (int i = 0; i < v1.size(); i++) {
            Cgroups.Level level = v1.get(i);
            if (i > 0 && SysfsFiles.number(level.directory().resolve("memory.use_hierarchy"))
                    .orElse(1) == 0) {
                break;
            }
            OptionalLong limit = SysfsFiles.number(level.directory()
                    .resolve("memory.limit_in_bytes"));
            OptionalLong usage = SysfsFiles.number(level.directory()
                    .resolve("memory.usage_in_bytes"));
            if (limit.isPresent() && limit.getAsLong() < UNLIMITED_FROM_BYTES
                    && limit.getAsLong() > 0 && usage.isPresent()) {
                found.add(new MemoryLimit(limit.getAsLong(), usage.getAsLong(),
                        stat(level, "total_inactive_file"), level.version(), level.cgroup()));
            }
        }
        for (Cgroups.Level level : cgroups.v2()) {
            OptionalLong limit = SysfsFiles.number(level.directory().resolve("memory.max"));
            OptionalLong usage = SysfsFiles.number(level.directory().resolve("memory.current"));
            if (limit.isPresent() && limit.getAsLong() > 0 && usage.isPresent()) {
                found.add(new MemoryLimit(limit.getAsLong(), usage.getAsLong(),
                        stat(level, "inactive_file"), level.version(), level.cgroup()));
            }
        }
        return found.stream().min(Comparator.comparingLong(MemoryLimit::leftBytes));
    }

    /** A key of the level's {@code memory.stat} ({@code key value} lines); 0 where absent. */
    private static long stat(Cgroups.Level level, String key) {
        for (String line : SysfsFiles.text(level.directory().resolve("memory.stat"))
                .map(t -> t.split("\n")).orElse(new String[0])) {
            String[] f = line.strip().split("\\s+");
            if (f.length == 2 && f[0].equals(key)) {
                try {
                    return Math.max(0, Long.parseLong(f[1]));
                } catch (NumberFormatException e) {
                    return 0;
                }
            }
        }
        return 0;
    }
}
