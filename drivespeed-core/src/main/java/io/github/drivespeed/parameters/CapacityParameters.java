package io.github.drivespeed.parameters;

import io.github.drivespeed.internal.check.SettingChecks;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.unit.Nanoseconds;
import java.time.Duration;
import java.util.Optional;

/**
 * The settings of a capacity check of a directory ({@link io.github.drivespeed.CapacityPlan}), as
 * recorded in its report: how much to fill and for how long at most.
 *
 * @param size how much to fill, rounded down to whole MiB by the check; empty for the free space
 * @param duration when the fill stops and what was written is read back; empty for no time bound
 * @since 0.1.0
 */
public record CapacityParameters(Optional<DataSize> size, Optional<Duration> duration)
        implements Parameters {

    /**
     * Checks every setting.
     *
     * @param size how much to fill, or empty
     * @param duration the time bound of the fill, or empty
     * @throws IllegalArgumentException naming the setting and the value, if the size is not a
     *     multiple of 512 bytes or smaller than 1 MiB, or the duration is outside
     *     {@code [1 s, 7 days]}
     * @throws NullPointerException if a field is null
     */
    public CapacityParameters {
        SettingChecks.requireNonNull("size", size).ifPresent(s -> SettingChecks.requireAtLeast(
                "size", SettingChecks.requireWholeSectors("size", s), DataSize.ofMebibytes(1)));
        SettingChecks.requireNonNull("duration", duration).ifPresent(d -> SettingChecks
                .requireInRange("duration", d, Duration.ofSeconds(1), Duration.ofDays(7)));
    }

    /** For example {@code the free space} or {@code 1 GiB, at most 10 min}. */
    @Override
    public String toString() {
        return size.map(DataSize::toString).orElse("the free space")
                + duration.map(d -> ", at most " + Nanoseconds.format(d.toNanos())).orElse("");
    }
}
