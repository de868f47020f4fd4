package io.github.drivespeed.parameters;

import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.error.InvalidSettingException.Reason;
import io.github.drivespeed.internal.check.SettingChecks;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.unit.Nanoseconds;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The settings of a block-device test, as recorded in its report. Built by
 * {@link io.github.drivespeed.DevicePlan}; the constructor checks every value.
 *
 * @param blockSize bytes per read or write call (dd's {@code bs})
 * @param count blocks per run when size-based (dd's {@code count}); empty when time-based
 * @param duration how long each run reads (or writes) when time-based ({@code hdparm -t} reads
 *     for about 3 seconds); empty when size-based
 * @param runs measured repetitions
 * @param direct O_DIRECT ({@code dd iflag=direct}); false for buffered reads after eviction
 * @param write whether each run wrote the device before reading it back (destroys its contents)
 * @param force whether writing was allowed over a partition table or file-system signature
 * @param verify whether a write test's read-back was checked against what was written (rule 7;
 *     on by default, off with {@link io.github.drivespeed.DevicePlan#noVerify()}); a read-only
 *     test has nothing to check
 * @param dropCaches whether the machine's clean caches were dropped ({@code drop_caches}) before
 *     each buffered read pass ({@link io.github.drivespeed.DevicePlan#dropCaches()})
 * @since 0.1.0
 */
public record DeviceParameters(DataSize blockSize, OptionalLong count,
        Optional<Duration> duration, int runs, boolean direct, boolean write, boolean force,
        boolean verify, boolean dropCaches) implements Parameters {

    /**
     * Checks every setting, and that the run is either size- or time-based.
     *
     * @param blockSize bytes per read (and write) call
     * @param count blocks per run; empty when time-based
     * @param duration time per run; empty when size-based
     * @param runs measured repetitions
     * @param direct O_DIRECT
     * @param write whether each run writes the device before reading it back
     * @param force whether writing is allowed over a partition table or file-system signature
     * @param verify whether a write test's read-back is checked against what was written
     * @param dropCaches whether the machine's caches are dropped before each buffered read pass
     * @throws IllegalArgumentException naming the setting and the value, if the block size is not
     *     a positive multiple of 512 bytes, {@code count < 1}, {@code blockSize x count}
     *     overflows a {@code long}, the duration is outside {@code [1 ms, 1 day]}, {@code runs}
     *     is outside {@code [1, }{@value Limits#MAX_RUNS}{@code ]}, or not exactly one of count
     *     and duration is given
     * @throws NullPointerException if an object field is null
     */
    public DeviceParameters {
        SettingChecks.requireWholeSectors("blockSize", blockSize);
        SettingChecks.requireNonNull("count", count).ifPresent(c -> {
            SettingChecks.requireAtLeast("count", c, 1);
            SettingChecks.requireBytesFit(blockSize, c);
        });
        SettingChecks.requireNonNull("duration", duration).ifPresent(d -> SettingChecks
                .requireInRange("duration", d, Limits.MIN_INTERVAL, Limits.MAX_DURATION));
        SettingChecks.requireInRange("runs", runs, 1, Limits.MAX_RUNS);
        if (count.isPresent() == duration.isPresent()) {
            throw new InvalidSettingException("duration", duration.orElse(null),
                    duration.isPresent() ? Reason.of("excludes ").setting("count").then(" "
                            + count.getAsLong() + ": a device test is size-based or time-based")
                    : Reason.of("or ").setting("count").then(" must be given: a device test is"
                            + " size-based or time-based"), null);
        }
    }

    /**
     * {@return these settings with that block size, everything else kept}
     *
     * @param size bytes per read (and write) call
     * @throws IllegalArgumentException as the canonical constructor
     */
    public DeviceParameters withBlockSize(DataSize size) {
        return new DeviceParameters(size, count, duration, runs, direct, write, force, verify,
                dropCaches);
    }

    /** {@return whether runs last {@link #duration()} rather than {@link #count()} blocks} */
    public boolean timeBased() {
        return duration.isPresent();
    }

    /**
     * For example {@code 8 MiB blocks, 3 s per run, 3 runs, O_DIRECT, read-only} or
     * {@code 1 MiB x 128 (128 MiB per run), 1 run, buffered, write then read}.
     */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        if (timeBased()) {
            Duration d = duration.get();
            sb.append(blockSize).append(" blocks, ").append(Nanoseconds.format(d.toNanos()))
                    .append(" per run");
        } else {
            sb.append(blockSize).append(" x ").append(count.getAsLong()).append(" (")
                    .append(blockSize.times(count.getAsLong())).append(" per run)");
        }
        sb.append(", ").append(runs).append(runs == 1 ? " run, " : " runs, ")
                .append(direct ? "O_DIRECT" : "buffered")
                .append(write ? ", write then read" + (force ? " (forced)" : "") : ", read-only");
        return sb.toString();
    }
}
