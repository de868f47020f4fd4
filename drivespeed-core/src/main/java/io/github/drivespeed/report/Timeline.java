package io.github.drivespeed.report;

import io.github.drivespeed.unit.Nanoseconds;
import java.util.List;
import java.util.Objects;

/**
 * Throughput and IOPS of a pass per fixed interval, like fio's bandwidth and IOPS logs
 * ({@code write_bw_log}, {@code log_avg_msec}; the interval defaults to 500 ms): a drive whose
 * write speed collapses when its fast cache fills shows where that happened. Each I/O counts in
 * the interval in which it completed. An immutable value.
 *
 * @param intervalNanos the interval length in nanoseconds, {@code > 0}
 * @param points the intervals, first to last, each but the last {@code intervalNanos} long;
 *     empty when none was recorded
 * @since 0.1.0
 */
public record Timeline(long intervalNanos, List<TimelinePoint> points) {

    /** A pass with no timeline (for example one recorded before timelines existed). */
    public static final Timeline NONE = new Timeline(1, List.of());

    /**
     * Checks the interval and copies the points.
     *
     * @param intervalNanos the interval length in nanoseconds, {@code > 0}
     * @param points the intervals in order; each but the last is {@code intervalNanos} long
     * @throws IllegalArgumentException if the interval is not positive
     */
    public Timeline {
        if (intervalNanos <= 0) {
            throw new IllegalArgumentException("intervalNanos must be > 0: " + intervalNanos);
        }
        points = List.copyOf(Objects.requireNonNull(points, "points"));
    }

    /** {@return the total bytes over all intervals} */
    public long totalBytes() {
        return points.stream().mapToLong(TimelinePoint::bytes).sum();
    }

    /** {@return the total I/Os over all intervals} */
    public long totalIos() {
        return points.stream().mapToLong(TimelinePoint::ios).sum();
    }

    /** For example {@code timeline: 10 x 500 ms}; {@code timeline: none} when it has no points. */
    @Override
    public String toString() {
        return points.isEmpty() ? "timeline: none"
                : "timeline: " + points.size() + " x " + Nanoseconds.format(intervalNanos);
    }
}
