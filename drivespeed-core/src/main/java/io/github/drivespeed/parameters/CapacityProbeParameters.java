package io.github.drivespeed.parameters;

/**
 * The settings of a destructive capacity probe of a block device
 * ({@link io.github.drivespeed.DevicePlan#probeCapacity()}), as recorded in its report. The probe
 * chooses its units and offsets itself (see the report); what the caller decides is whether a
 * device carrying a partition table or file-system signature may be written.
 *
 * @param force whether writing was allowed over a partition table or file-system signature
 *     ({@link io.github.drivespeed.DevicePlan#force()})
 */
public record CapacityProbeParameters(boolean force) implements Parameters {

    /** For example {@code destructive, forced}. */
    @Override
    public String toString() {
        return force ? "destructive, forced" : "destructive";
    }
}
