package io.github.drivespeed.target;

import io.github.drivespeed.internal.figures.SizeText;
import java.util.Objects;

/**
 * The memory cgroup level that leaves this process the least memory: its limit, what is charged
 * to it, and how much of that the kernel can reclaim at once (inactive file pages). Files in a
 * memory file system (tmpfs, ramfs, {@code /dev/shm}, a Kubernetes emptyDir of medium Memory) are
 * memory charged to the cgroup of the process that writes them, and the kernel cannot reclaim them
 * without swap: a test file larger than what is left ends the process by the cgroup's OOM killer
 * (exit 137), not with an error.
 *
 * <p>Where it comes from: cgroup v1's {@code memory.limit_in_bytes}, {@code memory.usage_in_bytes}
 * and {@code total_inactive_file} of {@code memory.stat} (kernel
 * {@code Documentation/admin-guide/cgroup-v1/memory.rst}); cgroup v2's {@code memory.max},
 * {@code memory.current} and {@code inactive_file} of {@code memory.stat} ({@code cgroup-v2.rst},
 * "Memory Interface Files"). Each level of the process's cgroup path up to the root is read, and a
 * limit holds the whole subtree under it, so the level with the least left is the one that
 * counts. Shared memory (tmpfs) pages sit on the anonymous LRU lists, never among the inactive
 * file pages, so what is reclaimable does not include them.
 *
 * @param limitBytes the limit, in bytes
 * @param usageBytes what is charged to the cgroup and its descendants, in bytes
 * @param inactiveFileBytes of that, the inactive file pages (clean or dirty page cache the kernel
 *     reclaims first), in bytes
 * @param version the hierarchy it was read from
 * @param cgroup the cgroup whose limit this is, as {@code /proc/self/cgroup} names cgroups
 * @since 0.1.0
 */
public record MemoryLimit(long limitBytes, long usageBytes, long inactiveFileBytes,
        CgroupVersion version, String cgroup) {

    /**
     * Checks the values.
     *
     * @param limitBytes the limit, positive
     * @param usageBytes what is charged, at least 0
     * @param inactiveFileBytes inactive file pages, at least 0
     * @param version the hierarchy
     * @param cgroup the cgroup
     * @throws IllegalArgumentException if a figure is out of range or the cgroup is not an
     *     absolute path
     * @throws NullPointerException if an object is null
     */
    public MemoryLimit {
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(cgroup, "cgroup");
        if (limitBytes <= 0 || usageBytes < 0 || inactiveFileBytes < 0) {
            throw new IllegalArgumentException("need limitBytes > 0, usageBytes >= 0 and"
                    + " inactiveFileBytes >= 0: " + limitBytes + ", " + usageBytes + ", "
                    + inactiveFileBytes);
        }
        if (!cgroup.startsWith("/")) {
            throw new IllegalArgumentException("cgroup must start with /: " + cgroup);
        }
    }

    /**
     * {@return what the cgroup has left before its OOM killer acts: the limit less what is
     * charged and cannot be reclaimed at once, {@code limit - (usage - inactive file)}; at least
     * 0}
     */
    public long leftBytes() {
        long unreclaimable = Math.max(0, usageBytes - inactiveFileBytes);
        return Math.max(0, limitBytes - unreclaimable);
    }

    /** {@return where the limit is set: {@code memory.limit_in_bytes} (v1), {@code memory.max} (v2)} */
    public String file() {
        return version == CgroupVersion.V1 ? "memory.limit_in_bytes" : "memory.max";
    }

    /**
     * For example {@code memory limited to 512.0 MiB by cgroup v1 /app (memory.limit_in_bytes):
     * 80.2 MiB charged, 1.1 MiB of it inactive file pages; 432.0 MiB left}.
     */
    @Override
    public String toString() {
        return "memory limited to " + SizeText.mebibytes(limitBytes) + " by cgroup " + version.label() + " "
                + cgroup + " (" + file() + "): " + SizeText.mebibytes(usageBytes) + " charged, "
                + SizeText.mebibytes(inactiveFileBytes) + " of it inactive file pages; "
                + SizeText.mebibytes(leftBytes()) + " left";
    }
}
