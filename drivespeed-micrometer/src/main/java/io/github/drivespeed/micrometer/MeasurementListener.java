package io.github.drivespeed.micrometer;

/**
 * Told of each scheduled measurement's end, on the measuring thread: to log it, ship its JSON to
 * a log pipeline, or feed meters. It should return quickly; what it throws is logged and does
 * not stop the schedule.
 *
 * @since 0.1.0
 */
public interface MeasurementListener {

    /**
     * A measurement ran to its end ({@link Measurement#outcome()} says whether its figures are
     * the drive's).
     *
     * @param measurement what was measured
     */
    void measured(Measurement measurement);

    /**
     * A measurement failed; there is no figure until the next one succeeds.
     *
     * @param failure why, for example {@link io.github.drivespeed.error.TargetNotFoundException}
     */
    default void failed(Exception failure) {
    }
}
