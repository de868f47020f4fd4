package io.github.drivespeed.examples.health;

import io.github.drivespeed.SequentialPlan;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.requirement.RequirementCheck;
import io.github.drivespeed.requirement.StorageRequirement;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * Example: a Spring Boot Actuator health indicator for a drive's speed, shaped like Spring's
 * {@code DiskSpaceHealthIndicator} (a path and a threshold; UP when the threshold is met, DOWN
 * otherwise; the figures as details), with the measurement cached: the first health request, and
 * the first after {@code cacheFor} has passed, measures (briefly: the plan decides how long);
 * every other one answers from the cache. A failed measurement is cached too, and reported DOWN
 * with its error.
 *
 * <pre>{@code
 * @Bean
 * HealthIndicator dataDriveSpeed() {
 *     return new DriveSpeedHealthIndicator(
 *             DriveSpeed.on(Path.of("/var/lib/myapp")).blockSize("1M").count(32).runs(1),
 *             StorageRequirement.parse("write=20MB/s,read=50MB/s"), Duration.ofMinutes(10));
 * }
 * }</pre>
 *
 * <p>Details: {@code path}, {@code exists}, {@code threshold}, {@code write} and {@code read}
 * (medians, both units), {@code measuredAt}, {@code warnings}, and {@code failures} (each
 * criterion not met, with its bound and the figure measured). Warnings do not make it DOWN by
 * themselves; a figure the report flags as not the drive's never meets a threshold (see
 * {@link StorageRequirement#check(SpeedReport)}).
 */
public final class DriveSpeedHealthIndicator extends AbstractHealthIndicator {

    private final SequentialPlan plan;
    private final StorageRequirement threshold;
    private final long cacheForNanos;
    private final Object lock = new Object();
    private Cached cached;

    private record Cached(long atNanos, SpeedReport report, IOException failure) { }

    /**
     * A health indicator, UP while the drive meets {@code threshold}, that measures at most once
     * per {@code cacheFor}.
     *
     * @param plan the measurement, in the directory to watch
     * @param threshold what the drive must do to be UP
     * @param cacheFor how long a measurement answers health requests, {@code >= 0}
     * @throws IllegalArgumentException if {@code cacheFor} is negative
     */
    public DriveSpeedHealthIndicator(SequentialPlan plan, StorageRequirement threshold,
            Duration cacheFor) {
        super("drivespeed health check failed");
        this.plan = Objects.requireNonNull(plan, "plan");
        this.threshold = Objects.requireNonNull(threshold, "threshold");
        if (cacheFor.isNegative()) {
            throw new IllegalArgumentException("cacheFor must be >= 0: " + cacheFor);
        }
        this.cacheForNanos = cacheFor.toNanos();
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) throws IOException {
        builder.withDetail("path", plan.target().toString())
                .withDetail("threshold", threshold.toString());
        if (!Files.isDirectory(plan.target())) {
            builder.down().withDetail("exists", false);
            return;
        }
        builder.withDetail("exists", true);
        SpeedReport report = measured();
        RequirementCheck check = threshold.check(report);
        builder.status(check.passed() ? "UP" : "DOWN")
                .withDetail("write", report.write().median().toString())
                .withDetail("read", report.read().median().toString())
                .withDetail("measuredAt", report.startedAt().toString())
                .withDetail("warnings", report.warnings().stream().map(Warning::name).toList());
        List<String> failures = check.failures().stream().map(Object::toString).toList();
        if (!failures.isEmpty()) {
            builder.withDetail("failures", failures);
        }
    }

    /** The cached report, measured anew when older than {@code cacheFor}; one at a time. */
    private SpeedReport measured() throws IOException {
        synchronized (lock) {
            long now = System.nanoTime();
            if (cached == null || now - cached.atNanos() >= cacheForNanos) {
                try {
                    cached = new Cached(now, plan.run(), null);
                } catch (IOException e) {
                    cached = new Cached(now, null, e);
                }
            }
            if (cached.failure() != null) {
                throw cached.failure();
            }
            return cached.report();
        }
    }
}
