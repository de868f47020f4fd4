package io.github.drivespeed.parameters;

import io.github.drivespeed.unit.DataSize;

/**
 * The settings of a destructive capacity probe of a block device
 * ({@link io.github.drivespeed.CapacityProbePlan#run()}), as recorded in its report. The probe
 * chooses its units and offsets itself (see the report); what the caller decides is whether a
 * device carrying a partition table or file-system signature may be written.
 *
 * @param force whether writing was allowed over a partition table or file-system signature
 *     ({@link io.github.drivespeed.CapacityProbePlan#force()})
 * @param cacheBoundBytes the cache of recent writes the probe was to rule out, bytes, as asked
 *     ({@link io.github.drivespeed.CapacityProbePlan#cacheBound}; 256 MiB,
 *     {@link #DEFAULT_CACHE_BOUND_BYTES}, unless given): it writes
 *     {@code min(this, device size / 4)} elsewhere between a unit and its
 *     read-back
 * @since 0.1.0
 */
public record CapacityProbeParameters(boolean force, long cacheBoundBytes) implements Parameters {

    /**
     * The cache of recent writes a probe rules out unless told: 256 MiB, the largest cache
     * reported of a counterfeit card (see
     * {@link io.github.drivespeed.report.CapacityProbeReport#DEFAULT_CACHE_BOUND_BYTES}).
     */
    public static final long DEFAULT_CACHE_BOUND_BYTES = 256L << 20;

    private static final CapacityProbeParameters DEFAULTS = new CapacityProbeParameters(false,
            DEFAULT_CACHE_BOUND_BYTES);

    /**
     * Checks the values.
     *
     * @param force whether writing over a signature was allowed
     * @param cacheBoundBytes the cache to rule out, bytes
     * @throws IllegalArgumentException if {@code cacheBoundBytes} is not positive
     */
    public CapacityProbeParameters {
        if (cacheBoundBytes <= 0) {
            throw new IllegalArgumentException("need cacheBoundBytes > 0: " + cacheBoundBytes);
        }
    }

    /**
     * {@return the settings a {@link io.github.drivespeed.CapacityProbePlan} starts from: not
     * forced, a cache bound of 256 MiB ({@link #DEFAULT_CACHE_BOUND_BYTES})}
     */
    public static CapacityProbeParameters defaults() {
        return DEFAULTS;
    }

    /**
     * {@return these settings with or without writing over a signature, everything else kept}
     *
     * @param on whether writing is allowed over a partition table or file-system signature
     */
    public CapacityProbeParameters withForce(boolean on) {
        return new CapacityProbeParameters(on, cacheBoundBytes);
    }

    /**
     * {@return these settings with that cache bound, everything else kept}
     *
     * @param bytes the cache to rule out, bytes
     * @throws IllegalArgumentException as the canonical constructor
     */
    public CapacityProbeParameters withCacheBoundBytes(long bytes) {
        return new CapacityProbeParameters(force, bytes);
    }

    /** {@return the settings by name: {@code force} and {@code cache_bound}} */
    @Override
    public Settings settings() {
        return new Settings.Builder().flag("force", force)
                .size("cache_bound", DataSize.ofBytes(cacheBoundBytes)).build();
    }

    /** For example {@code destructive, forced, cache bound 64.0 MiB}. */
    @Override
    public String toString() {
        return (force ? "destructive, forced" : "destructive") + String.format(
                java.util.Locale.ROOT, ", cache bound %.1f MiB", cacheBoundBytes / 1048576.0);
    }
}
