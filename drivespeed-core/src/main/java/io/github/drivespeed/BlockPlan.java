package io.github.drivespeed;

import io.github.drivespeed.internal.check.SettingChecks;
import io.github.drivespeed.parameters.Parameters;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.unit.DataSize;
import java.nio.file.Path;

/**
 * A plan whose reads and writes move blocks of a size the caller chooses: every plan but the
 * capacity check, whose block size is fixed. The block size is set here, the same way on each.
 *
 * @param <SELF> the plan's own class, which every setter returns
 * @param <L> the listener the plan tells about its progress
 * @param <P> the plan's settings as a record
 * @since 0.1.0
 */
public abstract sealed class BlockPlan<SELF extends BlockPlan<SELF, L, P>, L,
        P extends Parameters> extends Plan<SELF, L, P>
        permits SequentialPlan, WorkloadPlan, DevicePlan, SustainedPlan {

    BlockPlan(Path target, IoBackend backend, L listener, P parameters) {
        super(target, backend, listener, parameters);
    }

    /**
     * @param blockSize the block size the caller gave
     * @return a plan like this one with that block size in its parameters
     * @throws IllegalArgumentException as the parameters record's constructor
     */
    abstract SELF withBlockSize(DataSize blockSize);

    /**
     * Bytes per read and write call (dd's and fio's {@code bs}). Checked at once: a positive
     * multiple of 512 bytes, and where the plan has a count, {@code blockSize x count} within a
     * {@code long}. Checked by the plan's {@code run()} before any I/O: a multiple of the
     * direct-I/O alignment with O_DIRECT (for a block device, of its logical block size), no
     * larger than what it is to fill (a workload's size, a device), and within what the backend
     * moves in one call.
     *
     * @param blockSize the size, for example {@code DataSize.ofMebibytes(8)}
     * @return a new plan
     * @throws IllegalArgumentException if not a positive multiple of 512 bytes, or
     *     {@code blockSize x count} overflows a {@code long}
     * @throws NullPointerException if {@code blockSize} is null
     */
    public final SELF blockSize(DataSize blockSize) {
        return withBlockSize(blockSize);
    }

    /**
     * {@link #blockSize(DataSize)} in the {@link DataSize} grammar: {@code "8M"},
     * {@code "4 KiB"}, {@code "1MB"}.
     *
     * @param blockSize the size as text
     * @return a new plan
     * @throws IllegalArgumentException if the text does not parse, or as
     *     {@link #blockSize(DataSize)}
     */
    public final SELF blockSize(String blockSize) {
        return blockSize(SettingChecks.parseSize("blockSize", blockSize));
    }
}
