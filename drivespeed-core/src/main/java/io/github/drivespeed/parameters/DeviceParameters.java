package io.github.drivespeed.parameters;

import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.error.InvalidSettingException.Reason;
import io.github.drivespeed.internal.check.SettingChecks;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.unit.Nanoseconds;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * The settings of a block-device test, as recorded in its report. Built by
 * {@link io.github.drivespeed.DevicePlan} from {@link #defaults()}; the constructor checks every
 * value. The report's record has the block size the test used: a default block size larger than
 * the device is fitted to it.
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
 * @param cachedRead how long the cached-read pass re-read after the runs, as {@code hdparm -T}
 *     ({@link io.github.drivespeed.DevicePlan#cachedRead(Duration)}); empty for no such pass (the
 *     default)
 * @since 0.1.0
 */
public record DeviceParameters(DataSize blockSize, OptionalLong count,
        Optional<Duration> duration, int runs, boolean direct, boolean write, boolean force,
        boolean verify, boolean dropCaches, Optional<Duration> cachedRead) implements Parameters {

    /** Default block size: 8 MiB, as {@code hdparm -t} reads (fitted to a smaller device). */
    public static final DataSize DEFAULT_BLOCK_SIZE = DataSize.ofMebibytes(8);
    /** Default time per run: 3 seconds, as {@code hdparm -t}. */
    public static final Duration DEFAULT_DURATION = Duration.ofSeconds(3);
    /** Default number of measured runs: 3. */
    public static final int DEFAULT_RUNS = 3;

    private static final DeviceParameters DEFAULTS = new DeviceParameters(DEFAULT_BLOCK_SIZE,
            OptionalLong.empty(), Optional.of(DEFAULT_DURATION), DEFAULT_RUNS, true, false, false,
            true, false, Optional.empty());

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
     * @param cachedRead how long the cached-read pass re-reads, or empty for none
     * @throws IllegalArgumentException naming the setting and the value, if the block size is not
     *     a positive multiple of 512 bytes, {@code count < 1}, {@code blockSize x count}
     *     overflows a {@code long}, the duration or {@code cachedRead} is outside
     *     {@code [1 ms, 1 day]}, {@code runs} is outside
     *     {@code [1, }{@value Limits#MAX_RUNS}{@code ]}, or not exactly one of count and duration
     *     is given
     * @throws NullPointerException if an object field is null
     */
    public DeviceParameters {
        SettingChecks.requireWholeSectors("blockSize", blockSize);
        SettingChecks.requireNonNull("count", count).ifPresent(c -> {
            SettingChecks.requireAtLeast("count", c, 1);
            SettingChecks.requireBytesFit(blockSize, c);
        });
        SettingChecks.requireNonNull("duration", duration).ifPresent(d -> SettingChecks
                .requireInRange("duration", d, Limits.MIN_DURATION, Limits.MAX_DURATION));
        SettingChecks.requireInRange("runs", runs, 1, Limits.MAX_RUNS);
        if (count.isPresent() == duration.isPresent()) {
            throw new InvalidSettingException("duration", duration.orElse(null),
                    duration.isPresent() ? Reason.of("excludes ").setting("count").then(" "
                            + count.getAsLong() + ": a device test is size-based or time-based")
                    : Reason.of("or ").setting("count").then(" must be given: a device test is"
                            + " size-based or time-based"), null);
        }
        SettingChecks.requireNonNull("cachedRead", cachedRead).ifPresent(d -> SettingChecks
                .requireInRange("cachedRead", d, Limits.MIN_DURATION, Limits.MAX_DURATION));
    }

    /**
     * {@return the settings a {@link io.github.drivespeed.DevicePlan} starts from: 8 MiB blocks
     * ({@link #DEFAULT_BLOCK_SIZE}), 3 s per run ({@link #DEFAULT_DURATION}), 3 runs
     * ({@link #DEFAULT_RUNS}), O_DIRECT, read-only, not forced, verified, no drop_caches, no
     * cached-read pass}
     */
    public static DeviceParameters defaults() {
        return DEFAULTS;
    }

    /**
     * {@return these settings with that block size, everything else kept}
     *
     * @param size bytes per read (and write) call
     * @throws IllegalArgumentException as the canonical constructor
     */
    public DeviceParameters withBlockSize(DataSize size) {
        return with(c -> c.blockSize = size);
    }

    /**
     * {@return these settings size-based, with that many blocks per run, everything else kept}
     *
     * @param blocks blocks per run
     * @throws IllegalArgumentException as the canonical constructor
     */
    public DeviceParameters withCount(long blocks) {
        return with(c -> {
            c.count = OptionalLong.of(blocks);
            c.duration = Optional.empty();
        });
    }

    /**
     * {@return these settings time-based, each run lasting that long, everything else kept}
     *
     * @param time time per run
     * @throws IllegalArgumentException as the canonical constructor
     * @throws NullPointerException if {@code time} is null
     */
    public DeviceParameters withDuration(Duration time) {
        SettingChecks.requireNonNull("duration", time);
        return with(c -> {
            c.count = OptionalLong.empty();
            c.duration = Optional.of(time);
        });
    }

    /**
     * {@return these settings with that many runs, everything else kept}
     *
     * @param repetitions measured repetitions
     * @throws IllegalArgumentException as the canonical constructor
     */
    public DeviceParameters withRuns(int repetitions) {
        return with(c -> c.runs = repetitions);
    }

    /**
     * {@return these settings with that I/O mode, everything else kept}
     *
     * @param directIo O_DIRECT, or buffered
     */
    public DeviceParameters withDirect(boolean directIo) {
        return with(c -> c.direct = directIo);
    }

    /**
     * {@return these settings with or without the write before each read, everything else kept}
     *
     * @param on whether each run writes the device before reading it back
     */
    public DeviceParameters withWrite(boolean on) {
        return with(c -> c.write = on);
    }

    /**
     * {@return these settings with or without writing over a signature, everything else kept}
     *
     * @param on whether writing is allowed over a partition table or file-system signature
     */
    public DeviceParameters withForce(boolean on) {
        return with(c -> c.force = on);
    }

    /**
     * {@return these settings with or without the read-back check, everything else kept}
     *
     * @param on whether a write test's read-back is checked against what was written
     */
    public DeviceParameters withVerify(boolean on) {
        return with(c -> c.verify = on);
    }

    /**
     * {@return these settings with or without drop_caches, everything else kept}
     *
     * @param on whether the machine's caches are dropped before each buffered read pass
     */
    public DeviceParameters withDropCaches(boolean on) {
        return with(c -> c.dropCaches = on);
    }

    /**
     * {@return these settings with that cached-read pass, everything else kept}
     *
     * @param time how long it re-reads, {@code [1 ms, 1 day]}; empty for no such pass
     * @throws IllegalArgumentException naming {@code cachedRead}, if out of that range
     */
    public DeviceParameters withCachedRead(Optional<Duration> time) {
        return with(c -> c.cachedRead = time);
    }

    /**
     * {@return these settings with one change, everything else kept: what every wither does}
     *
     * @param change what to change in a copy of the values
     * @throws IllegalArgumentException as the canonical constructor
     */
    private DeviceParameters with(Consumer<Copy> change) {
        Copy c = new Copy(this);
        change.accept(c);
        return c.build();
    }

    /** The values of a record while a wither changes one; never shared. */
    private static final class Copy {
        private DataSize blockSize;
        private OptionalLong count;
        private Optional<Duration> duration;
        private int runs;
        private boolean direct;
        private boolean write;
        private boolean force;
        private boolean verify;
        private boolean dropCaches;
        private Optional<Duration> cachedRead;

        Copy(DeviceParameters p) {
            blockSize = p.blockSize;
            count = p.count;
            duration = p.duration;
            runs = p.runs;
            direct = p.direct;
            write = p.write;
            force = p.force;
            verify = p.verify;
            dropCaches = p.dropCaches;
            cachedRead = p.cachedRead;
        }

        DeviceParameters build() {
            return new DeviceParameters(blockSize, count, duration, runs, direct, write, force,
                    verify, dropCaches, cachedRead);
        }
    }

    /**
     * {@return the settings by name: {@code bs}, {@code count} or {@code runtime},
     * {@code runs}, {@code direct}, {@code write}, {@code force}, {@code verify},
     * {@code drop_caches} and, where there is a cached-read pass, {@code cached_read}}
     */
    @Override
    public Settings settings() {
        return new Settings.Builder().size("bs", blockSize).count("count", count)
                .time("runtime", duration).count("runs", runs).flag("direct", direct)
                .flag("write", write).flag("force", force).flag("verify", verify)
                .flag("drop_caches", dropCaches).time("cached_read", cachedRead).build();
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
