package io.github.drivespeed.parameters;

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
 *     {@link io.github.drivespeed.report.CapacityProbeReport#DEFAULT_CACHE_BOUND_BYTES}, unless
 *     given): it writes {@code min(this, device size / 4)} elsewhere between a unit and its
 *     read-back
 * @since 0.1.0
 */
public record CapacityProbeParameters(boolean force, long cacheBoundBytes) implements Parameters {

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

    /** For example {@code destructive, forced, cache bound 64.0 MiB}. */
    @Override
    public String toString() {
        return (force ? "destructive, forced" : "destructive") + String.format(
                java.util.Locale.ROOT, ", cache bound %.1f MiB", cacheBoundBytes / 1048576.0);
    }
}
