package io.github.drivespeed.parameters;

import io.github.drivespeed.internal.check.SettingChecks;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.unit.Nanoseconds;
import java.time.Duration;
import java.util.Optional;

/**
 * The settings of a sustained write ({@link io.github.drivespeed.SustainedPlan}), as recorded in
 * its report: one long write pass with no warm-up before it, bounded by time and size, that stops
 * once the rate has fallen below half and held steady.
 *
 * @param blockSize bytes per write
 * @param size the size bound the caller gave; empty for {@link #DEFAULT_MAX_SIZE} and half the
 *     free space (5 % of the file system, 16 MiB to 1 GiB, is always left free)
 * @param duration the time bound of the pass
 * @param steadyFor how long the rate must hold steady after a drop before the pass stops
 * @param idleFirst how long drivespeed waits, writing nothing, before the pass (a drive's cache
 *     refills while it is idle)
 * @param direct whether the writes are O_DIRECT (else buffered, the closing fdatasync timed)
 * @since 0.1.0
 */
public record SustainedParameters(DataSize blockSize, Optional<DataSize> size, Duration duration,
        Duration steadyFor, Duration idleFirst, boolean direct) implements Parameters {

    /** The size bound without a size given: 8 GiB (and half the free space). */
    public static final DataSize DEFAULT_MAX_SIZE = DataSize.ofGibibytes(8);
    /** The time bound without a duration given: 120 s. */
    public static final Duration DEFAULT_DURATION = Duration.ofSeconds(120);
    /** Default block size: 1 MiB. */
    public static final DataSize DEFAULT_BLOCK_SIZE = DataSize.ofMebibytes(1);
    /** How long the rate must hold after a drop unless told: 10 s. */
    public static final Duration DEFAULT_STEADY = Duration.ofSeconds(10);

    private static final SustainedParameters DEFAULTS = new SustainedParameters(
            DEFAULT_BLOCK_SIZE, Optional.empty(), DEFAULT_DURATION, DEFAULT_STEADY, Duration.ZERO,
            true);

    /**
     * Checks every setting.
     *
     * @param blockSize bytes per write
     * @param size the size bound given, or empty
     * @param duration the time bound
     * @param steadyFor how long the rate must hold after a drop
     * @param idleFirst how long to wait idle first
     * @param direct O_DIRECT
     * @throws IllegalArgumentException naming the setting and the value, if the block size or
     *     the size is not a positive multiple of 512 bytes, the size is smaller than one block
     *     (a sustained write writes whole blocks), the duration is outside
     *     {@code [1 s, 24 h]}, {@code steadyFor} outside {@code [1 s, 1 h]} or {@code idleFirst}
     *     outside {@code [0, 1 h]}
     * @throws NullPointerException if an object field is null
     */
    public SustainedParameters {
        SettingChecks.requireWholeSectors("blockSize", blockSize);
        SettingChecks.requireNonNull("size", size).ifPresent(s -> SettingChecks.requireAtLeast(
                "size", SettingChecks.requireWholeSectors("size", s), blockSize));
        SettingChecks.requireInRange("duration", duration, Duration.ofSeconds(1),
                Duration.ofHours(24));
        SettingChecks.requireInRange("steadyFor", steadyFor, Duration.ofSeconds(1),
                Duration.ofHours(1));
        SettingChecks.requireInRange("idleFirst", idleFirst, Duration.ZERO, Duration.ofHours(1));
    }

    /**
     * {@return the settings a {@link io.github.drivespeed.SustainedPlan} starts from: 1 MiB
     * blocks ({@link #DEFAULT_BLOCK_SIZE}), no size given ({@link #DEFAULT_MAX_SIZE} and half the
     * free space), 120 s ({@link #DEFAULT_DURATION}), steady for 10 s ({@link #DEFAULT_STEADY}),
     * no idle wait, O_DIRECT}
     */
    public static SustainedParameters defaults() {
        return DEFAULTS;
    }

    /**
     * {@return these settings with that block size, everything else kept}
     *
     * @param bytes bytes per write
     * @throws IllegalArgumentException as the canonical constructor
     */
    public SustainedParameters withBlockSize(DataSize bytes) {
        return new SustainedParameters(bytes, size, duration, steadyFor, idleFirst, direct);
    }

    /**
     * {@return these settings with that size bound, everything else kept}
     *
     * @param bound the size bound
     * @throws IllegalArgumentException as the canonical constructor
     * @throws NullPointerException if {@code bound} is null
     */
    public SustainedParameters withSize(DataSize bound) {
        return new SustainedParameters(blockSize,
                Optional.of(SettingChecks.requireNonNull("size", bound)), duration, steadyFor,
                idleFirst, direct);
    }

    /**
     * {@return these settings with that time bound, everything else kept}
     *
     * @param bound the time bound
     * @throws IllegalArgumentException as the canonical constructor
     */
    public SustainedParameters withDuration(Duration bound) {
        return new SustainedParameters(blockSize, size, bound, steadyFor, idleFirst, direct);
    }

    /**
     * {@return these settings with that steady time, everything else kept}
     *
     * @param steady how long the rate must hold after a drop
     * @throws IllegalArgumentException as the canonical constructor
     */
    public SustainedParameters withSteadyFor(Duration steady) {
        return new SustainedParameters(blockSize, size, duration, steady, idleFirst, direct);
    }

    /**
     * {@return these settings with that idle wait first, everything else kept}
     *
     * @param idle how long to wait idle before the pass
     * @throws IllegalArgumentException as the canonical constructor
     */
    public SustainedParameters withIdleFirst(Duration idle) {
        return new SustainedParameters(blockSize, size, duration, steadyFor, idle, direct);
    }

    /**
     * {@return these settings with that I/O mode, everything else kept}
     *
     * @param directIo O_DIRECT, or buffered
     */
    public SustainedParameters withDirect(boolean directIo) {
        return new SustainedParameters(blockSize, size, duration, steadyFor, idleFirst, directIo);
    }

    /**
     * {@return the settings by name: {@code bs}, {@code size} (where given), {@code runtime},
     * {@code steady_for}, {@code idle_before} and {@code direct}}
     */
    @Override
    public Settings settings() {
        return new Settings.Builder().size("bs", blockSize).size("size", size)
                .time("runtime", duration).time("steady_for", steadyFor)
                .time("idle_before", idleFirst).flag("direct", direct).build();
    }

    /**
     * {@return how much a sustained write of the default bounds writes in a file system with
     * {@code usableBytes} free: {@link #DEFAULT_MAX_SIZE} or half the free space, whichever is
     * less; {@link #DEFAULT_MAX_SIZE} where the free space is not known (0 or less)}
     *
     * @param usableBytes the free space before the write, bytes, as
     *     {@link java.nio.file.FileStore#getUsableSpace()}
     */
    public static long defaultExtentBytes(long usableBytes) {
        return usableBytes <= 0 ? DEFAULT_MAX_SIZE.bytes()
                : Math.min(DEFAULT_MAX_SIZE.bytes(), usableBytes / 2);
    }

    /** {@return the size bound: the size given, else {@link #DEFAULT_MAX_SIZE}} */
    public DataSize sizeBound() {
        return size.orElse(DEFAULT_MAX_SIZE);
    }

    /**
     * For example {@code 1 MiB blocks, at most 8 GiB and half the free space and 120 s, steady
     * 10 s, O_DIRECT}.
     */
    @Override
    public String toString() {
        return blockSize + " blocks, at most "
                + size.map(DataSize::toString).orElse(DEFAULT_MAX_SIZE + " and half the free space")
                + " and " + Nanoseconds.format(duration.toNanos()) + ", steady "
                + Nanoseconds.format(steadyFor.toNanos())
                + (idleFirst.isZero() ? "" : ", idle " + Nanoseconds.format(idleFirst.toNanos())
                        + " first")
                + (direct ? ", O_DIRECT" : ", buffered");
    }
}
