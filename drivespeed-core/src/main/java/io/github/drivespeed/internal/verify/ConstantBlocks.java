package io.github.drivespeed.internal.verify;

import java.nio.ByteBuffer;

/**
 * Counts the blocks of a read pass that came back as one byte repeated (all 0x00, all 0xFF, any
 * constant fill): a drive answers a block that was never written, or was discarded (TRIM,
 * {@code blkdiscard}), from its mapping table without reading its flash, with zeros (SSDs, most
 * cards) or 0xFF (erased NAND flash reads as 0xFF, and some controllers answer so), so such reads
 * measure its controller, not its medium. Per block, its first eight bytes are compared with its
 * first byte repeated (a block of data differs there, so the usual block costs next to nothing),
 * then the whole block with one vectorised {@link ByteBuffer#mismatch} per chunk against a buffer
 * of that byte; on the checker thread of a {@link PipelinedCheck} behind the reads. Used by one
 * thread; its counts are complete once the pipeline has finished.
 */
public final class ConstantBlocks implements BlockCheck {

    private static final int FILL_BYTES = 1 << 20;

    private final ReadRing ring;
    private final ByteBuffer fill;
    /** The byte {@link #fill} holds, or -1 before the first constant block. */
    private int fillByte = -1;
    private final long[] bytesByFill = new long[256];
    private long checkedBytes;

    /**
     * @param ring where the blocks are read to
     */
    ConstantBlocks(ReadRing ring) {
        this.ring = ring;
        this.fill = ByteBuffer.allocateDirect((int) Math.min(ring.blockBytes(), FILL_BYTES));
    }

    @Override
    public void check(long writeIndex, long offset, int position) {
        long blockBytes = ring.blockBytes();
        ByteBuffer got = ring.view(position);
        int value;
        if (got != null) {
            value = constant(got.duplicate());
        } else {
            long at = ring.offsetOf(position);
            value = -1;
            for (long done = 0; done < blockBytes; done += fill.capacity()) {
                int length = (int) Math.min(fill.capacity(), blockBytes - done);
                int v = constant(ring.buffer().window(at + done, length));
                if (v < 0 || (done > 0 && v != value)) {
                    value = -1;
                    break;
                }
                value = v;
            }
        }
        checkedBytes += blockBytes;
        if (value >= 0) {
            bytesByFill[value] += blockBytes;
        }
    }

    /** The byte every byte of {@code got} (position to limit) holds, or -1 when they differ. */
    private int constant(ByteBuffer got) {
        int from = got.position();
        int length = got.limit() - from;
        if (length == 0) {
            return -1;
        }
        int value = got.get(from) & 0xFF;
        if (length >= Long.BYTES && got.getLong(from) != 0x0101010101010101L * value) {
            return -1;
        }
        if (value != fillByte) {
            for (int i = 0; i < fill.capacity(); i++) {
                fill.put(i, (byte) value);
            }
            fillByte = value;
        }
        int step = fill.capacity();
        for (int at = from; at < got.limit(); at += step) {
            int n = Math.min(step, got.limit() - at);
            if (got.slice(at, n).mismatch(fill.slice(0, n)) >= 0) {
                return -1;
            }
        }
        return value;
    }

    /** An unreadable block is not counted: it returned nothing, a fill or otherwise. */
    @Override
    public void unreadable(long offset, long bytes) {
    }

    /**
     * {@return bytes of the blocks checked that held one byte repeated, by that byte (index 0 to
     * 255)}
     */
    public long[] bytesByFill() {
        return bytesByFill.clone();
    }

    /** {@return bytes of the blocks checked} */
    public long checkedBytes() {
        return checkedBytes;
    }
}
