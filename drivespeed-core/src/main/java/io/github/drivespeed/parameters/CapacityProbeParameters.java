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
 * @param cacheBound the cache of recent writes the probe was to rule out, as asked
 *     ({@link io.github.drivespeed.CapacityProbePlan#cacheBound}; 256 MiB,
 *     {@link #DEFAULT_CACHE_BOUND}, unless given): it writes
 *     {@code min(this, device size / 4)} elsewhere between a unit and its
 *     read-back
 * @since 0.1.0
 */
public record CapacityProbeParameters(boolean force, DataSize cacheBound) implements Parameters {

    /**
     * The cache of recent writes the probe rules out unless told otherwise: 256 MiB. What it rules
     * out is {@code min(bound, device size / 4)} (it must write that much elsewhere between a unit
     * and its read-back, and also below the region it writes): 256 MiB on a device of 1 GiB or
     * more, a quarter of a smaller one. 256 MiB is the largest cache reported of a counterfeit
     * card (f3's manual: "about 256 MB" of the last writes kept by a 128 GB card; f3probe's
     * "Approximate cache size" in f3's issues 93 and 222: 31 and 3 MiB). f3probe itself writes up
     * to 1 GiB to size a cache ({@code MAX_CACHE_SIZE_BYTE} in its libprobe.c).
     */
    public static final DataSize DEFAULT_CACHE_BOUND = DataSize.ofMebibytes(256);

    private static final CapacityProbeParameters DEFAULTS = new CapacityProbeParameters(false,
            DEFAULT_CACHE_BOUND);

    /**
     * Checks the values.
     *
     * @param force whether writing over a signature was allowed
     * @param cacheBound the cache to rule out
     * @throws NullPointerException if {@code cacheBound} is null
     * @throws IllegalArgumentException if {@code cacheBound} is zero
     */
    public CapacityProbeParameters {
        java.util.Objects.requireNonNull(cacheBound, "cacheBound");
        if (cacheBound.bytes() <= 0) {
            throw new IllegalArgumentException("need cacheBound > 0: " + cacheBound);
        }
    }

    /**
     * {@return the settings a {@link io.github.drivespeed.CapacityProbePlan} starts from: not
     * forced, a cache bound of 256 MiB ({@link #DEFAULT_CACHE_BOUND})}
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
        return new CapacityProbeParameters(on, cacheBound);
    }

    /**
     * {@return these settings with that cache bound, everything else kept}
     *
     * @param bound the cache to rule out
     * @throws IllegalArgumentException as the canonical constructor
     */
    public CapacityProbeParameters withCacheBound(DataSize bound) {
        return new CapacityProbeParameters(force, bound);
    }

    /** {@return the settings by name: {@code force} and {@code cache_bound}} */
    @Override
    public Settings settings() {
        return new Settings.Builder().flag("force", force)
                .size("cache_bound", cacheBound).build();
    }

    /** For example {@code destructive, forced, cache bound 64.0 MiB}. */
    @Override
    public String toString() {
        return (force ? "destructive, forced" : "destructive") + String.format(
                java.util.Locale.ROOT, ", cache bound %.1f MiB", cacheBound.bytes() / 1048576.0);
    }
}
