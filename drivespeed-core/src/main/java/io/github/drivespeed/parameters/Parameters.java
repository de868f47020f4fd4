package io.github.drivespeed.parameters;

/**
 * The settings a plan runs with and its report records, one record per kind of measurement:
 * every setting that shapes a run, with its default. Each is an immutable record whose canonical
 * constructor checks every value and throws {@link IllegalArgumentException} naming the setting
 * and the value; each has a {@code defaults()} with the values a plan starts from and
 * {@code withX(...)} withers. A plan holds one and its setters change a copy;
 * {@link io.github.drivespeed.report.Report#parameters()} returns the one a run used, changed
 * where the run changed a setting (O_DIRECT refused and buffered I/O used instead, the I/O
 * engine chosen), so that the report says what ran.
 *
 * <p>Sealed: a new kind of measurement adds its record to the list below, beside its report in
 * {@link io.github.drivespeed.report.Report}.
 *
 * @since 0.1.0
 */
public sealed interface Parameters permits SequentialParameters, WorkloadParameters,
        DeviceParameters, SustainedParameters, CapacityParameters, CapacityProbeParameters {

    /**
     * {@return every setting of this record by name, in the record's order, each with its unit
     * (a setting not given, such as a workload's count when time-based, is absent)}: fio's names
     * where fio has the setting, else the keys of drivespeed's JSON without their unit. What the
     * report's view ({@code ReportView#settings()}) and the outputs show of the settings.
     */
    Settings settings();
}
