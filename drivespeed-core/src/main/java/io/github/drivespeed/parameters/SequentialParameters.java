package io.github.drivespeed.parameters;

import io.github.drivespeed.unit.DataSize;
import java.util.Objects;

/**
 * The settings a measurement ran with, as recorded in its report.
 *
 * @param blockSize bytes per write or read call (dd's {@code bs})
 * @param count blocks per pass (dd's {@code count})
 * @param runs measured repetitions of the write and read passes
 * @param direct whether O_DIRECT was requested for both passes
 * @param dsync whether writes used O_DSYNC (dd's {@code oflag=dsync})
 * @param dataPattern what was written
 */
public record SequentialParameters(DataSize blockSize, long count, int runs, boolean direct,
        boolean dsync, DataPattern dataPattern) {

    /**
     * Checks that no field is null.
     *
     * @param blockSize bytes per write or read call (dd's {@code bs})
     * @param count blocks per pass (dd's {@code count})
     * @param runs measured repetitions of the write and read passes
     * @param direct whether O_DIRECT was requested for both passes
     * @param dsync whether writes used O_DSYNC (dd's {@code oflag=dsync})
     * @param dataPattern what was written
     */
    public SequentialParameters {
        Objects.requireNonNull(blockSize, "blockSize");
        Objects.requireNonNull(dataPattern, "dataPattern");
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
