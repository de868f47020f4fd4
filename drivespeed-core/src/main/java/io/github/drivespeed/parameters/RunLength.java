package io.github.drivespeed.parameters;

import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.error.InvalidSettingException.Reason;
import io.github.drivespeed.internal.check.SettingChecks;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * How long each run of a workload lasts ({@link WorkloadParameters#length()}): a number of I/Os
 * or a time, the ramp before it, and for a size-based run the time that caps it. A run with a
 * {@code duration} is time-based, one with a {@code count} does that many I/Os, one with neither
 * the size over the block size.
 *
 * @param count measured I/Os per run over all threads when size-based (fio {@code number_ios});
 *     empty for {@code size / blockSize}
 * @param duration measured time per run when time-based (fio {@code runtime} with
 *     {@code time_based}); empty when size-based
 * @param rampTime time run before each run's measured part and left out of every figure (fio
 *     {@code ramp_time})
 * @param timeLimit for a size-based run, the time after which it stops even if its I/Os are not
 *     all done (fio {@code runtime} without {@code time_based}); empty for none
 *
 * @since 0.1.0
 */
public record RunLength(OptionalLong count, Optional<Duration> duration, Duration rampTime,
        Optional<Duration> timeLimit) {

    /**
     * Checks every value.
     *
     * @param count measured I/Os per run when size-based; empty for {@code size / blockSize}
     * @param duration measured time per run when time-based; empty when size-based
     * @param rampTime time run before each run's measured part
     * @param timeLimit the time that caps a size-based run; empty for none
     * @throws IllegalArgumentException naming the setting and the value: count {@code >= 1};
     *     duration in {@code (0, 1 day]}; not both a count and a duration; ramp time in
     *     {@code [0, 1 day]}; a time limit in {@code (0, 1 day]} and only on a size-based run
     * @throws NullPointerException if a field is null
     */
    public RunLength {
        SettingChecks.requireNonNull("count", count)
                .ifPresent(c -> SettingChecks.requireAtLeast("count", c, 1));
        SettingChecks.requireNonNull("duration", duration).ifPresent(d -> SettingChecks
                .requireInRange("duration", d, Duration.ofNanos(1), Limits.MAX_DURATION));
        if (count.isPresent() && duration.isPresent()) {
            throw new InvalidSettingException("duration", duration.get(), Reason.of("excludes ")
                    .setting("count").then(" " + count.getAsLong() + ": a workload is size-based"
                            + " or time-based, not both"), null);
        }
        SettingChecks.requireInRange("rampTime", rampTime, Duration.ZERO, Limits.MAX_DURATION);
        SettingChecks.requireNonNull("timeLimit", timeLimit).ifPresent(d -> SettingChecks
                .requireInRange("timeLimit", d, Duration.ofNanos(1), Limits.MAX_DURATION));
        if (timeLimit.isPresent() && duration.isPresent()) {
            throw new InvalidSettingException("timeLimit", timeLimit.get(), Reason.of("caps a"
                    + " size-based workload, and this one is time-based: ").setting("duration")
                    .then(" " + duration.get()), null);
        }
    }

    /**
     * {@return this length size-based with that many I/Os, the ramp and time limit kept}
     *
     * @param ios measured I/Os per run over all threads
     * @throws IllegalArgumentException as the canonical constructor
     */
    public RunLength withCount(long ios) {
        return new RunLength(OptionalLong.of(ios), Optional.empty(), rampTime, timeLimit);
    }

    /**
     * {@return this length size-based with {@code size / blockSize} I/Os, the ramp and time
     * limit kept}
     */
    public RunLength withDefaultCount() {
        return new RunLength(OptionalLong.empty(), Optional.empty(), rampTime, timeLimit);
    }

    /**
     * {@return this length time-based, lasting that long, the ramp kept (no count, no time
     * limit)}
     *
     * @param time measured time per run
     * @throws IllegalArgumentException as the canonical constructor
     * @throws NullPointerException if {@code time} is null
     */
    public RunLength withDuration(Duration time) {
        return new RunLength(OptionalLong.empty(),
                Optional.of(SettingChecks.requireNonNull("duration", time)), rampTime,
                Optional.empty());
    }

    /**
     * {@return this length with that ramp, everything else kept}
     *
     * @param ramp time run before each run's measured part
     * @throws IllegalArgumentException as the canonical constructor
     */
    public RunLength withRampTime(Duration ramp) {
        return new RunLength(count, duration, ramp, timeLimit);
    }

    /**
     * {@return this length with that time limit, everything else kept}
     *
     * @param limit the time that caps a size-based run
     * @throws IllegalArgumentException as the canonical constructor, also on a time-based length
     * @throws NullPointerException if {@code limit} is null
     */
    public RunLength withTimeLimit(Duration limit) {
        return new RunLength(count, duration, rampTime,
                Optional.of(SettingChecks.requireNonNull("timeLimit", limit)));
    }

    /** {@return whether runs last {@link #duration()} rather than a number of I/Os} */
    public boolean timeBased() {
        return duration.isPresent();
    }
}
