package io.github.drivespeed.target;

import java.util.Locale;

/**
 * The version of the cgroup hierarchy a limit was read from (kernel
 * {@code Documentation/admin-guide/cgroup-v1/} and {@code cgroup-v2.rst}): each controller is
 * bound to one hierarchy, a v1 hierarchy of its own (mounted with type {@code cgroup}) or the
 * unified v2 hierarchy (type {@code cgroup2}).
 *
 * @since 0.1.0
 */
public enum CgroupVersion {
    /** cgroup v1: {@code blkio.throttle.*} and {@code memory.limit_in_bytes}. */
    V1,
    /** cgroup v2: {@code io.max} and {@code memory.max}. */
    V2;

    /** {@return {@code v1} or {@code v2}, as the kernel's documents name them} */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
