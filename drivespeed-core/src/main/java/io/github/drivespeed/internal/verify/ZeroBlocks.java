package io.github.drivespeed.internal.verify;

import java.nio.ByteBuffer;

/**
 * Counts the blocks of a read pass that came back all zeros: a drive answers a block that was
 * never written, or was discarded (TRIM, {@code blkdiscard}), with zeros without reading its
 * flash, so such reads measure its controller, not its medium. One vectorised
 * {@link ByteBuffer#mismatch} per block against a zero block, on the checker thread of a
 * {@link PipelinedCheck} behind the reads; a block of data differs at its first bytes, so the
 * usual block costs next to nothing. Used by one thread; its counts are complete once the
 * pipeline has finished.
 */
public final class ZeroBlocks implements BlockCheck {

    private final ReadRing ring;
    private final ByteBuffer zeros;
    private long zeroBytes;
    private long checkedBytes;

    /**
     * @param ring where the blocks are read to
     */
    ZeroBlocks(ReadRing ring) {
        this.ring = ring;
        this.zeros = ByteBuffer.allocateDirect((int) Math.min(ring.blockBytes(), 1 << 20));
    }

    @Override
    public void check(long writeIndex, long offset, int position) {
        long blockBytes = ring.blockBytes();
        ByteBuffer got = ring.view(position);
        boolean allZeros;
        if (got != null) {
            allZeros = allZeros(got.duplicate());
        } else {
            long at = ring.offsetOf(position);
            allZeros = true;
            for (long done = 0; done < blockBytes && allZeros; done += zeros.capacity()) {
                int length = (int) Math.min(zeros.capacity(), blockBytes - done);
                allZeros = allZeros(ring.buffer().window(at + done, length));
            }
        }
        checkedBytes += blockBytes;
        if (allZeros) {
            zeroBytes += blockBytes;
        }
    }

    private boolean allZeros(ByteBuffer got) {
        int step = zeros.capacity();
        for (int at = got.position(); at < got.limit(); at += step) {
            int length = Math.min(step, got.limit() - at);
            if (got.slice(at, length).mismatch(zeros.slice(0, length)) >= 0) {
                return false;
            }
        }
        return true;
    }

    /** An unreadable block is not counted: it returned nothing, zeros or otherwise. */
    @Override
    public void unreadable(long offset, long bytes) {
    }

    /** {@return bytes of the blocks checked that were all zeros} */
    public long zeroBytes() {
        return zeroBytes;
    }

    /** {@return bytes of the blocks checked} */
    public long checkedBytes() {
        return checkedBytes;
    }
}
