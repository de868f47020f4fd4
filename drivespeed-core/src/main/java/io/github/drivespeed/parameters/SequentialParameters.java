package io.github.drivespeed.parameters;

import io.github.drivespeed.internal.check.SettingChecks;
import io.github.drivespeed.unit.DataSize;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The settings of a sequential write-then-read test ({@link io.github.drivespeed.SequentialPlan}),
 * as recorded in its report; {@link #defaults()} are the careful measurement the plan starts
 * from. Where the run changed a setting the report's record says what ran: {@link #direct()}
 * is false after a buffered fallback.
 *
 * @param blockSize bytes per write or read call (dd's {@code bs})
 * @param count blocks per pass (dd's {@code count})
 * @param runs measured repetitions of the write and read passes
 * @param direct whether O_DIRECT was requested for both passes
 * @param dsync whether writes used O_DSYNC (dd's {@code oflag=dsync})
 * @param dataPattern what was written
 * @param verify whether each read pass was checked against what the write pass wrote (rule 7;
 *     on by default, off with {@link io.github.drivespeed.SequentialPlan#noVerify()})
 * @param dropCaches whether the machine's clean caches were dropped ({@code drop_caches}) before
 *     each buffered read pass ({@link io.github.drivespeed.SequentialPlan#dropCaches()})
 * @param bufferedFallback whether buffered I/O was to replace O_DIRECT where the file system
 *     refuses it ({@link io.github.drivespeed.SequentialPlan#directOrBuffered()}); whether it
 *     did is {@link #direct()}
 * @param cachedRead how long the cached-read pass re-read its file after the runs, as
 *     {@code hdparm -T} ({@link io.github.drivespeed.SequentialPlan#cachedRead(Duration)}); empty
 *     for no such pass (the default)
 * @since 0.1.0
 */
public record SequentialParameters(DataSize blockSize, long count, int runs, boolean direct,
        boolean dsync, DataPattern dataPattern, boolean verify, boolean dropCaches,
        boolean bufferedFallback, Optional<Duration> cachedRead) implements Parameters {

    /** Default block size: 8 MiB. */
    public static final DataSize DEFAULT_BLOCK_SIZE = DataSize.ofMebibytes(8);
    /** Default count: 32 blocks (256 MiB per pass with the default block size). */
    public static final long DEFAULT_COUNT = 32;
    /** Default number of measured runs: 3. */
    public static final int DEFAULT_RUNS = 3;
    /** How long a cached-read pass re-reads unless told, as {@code hdparm -T}: 2 seconds. */
    public static final Duration DEFAULT_CACHED_READ = Duration.ofSeconds(2);

    private static final SequentialParameters DEFAULTS = new SequentialParameters(
            DEFAULT_BLOCK_SIZE, DEFAULT_COUNT, DEFAULT_RUNS, true, false, DataPattern.RANDOM, true,
            false, false, Optional.empty());

    /**
     * Checks every setting.
     *
     * @param blockSize bytes per write or read call (dd's {@code bs})
     * @param count blocks per pass (dd's {@code count})
     * @param runs measured repetitions of the write and read passes
     * @param direct whether O_DIRECT was requested for both passes
     * @param dsync whether writes used O_DSYNC (dd's {@code oflag=dsync})
     * @param dataPattern what was written
     * @param verify whether each read pass is checked against what was written
     * @param dropCaches whether the machine's caches are dropped before each buffered read pass
     * @param bufferedFallback whether buffered I/O replaces O_DIRECT where it is refused
     * @param cachedRead how long the cached-read pass re-reads, or empty for none
     * @throws IllegalArgumentException naming the setting and the value, if the block size is not
     *     a positive multiple of 512 bytes, {@code count < 1}, {@code blockSize x count} overflows
     *     a {@code long}, {@code runs} is outside {@code [1, }{@value Limits#MAX_RUNS}{@code ]},
     *     or {@code cachedRead} is outside {@code [1 ms, 1 day]}
     * @throws NullPointerException if an object field is null
     */
    public SequentialParameters {
        SettingChecks.requireWholeSectors("blockSize", blockSize);
        SettingChecks.requireAtLeast("count", count, 1);
        SettingChecks.requireBytesFit(blockSize, count);
        SettingChecks.requireInRange("runs", runs, 1, Limits.MAX_RUNS);
        SettingChecks.requireNonNull("dataPattern", dataPattern);
        SettingChecks.requireNonNull("cachedRead", cachedRead).ifPresent(d -> SettingChecks
                .requireInRange("cachedRead", d, Limits.MIN_DURATION, Limits.MAX_DURATION));
    }

    /**
     * {@return the settings a {@link io.github.drivespeed.SequentialPlan} starts from: 8 MiB
     * blocks ({@link #DEFAULT_BLOCK_SIZE}), 32 of them ({@link #DEFAULT_COUNT}), 3 runs
     * ({@link #DEFAULT_RUNS}), O_DIRECT without a buffered fallback, no O_DSYNC, random data,
     * verified, no drop_caches, no cached-read pass}
     */
    public static SequentialParameters defaults() {
        return DEFAULTS;
    }

    /**
     * {@return these settings with that block size, everything else kept}
     *
     * @param size bytes per write or read call
     * @throws IllegalArgumentException as the canonical constructor
     */
    public SequentialParameters withBlockSize(DataSize size) {
        return with(c -> c.blockSize = size);
    }

    /**
     * {@return these settings with that count, everything else kept}
     *
     * @param blocks blocks per pass
     * @throws IllegalArgumentException as the canonical constructor
     */
    public SequentialParameters withCount(long blocks) {
        return with(c -> c.count = blocks);
    }

    /**
     * {@return these settings with that many runs, everything else kept}
     *
     * @param repetitions measured repetitions
     * @throws IllegalArgumentException as the canonical constructor
     */
    public SequentialParameters withRuns(int repetitions) {
        return with(c -> c.runs = repetitions);
    }

    /**
     * {@return these settings with that I/O mode, everything else kept}
     *
     * @param directIo O_DIRECT, or buffered
     */
    public SequentialParameters withDirect(boolean directIo) {
        return with(c -> c.direct = directIo);
    }

    /**
     * {@return these settings with or without the buffered fallback, everything else kept}
     *
     * @param fallback whether buffered I/O replaces O_DIRECT where the file system refuses it
     */
    public SequentialParameters withBufferedFallback(boolean fallback) {
        return with(c -> c.bufferedFallback = fallback);
    }

    /**
     * {@return these settings with or without O_DSYNC, everything else kept}
     *
     * @param on whether writes use O_DSYNC
     */
    public SequentialParameters withDsync(boolean on) {
        return with(c -> c.dsync = on);
    }

    /**
     * {@return these settings writing that data, everything else kept}
     *
     * @param data what the write pass writes
     * @throws NullPointerException if {@code data} is null
     */
    public SequentialParameters withDataPattern(DataPattern data) {
        return with(c -> c.dataPattern = data);
    }

    /**
     * {@return these settings with or without the read-back check, everything else kept}
     *
     * @param on whether each read pass is checked against what was written
     */
    public SequentialParameters withVerify(boolean on) {
        return with(c -> c.verify = on);
    }

    /**
     * {@return these settings with or without drop_caches, everything else kept}
     *
     * @param on whether the machine's caches are dropped before each buffered read pass
     */
    public SequentialParameters withDropCaches(boolean on) {
        return with(c -> c.dropCaches = on);
    }

    /**
     * {@return these settings with that cached-read pass, everything else kept}
     *
     * @param duration how long it re-reads, {@code [1 ms, 1 day]}; empty for no such pass
     * @throws IllegalArgumentException naming {@code cachedRead}, if out of that range
     */
    public SequentialParameters withCachedRead(Optional<Duration> duration) {
        return with(c -> c.cachedRead = duration);
    }

    /**
     * {@return these settings with one change, everything else kept: what every wither does}
     *
     * @param change what to change in a copy of the values
     * @throws IllegalArgumentException as the canonical constructor
     */
    private SequentialParameters with(Consumer<Copy> change) {
        Copy c = new Copy(this);
        change.accept(c);
        return c.build();
    }

    /** The values of a record while a wither changes one; never shared. */
    private static final class Copy {
        private DataSize blockSize;
        private long count;
        private int runs;
        private boolean direct;
        private boolean dsync;
        private DataPattern dataPattern;
        private boolean verify;
        private boolean dropCaches;
        private boolean bufferedFallback;
        private Optional<Duration> cachedRead;

        Copy(SequentialParameters p) {
            blockSize = p.blockSize;
            count = p.count;
            runs = p.runs;
            direct = p.direct;
            dsync = p.dsync;
            dataPattern = p.dataPattern;
            verify = p.verify;
            dropCaches = p.dropCaches;
            bufferedFallback = p.bufferedFallback;
            cachedRead = p.cachedRead;
        }

        SequentialParameters build() {
            return new SequentialParameters(blockSize, count, runs, direct, dsync, dataPattern,
                    verify, dropCaches, bufferedFallback, cachedRead);
        }
    }

    /**
     * {@return the settings by name: {@code bs}, {@code count}, {@code size} (bytes per pass),
     * {@code runs}, {@code direct}, {@code dsync}, {@code data}, {@code verify},
     * {@code drop_caches}, {@code buffered_fallback} and, where there is a cached-read pass,
     * {@code cached_read}}
     */
    @Override
    public Settings settings() {
        return new Settings.Builder().size("bs", blockSize).count("count", count)
                .size("size", bytesPerPass()).count("runs", runs).flag("direct", direct)
                .flag("dsync", dsync).text("data", dataPattern.toString()).flag("verify", verify)
                .flag("drop_caches", dropCaches).flag("buffered_fallback", bufferedFallback)
                .time("cached_read", cachedRead).build();
    }

    /**
     * Bytes written, then read, per run.
     *
     * @return {@code blockSize x count}
     */
    public DataSize bytesPerPass() {
        return blockSize.times(count);
    }

    /** For example {@code 8 MiB x 32 (256 MiB per pass), 3 runs, O_DIRECT, random data}. */
    @Override
    public String toString() {
        return blockSize + " x " + count + " (" + bytesPerPass() + " per pass), " + runs
                + (runs == 1 ? " run, " : " runs, ")
                + (direct ? "O_DIRECT" : "buffered") + (dsync ? ", O_DSYNC" : "")
                + ", fdatasync timed, " + dataPattern + " data";
    }
}
