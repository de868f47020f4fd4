package io.github.drivespeed.parameters;

import io.github.drivespeed.internal.check.SettingChecks;
import io.github.drivespeed.unit.DataSize;

/**
 * The settings a measurement ran with, as recorded in its report.
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
 * @since 0.1.0
 */
public record SequentialParameters(DataSize blockSize, long count, int runs, boolean direct,
        boolean dsync, DataPattern dataPattern, boolean verify, boolean dropCaches,
        boolean bufferedFallback) implements Parameters {

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
     * @throws IllegalArgumentException naming the setting and the value, if the block size is not
     *     a positive multiple of 512 bytes, {@code count < 1}, {@code blockSize x count} overflows
     *     a {@code long}, or {@code runs} is outside {@code [1, }{@value Limits#MAX_RUNS}{@code ]}
     * @throws NullPointerException if {@code blockSize} or {@code dataPattern} is null
     */
    public SequentialParameters {
        SettingChecks.requireWholeSectors("blockSize", blockSize);
        SettingChecks.requireAtLeast("count", count, 1);
        SettingChecks.requireBytesFit(blockSize, count);
        SettingChecks.requireInRange("runs", runs, 1, Limits.MAX_RUNS);
        SettingChecks.requireNonNull("dataPattern", dataPattern);
    }

    /**
     * {@return these settings with that I/O mode, everything else kept}
     *
     * @param directIo O_DIRECT, or buffered
     */
    public SequentialParameters withDirect(boolean directIo) {
        return new SequentialParameters(blockSize, count, runs, directIo, dsync, dataPattern,
                verify, dropCaches, bufferedFallback);
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
