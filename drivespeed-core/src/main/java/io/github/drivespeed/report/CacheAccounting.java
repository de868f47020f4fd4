package io.github.drivespeed.report;

import java.util.Objects;
import java.util.Optional;

/**
 * What tells whether a run's figure is the drive's or a cache's: how the pass dealt with the page
 * cache, and what the block device under the target moved meanwhile. An immutable value.
 *
 * @param cacheHandling how the pass dealt with the page cache: O_DIRECT, eviction done, or not;
 *     {@link CacheHandling#NOT_RECORDED} when not recorded
 * @param deviceIo what the block device under the target moved during the timed pass; empty
 *     where the target has no block device of this machine, its counters could not be read, or
 *     nothing was recorded
 * @since 0.1.0
 */
public record CacheAccounting(CacheHandling cacheHandling, Optional<DeviceIo> deviceIo) {

    /** Nothing recorded: {@link CacheHandling#NOT_RECORDED}, no device counters. */
    public static final CacheAccounting NOT_RECORDED =
            new CacheAccounting(CacheHandling.NOT_RECORDED, Optional.empty());

    /**
     * Checks the values.
     *
     * @param cacheHandling how the pass dealt with the page cache
     * @param deviceIo the device's counters over the pass, or empty
     * @throws NullPointerException if either is null
     */
    public CacheAccounting {
        Objects.requireNonNull(cacheHandling, "cacheHandling");
        Objects.requireNonNull(deviceIo, "deviceIo");
    }
}
