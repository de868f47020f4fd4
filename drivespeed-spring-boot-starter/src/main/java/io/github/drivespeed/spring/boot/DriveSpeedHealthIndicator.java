package io.github.drivespeed.spring.boot;

import io.github.drivespeed.micrometer.MeasurementSchedule;
import io.github.drivespeed.requirement.RequirementCheck;
import io.github.drivespeed.requirement.StorageRequirement;
import java.util.Objects;
import java.util.Optional;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * A Spring Boot 4 health indicator for one directory's drive, shaped like Spring's
 * {@code DiskSpaceHealthIndicator} (a path and a threshold; UP when the threshold is met, DOWN
 * otherwise; the figures as details). It never measures on a health request: it reads the last
 * measurement of a {@link MeasurementSchedule}, which runs on a thread of its own or on the
 * application's task scheduler.
 *
 * <pre>{@code
 * @Bean
 * HealthIndicator dataDriveSpeed(MeasurementSchedule dataDirSchedule) {
 *     return new DriveSpeedHealthIndicator(dataDirSchedule,
 *             StorageRequirement.parse("write=20MB/s,read=50MB/s"));
 * }
 * }</pre>
 *
 * <p>Status: DOWN when the directory is gone, when the last measurement failed (its error as
 * the detail {@code error}) or when it does not meet the threshold (a criterion judged and
 * failed, see {@link StorageRequirement#check(Measurements)}); UNKNOWN before the first
 * measurement, and when the threshold could not be judged on it
 * ({@link RequirementCheck.Outcome#NOT_JUDGED}: its figures were flagged as not the drive's, or
 * the threshold has a sustained write minimum, as every SD class has, which the schedule's short
 * sequential passes never judge); UP otherwise. Details: {@code path}, {@code exists},
 * {@code threshold} (when there is one), and after a measurement {@code outcome}
 * ({@code success} or {@code flagged}), {@code write} and {@code read} (the sequential medians,
 * MB/s and MiB/s), {@code randomRead} (median IOPS of random 4 KiB reads), {@code measuredAt},
 * {@code warnings}, with a threshold {@code verdict} ({@code met}, {@code not_met},
 * {@code not_judged}), {@code failures} (each criterion not met, with its bound and the figure
 * measured) and {@code notJudged} (each criterion not judged, and why).
 *
 * <p>drivespeed-spring-boot3-starter has the same class on Spring Boot 3's health API
 * ({@code org.springframework.boot.actuate.health}).
 *
 * @since 0.1.0
 */
public final class DriveSpeedHealthIndicator extends AbstractHealthIndicator {

    private final MeasurementSchedule schedule;
    private final Optional<StorageRequirement> threshold;

    /**
     * A health indicator that is UP whenever the last measurement of {@code schedule} ran.
     *
     * @param schedule the measurements of the directory to watch
     */
    public DriveSpeedHealthIndicator(MeasurementSchedule schedule) {
        this(schedule, Optional.empty());
    }

    /**
     * A health indicator that is UP while the last measurement of {@code schedule} meets
     * {@code threshold}.
     *
     * @param schedule the measurements of the directory to watch
     * @param threshold what the drive must do to be UP
     */
    public DriveSpeedHealthIndicator(MeasurementSchedule schedule, StorageRequirement threshold) {
        this(schedule, Optional.of(threshold));
    }

    private DriveSpeedHealthIndicator(MeasurementSchedule schedule,
            Optional<StorageRequirement> threshold) {
        super("drivespeed health check failed");
        this.schedule = Objects.requireNonNull(schedule, "schedule");
        this.threshold = threshold;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        HealthReading reading = HealthReading.of(schedule, threshold);
        builder.status(reading.status()).withDetails(reading.details());
        reading.failure().ifPresent(builder::withException);
    }
}
