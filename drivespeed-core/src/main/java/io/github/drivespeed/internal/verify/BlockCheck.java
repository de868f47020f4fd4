package io.github.drivespeed.internal.verify;

/**
 * What a {@link PipelinedCheck}'s checker does with each block read into its {@link ReadRing}:
 * compare it with what was written ({@link ReadBackVerifier}) or see whether it is all zeros
 * ({@link ConstantBlocks}). Called on the checker thread only.
 */
interface BlockCheck {

    /**
     * Checks one block read into the ring.
     *
     * @param writeIndex which write of the run wrote it, from 0
     * @param offset the offset it was read from
     * @param position where in the ring it was read to
     */
    void check(long writeIndex, long offset, int position);

    /**
     * A block whose read failed with EIO.
     *
     * @param offset where it starts
     * @param bytes its length
     */
    void unreadable(long offset, long bytes);
}
