package io.github.drivespeed.internal.engine;

import io.github.drivespeed.spi.Capability;
import io.github.drivespeed.spi.IoBackend;

/**
 * How reads keep the page cache out, beyond O_DIRECT and per-file eviction, and whether a
 * cached-read figure ({@code hdparm -T}) is measured too.
 *
 * @param dropCaches drop the whole machine's clean caches (sync, drop_caches) before each
 *     buffered read pass; only when the caller opted in, as root
 * @param cachedReadNanos how long the cached-read pass lasts, or 0 for none
 */
public record ReadOptions(boolean dropCaches, long cachedReadNanos) {

    /** No drop_caches, no cached-read pass. */
    public static final ReadOptions NONE = new ReadOptions(false, 0);

    /** Checks the duration. */
    public ReadOptions {
        if (cachedReadNanos < 0) {
            throw new IllegalArgumentException("cachedReadNanos must be >= 0: " + cachedReadNanos);
        }
    }

    /**
     * Checks, before any I/O, that the backend can drop caches if that was asked for.
     *
     * @param io the backend
     * @throws IllegalArgumentException naming the setting when it cannot (not root)
     */
    void checkBackend(IoBackend io) {
        if (dropCaches && !io.capabilities().contains(Capability.DROP_CACHES)) {
            throw new IllegalArgumentException("dropCaches: the " + io.name() + " backend cannot"
                    + " drop the page cache here: writing /proc/sys/vm/drop_caches needs root"
                    + " (effective uid 0); without dropCaches() buffered reads are evicted with"
                    + " posix_fadvise where the backend can");
        }
    }
}
