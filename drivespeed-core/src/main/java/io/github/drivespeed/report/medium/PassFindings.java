package io.github.drivespeed.report.medium;

import java.util.Objects;
import java.util.Optional;

/**
 * What the checks of one run of a pass found beyond its figures: the read-back check of a read
 * pass, and in the run's completion times a write cache's cliff, a read's drop in rate, a stall.
 * Each is empty when the check did not run or found nothing. An immutable value.
 *
 * @param verification what the read-back check of a read pass found; empty when the pass was not
 *     checked (a write pass, or verification turned off)
 * @param cacheCliff where a write pass's rate fell below half and stayed there; empty when it did
 *     not (or for a read pass)
 * @param rateDrop where a read pass's rate fell below half and stayed there; empty when it did
 *     not (or for a write pass, whose fall is its {@code cacheCliff})
 * @param stall the longest time the pass made no progress, when it was a {@link Stall}; empty
 *     otherwise
 * @since 0.1.0
 */
public record PassFindings(Optional<Verification> verification, Optional<CacheCliff> cacheCliff,
        Optional<RateDrop> rateDrop, Optional<Stall> stall) {

    /** Nothing checked, nothing found. */
    public static final PassFindings NONE = new PassFindings(Optional.empty(), Optional.empty(),
            Optional.empty(), Optional.empty());

    /**
     * Checks the values.
     *
     * @param verification the read-back check, or empty
     * @param cacheCliff a write pass's cliff, or empty
     * @param rateDrop a read pass's drop, or empty
     * @param stall the pass's stall, or empty
     * @throws NullPointerException if any is null
     */
    public PassFindings {
        Objects.requireNonNull(verification, "verification");
        Objects.requireNonNull(cacheCliff, "cacheCliff");
        Objects.requireNonNull(rateDrop, "rateDrop");
        Objects.requireNonNull(stall, "stall");
    }

    /**
     * {@return these findings with what the read-back check found}
     *
     * @param check the check
     */
    public PassFindings withVerification(Verification check) {
        return new PassFindings(Optional.of(check), cacheCliff, rateDrop, stall);
    }

    /**
     * {@return these findings with that cliff}
     *
     * @param cliff the cliff, or empty
     */
    public PassFindings withCacheCliff(Optional<CacheCliff> cliff) {
        return new PassFindings(verification, cliff, rateDrop, stall);
    }

    /**
     * {@return these findings with that drop}
     *
     * @param drop the drop, or empty
     */
    public PassFindings withRateDrop(Optional<RateDrop> drop) {
        return new PassFindings(verification, cacheCliff, drop, stall);
    }

    /**
     * {@return these findings with that stall}
     *
     * @param found the stall, or empty
     */
    public PassFindings withStall(Optional<Stall> found) {
        return new PassFindings(verification, cacheCliff, rateDrop, found);
    }
}
