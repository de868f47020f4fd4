package io.github.drivespeed.micrometer;

import java.util.Locale;

/**
 * How one scheduled measurement ended, as the {@code outcome} tag of the counter
 * {@code drivespeed.measurements} names it.
 *
 * @since 0.1.0
 */
public enum MeasurementOutcome {
    /** Both tests ran and every figure is the drive's own. */
    SUCCESS,
    /**
     * Both tests ran, but a figure is not the drive's: a cache served it, another process or
     * measurement shared the drive, or data was lost ({@link io.github.drivespeed.report.Verdict}
     * other than {@code MEASURED}). The gauges publish NaN for it.
     */
    FLAGGED,
    /** A test could not run or stopped with an error (for example, the directory is gone). */
    FAILURE;

    /** {@return the tag value: the constant's name in lower case, for example {@code success}} */
    public String tagValue() {
        return name().toLowerCase(Locale.ROOT);
    }
}
