package io.github.drivespeed.internal.verify;

import io.github.drivespeed.internal.io.BufferViews;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.unit.DataSize;
import java.nio.ByteBuffer;

/**
 * The memory a verified read pass reads into: a ring of chunks, each of one or more whole
 * blocks ({@value #CHUNK_TARGET_BYTES} bytes or one block, whichever is larger), about
 * {@value #RING_TARGET_BYTES} bytes in all, at least 2 chunks, never more than the pass reads.
 * The reader fills one chunk while a checker thread checks the chunks filled before it
 * ({@link PipelinedCheck}); views for the checker are made once, here. For a check in batches
 * on the reader's thread, one chunk: it is checked before it is filled again, and stays in the
 * caches. Held by a measurement
 * for all its passes; the reader's I/O and the checker's comparisons touch disjoint chunks.
 */
public final class ReadRing implements AutoCloseable {

    /** A chunk aims at 1 MiB: blocks of 4 KiB are handed to the checker 256 at a time. */
    static final long CHUNK_TARGET_BYTES = DataSize.MEBIBYTE;
    /** The ring aims at 16 MiB: room for the checker to fall behind by a few chunks. */
    static final long RING_TARGET_BYTES = 16 * DataSize.MEBIBYTE;

    private final AlignedBuffer buffer;
    private final BufferViews views;
    private final long blockBytes;
    private final int blocksPerChunk;
    private final int chunks;

    /**
     * A ring of read buffers for a verified read pass, allocated from the backend.
     *
     * @param io the backend to allocate with
     * @param blockBytes bytes per block
     * @param maxBlocks the most blocks a pass reads (the ring is never larger)
     * @param alignmentBytes the buffer's alignment
     * @param oneChunk whether the ring has one chunk only (a check in batches on the reader's
     *     thread)
     */
    public ReadRing(IoBackend io, long blockBytes, long maxBlocks, int alignmentBytes,
            boolean oneChunk) {
        this.blockBytes = blockBytes;
        this.blocksPerChunk = (int) Math.max(1, Math.min(maxBlocks,
                CHUNK_TARGET_BYTES / blockBytes));
        long chunkBytes = blocksPerChunk * blockBytes;
        long needed = (maxBlocks + blocksPerChunk - 1) / blocksPerChunk;
        this.chunks = oneChunk ? 1 : (int) Math.max(1, Math.min(needed,
                Math.max(2, RING_TARGET_BYTES / chunkBytes)));
        this.buffer = io.allocate(chunkBytes * chunks, alignmentBytes);
        this.views = new BufferViews(buffer);
    }

    /** {@return the buffer the reads go to} */
    public AlignedBuffer buffer() {
        return buffer;
    }

    /** @return chunks in the ring */
    int chunks() {
        return chunks;
    }

    /** @return blocks per chunk */
    int blocksPerChunk() {
        return blocksPerChunk;
    }

    /** @return bytes per block */
    long blockBytes() {
        return blockBytes;
    }

    /**
     * @param position a block's place in the ring, {@code chunk x blocksPerChunk + i}
     * @return where it starts in {@link #buffer()}
     */
    long offsetOf(int position) {
        return position * blockBytes;
    }

    /**
     * For the checker: the block at {@code position} as the remaining bytes of a view made once.
     *
     * @param position a block's place in the ring
     * @return the view (valid until the next call), or null when the block spans two of the
     *     buffer's 1 GiB windows or is larger than one
     */
    ByteBuffer view(int position) {
        return blockBytes > BufferViews.WINDOW_BYTES ? null
                : views.view(offsetOf(position), (int) blockBytes);
    }

    @Override
    public void close() {
        buffer.close();
    }
}
