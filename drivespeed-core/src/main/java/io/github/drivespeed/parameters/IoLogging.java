package io.github.drivespeed.parameters;

import io.github.drivespeed.internal.check.SettingChecks;
import java.time.Duration;

/**
 * What a workload records of its I/Os beside its report, for per-I/O or per-window logs (fio's
 * {@code write_bw_log}, {@code write_lat_log}, {@code write_iops_log}, {@code write_hist_log}).
 * Recording is opt-in: a workload without it records nothing more than its report needs.
 *
 * <p>With an {@code average} of zero each measured I/O is kept (its completion time, latency,
 * submission latency, bytes and offset: 36 bytes an I/O, in arrays that double as they fill);
 * otherwise only sums and maxima per window of that length (I/Os, bytes, latencies). With a
 * {@code histogram} window above zero the completion latencies (fio's {@code clat}) are also
 * counted in fio's latency bins per such window (1856 counts a window).
 *
 * @param average the window the values are averaged over (fio {@code log_avg_msec}); zero for
 *     one entry per I/O; at most 1 day
 * @param histogram the window of the latency histograms (fio {@code log_hist_msec}); zero for
 *     none; at most 1 day
 * @since 0.1.0
 */
public record IoLogging(Duration average, Duration histogram) {

    /**
     * Checks the windows.
     *
     * @param average the averaging window, zero for per I/O
     * @param histogram the histogram window, zero for none
     * @throws IllegalArgumentException naming the setting and value, if a window is negative or
     *     longer than 1 day
     * @throws NullPointerException if a window is null
     */
    public IoLogging {
        SettingChecks.requireInRange("ioLogging.average", average, Duration.ZERO,
                Limits.MAX_DURATION);
        SettingChecks.requireInRange("ioLogging.histogram", histogram, Duration.ZERO,
                Limits.MAX_DURATION);
    }

    /** {@return whether each I/O is kept (no averaging window)} */
    public boolean perIo() {
        return average.isZero();
    }
}
