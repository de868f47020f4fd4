package io.github.drivespeed.parameters;

/**
 * The settings a plan runs with and its report records, one record per kind of measurement.
 * Each is an immutable record whose canonical constructor checks every value and throws
 * {@link IllegalArgumentException} naming the setting and the value; the plans build them, and
 * {@link io.github.drivespeed.report.Report#parameters()} returns the one a run used.
 *
 * <p>Sealed: a new kind of measurement adds its record to the list below, beside its report in
 * {@link io.github.drivespeed.report.Report}.
 *
 * @since 0.1.0
 */
public sealed interface Parameters permits SequentialParameters, WorkloadParameters,
        DeviceParameters, SustainedParameters, CapacityParameters, CapacityProbeParameters {
}
