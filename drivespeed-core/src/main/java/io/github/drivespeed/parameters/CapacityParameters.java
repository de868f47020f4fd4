package io.github.drivespeed.parameters;

import io.github.drivespeed.internal.check.SettingChecks;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.unit.Nanoseconds;
import java.time.Duration;
import java.util.Optional;

/**
 * The settings of a capacity check of a directory ({@link io.github.drivespeed.CapacityPlan}), as
 * recorded in its report: how much to fill, for how long at most, and whether with O_DIRECT. The
 * plan starts from {@link #defaults()}; the report's record says what ran ({@link #direct()}
 * false where the backend or the file system has no O_DIRECT).
 *
 * @param size how much to fill, rounded down to whole MiB by the check; empty for the free space
 * @param duration when the fill stops and what was written is read back; empty for no time bound
 * @param direct whether the files are written and read with O_DIRECT; a plan asks for it (the
 *     check uses buffered I/O, the read-back after eviction, where the backend or the file system
 *     has none), and the report's record says whether it was used
 * @since 0.1.0
 */
public record CapacityParameters(Optional<DataSize> size, Optional<Duration> duration,
        boolean direct) implements Parameters {

    private static final CapacityParameters DEFAULTS = new CapacityParameters(Optional.empty(),
            Optional.empty(), true);

    /**
     * Checks every setting.
     *
     * @param size how much to fill, or empty
     * @param duration the time bound of the fill, or empty
     * @param direct whether with O_DIRECT
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

    /**
     * {@return the settings a {@link io.github.drivespeed.CapacityPlan} starts from: the free
     * space, no time bound, O_DIRECT where there is one}
     */
    public static CapacityParameters defaults() {
        return DEFAULTS;
    }

    /**
     * {@return these settings with that size, everything else kept}
     *
     * @param fill how much to fill
     * @throws IllegalArgumentException as the canonical constructor
     * @throws NullPointerException if {@code fill} is null
     */
    public CapacityParameters withSize(DataSize fill) {
        return new CapacityParameters(Optional.of(SettingChecks.requireNonNull("size", fill)),
                duration, direct);
    }

    /**
     * {@return these settings with that time bound, everything else kept}
     *
     * @param bound the time bound of the fill
     * @throws IllegalArgumentException as the canonical constructor
     * @throws NullPointerException if {@code bound} is null
     */
    public CapacityParameters withDuration(Duration bound) {
        return new CapacityParameters(size,
                Optional.of(SettingChecks.requireNonNull("duration", bound)), direct);
    }

    /**
     * {@return these settings with that I/O mode, everything else kept}
     *
     * @param directIo O_DIRECT, or buffered
     */
    public CapacityParameters withDirect(boolean directIo) {
        return new CapacityParameters(size, duration, directIo);
    }

    /**
     * {@return the settings by name: {@code size} and {@code runtime} where given, and
     * {@code direct}}
     */
    @Override
    public Settings settings() {
        return new Settings.Builder().size("size", size).time("runtime", duration)
                .flag("direct", direct).build();
    }

    /** For example {@code the free space} or {@code 1 GiB, at most 10 min}. */
    @Override
    public String toString() {
        return size.map(DataSize::toString).orElse("the free space")
                + duration.map(d -> ", at most " + Nanoseconds.format(d.toNanos())).orElse("");
    }
}
