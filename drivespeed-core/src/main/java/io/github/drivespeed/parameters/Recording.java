package io.github.drivespeed.parameters;

import io.github.drivespeed.internal.check.SettingChecks;
import java.time.Duration;
import java.util.Optional;

/**
 * What a workload records beside its figures: the throughput timeline's interval and, where asked
 * for, its I/Os for fio's log files. Part of {@link WorkloadParameters}; an immutable value.
 *
 * @param timelineInterval interval of the throughput timeline (fio {@code log_avg_msec}), from
 *     1 ms to 1 day
 * @param ioLogging what is recorded of the I/Os for fio's log files; empty for nothing (the
 *     default)
 * @since 0.1.0
 */
public record Recording(Duration timelineInterval, Optional<IoLogging> ioLogging) {

    /**
     * Checks the values.
     *
     * @param timelineInterval interval of the throughput timeline
     * @param ioLogging what is recorded for fio's log files; empty for nothing
     * @throws IllegalArgumentException naming the setting and the value, if the timeline
     *     interval is outside {@code [1 ms, 1 day]}
     * @throws NullPointerException if a value is null
     */
    public Recording {
        SettingChecks.requireInRange("timelineInterval", timelineInterval, Limits.MIN_DURATION,
                Limits.MAX_DURATION);
        SettingChecks.requireNonNull("ioLogging", ioLogging);
    }

    /**
     * {@return a timeline at {@code timelineInterval} and no I/O logging}
     *
     * @param timelineInterval interval of the throughput timeline
     * @throws IllegalArgumentException as the canonical constructor
     */
    public static Recording timeline(Duration timelineInterval) {
        return new Recording(timelineInterval, Optional.empty());
    }

    /**
     * {@return this with that timeline interval, the I/O logging kept}
     *
     * @param interval interval of the throughput timeline
     * @throws IllegalArgumentException as the canonical constructor
     */
    public Recording withTimelineInterval(Duration interval) {
        return new Recording(interval, ioLogging);
    }

    /**
     * {@return this with that I/O logging, the timeline interval kept}
     *
     * @param logging what is recorded for fio's log files; empty for nothing
     * @throws NullPointerException if {@code logging} is null
     */
    public Recording withIoLogging(Optional<IoLogging> logging) {
        return new Recording(timelineInterval, logging);
    }
}
