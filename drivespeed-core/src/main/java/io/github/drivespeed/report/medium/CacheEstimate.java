package io.github.drivespeed.report.medium;

import java.util.Locale;

/**
 * The cache of recent writes a capacity probe found past a medium's usable size
 * ({@link io.github.drivespeed.report.CapacityProbeReport#cacheEstimate()}), its size estimated as
 * f3probe estimates it ("Approximate cache size"): {@code searchedBytes} written in one run past
 * the usable size, nothing else written past it after them, then a search (one unit read at a
 * time) for the oldest of them that still reads back as written. It assumes what such caches are reported to do: keep the most
 * recent writes, whole units at a time; then the estimate is exact to {@code precisionBytes}
 * (f3probe doubles what it writes until a block reads back bad, and is exact to a factor of
 * two).
 *
 * @param bytes how many of the most recent bytes written read back as written, a multiple of
 *     the unit: 0 when none did (no such cache)
 * @param precisionBytes how far the cache's size may be from {@code bytes}: one probe unit
 * @param searchedBytes bytes written for the estimate; {@code bytes == searchedBytes} means the
 *     cache holds at least that much ({@link #atLeast()})
 * @since 0.1.0
 */
public record CacheEstimate(long bytes, long precisionBytes, long searchedBytes) {
    /**
     * Checks the values.
     *
     * @param bytes bytes that read back as written, {@code 0 <= bytes <= searchedBytes}
     * @param precisionBytes more than 0
     * @param searchedBytes more than 0
     * @throws IllegalArgumentException if out of range
     */
    public CacheEstimate {
        if (precisionBytes <= 0 || searchedBytes <= 0 || bytes < 0 || bytes > searchedBytes) {
            throw new IllegalArgumentException("need 0 <= bytes <= searchedBytes and"
                    + " precisionBytes > 0: " + bytes + ", " + searchedBytes + ", "
                    + precisionBytes);
        }
    }

    /** {@return whether every byte written for the estimate read back: the cache is larger} */
    public boolean atLeast() {
        return bytes == searchedBytes;
    }

    /**
     * For example {@code a cache of the last 192.0 MiB written (to within 4096 B)}, {@code no
     * cache of recent writes (none of the last 256.0 MiB written read back)}, {@code a cache
     * of at least the last 64.0 MiB written (all of it read back)}.
     */
    @Override
    public String toString() {
        if (bytes == 0) {
            return String.format(Locale.ROOT, "no cache of recent writes (none of the last %.1f"
                    + " MiB written read back)", searchedBytes / 1048576.0);
        }
        if (atLeast()) {
            return String.format(Locale.ROOT, "a cache of at least the last %.1f MiB written"
                    + " (all of it read back)", bytes / 1048576.0);
        }
        return String.format(Locale.ROOT, "a cache of the last %.1f MiB written (to within"
                + " %d B)", bytes / 1048576.0, precisionBytes);
    }
}
