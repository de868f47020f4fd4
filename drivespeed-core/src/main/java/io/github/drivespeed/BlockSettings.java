package io.github.drivespeed;

import io.github.drivespeed.parameters.Parameters;
import io.github.drivespeed.unit.DataSize;

/**
 * The settings of a {@link BlockPlan}: what every plan has, and the block size.
 *
 * @param <L> the plan's listener type
 * @param <P> the plan's parameters record
 */
abstract class BlockSettings<L, P extends Parameters> extends PlanSettings<L, P> {

    /** Bytes per read and write call. */
    DataSize blockSize;
    /**
     * Whether the caller set {@link #blockSize}: a device test fits its default to a device
     * smaller than it, and refuses a given one that does not fit.
     */
    boolean blockSizeGiven;

    BlockSettings(L listener, DataSize blockSize) {
        super(listener);
        this.blockSize = blockSize;
    }
}
