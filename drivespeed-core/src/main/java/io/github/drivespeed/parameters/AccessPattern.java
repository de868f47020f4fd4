package io.github.drivespeed.parameters;

/**
 * Where in the test file a workload's I/Os go (fio's {@code rw} prefix).
 *
 * @since 0.1.0
 */
public enum AccessPattern {
    /**
     * Block after block; with several threads each has its own contiguous share of the file and
     * wraps around inside it (fio {@code rw=read}/{@code write}/{@code rw}).
     */
    SEQUENTIAL,
    /**
     * Block-aligned offsets drawn uniformly from the whole file, with replacement (fio
     * {@code rw=randread}/{@code randwrite}/{@code randrw} with {@code norandommap}).
     */
    RANDOM;

    /** Lower-case name: {@code sequential} or {@code random}. */
    @Override
    public String toString() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
