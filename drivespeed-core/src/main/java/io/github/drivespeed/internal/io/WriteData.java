package io.github.drivespeed.internal.io;

import io.github.drivespeed.parameters.DataPattern;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.unit.DataSize;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The data the write pass writes, held in one aligned pool that blocks are written from.
 *
 * <p>Random data: before each run the pool (about {@code poolTargetBytes}, 32 MiB for one
 * writer, rounded up to whole blocks, at least one block per queue slot, never more blocks than
 * the pass writes) is filled from {@code SplittableRandom(nonce)}, eight bytes at a time,
 * big-endian. With queue depth 1 the {@code i}-th write of a run is written from pool block
 * {@code i mod poolBlocks}, so content repeats no more often than every 32 MiB and stays
 * incompressible to file-system compressors whose windows are smaller. With a deeper queue, slot
 * {@code s} cycles through pool blocks {@code s, s + depth, s + 2 depth, ...}, so a block is never
 * rewritten while a write from it is in flight. Before each write, every 512-byte sector of the block gets its file offset (bytes 0-7)
 * and the run's nonce (bytes 8-15) stamped in, big-endian, so no two sectors of any test file are
 * equal and deduplicating storage cannot skip them (fio's {@code scramble_buffers} does the same).
 *
 * <p>Zeros: one block of zeros, never stamped, refilled before each run.
 *
 * <p>A read pass may read into the pool between runs: {@link #startRun} rewrites all of it.
 */
public final class WriteData implements AutoCloseable {

    /** Pool size aimed at; the pool is never larger than the pass. */
    public static final long POOL_TARGET_BYTES = 32 * DataSize.MEBIBYTE;
    private static final int WINDOW_BYTES = BufferViews.WINDOW_BYTES;

    private final AlignedBuffer pool;
    private final ByteBuffer[] windows;
    /** The pool's views, made once; their movable ones for {@link #compareView}. */
    private final BufferViews views;
    private final long blockBytes;
    private final long poolBlocks;
    private final boolean random;
    private final int depth;
    private final long blocksPerSlot;
    private final long[] nextPoolBlock;
    private long nonce;

    /**
     * A pool for one writer with queue depth 1, aiming at {@link #POOL_TARGET_BYTES}.
     *
     * @param io the backend that allocates the pool's aligned buffer
     * @param blockBytes bytes per block
     * @param count blocks the pass writes at most (the pool is never larger)
     * @param pattern the blocks' content
     * @param alignmentBytes the buffer's alignment
     */
    public WriteData(IoBackend io, long blockBytes, long count, DataPattern pattern,
            int alignmentBytes) {
        this(io, blockBytes, count, pattern, alignmentBytes, 1, POOL_TARGET_BYTES);
    }

    /**
     * A write pool of blocks in the pattern, sized for the pass, its queue depth and a target size.
     *
     * @param io the backend that allocates the pool's aligned buffer
     * @param blockBytes bytes per block
     * @param count blocks the pass writes at most (the pool is never larger)
     * @param pattern the blocks' content
     * @param alignmentBytes the buffer's alignment
     * @param depth queue slots that may each have a write in flight
     * @param poolTargetBytes pool size aimed at
     */
    public WriteData(IoBackend io, long blockBytes, long count, DataPattern pattern,
            int alignmentBytes, int depth, long poolTargetBytes) {
        this.blockBytes = blockBytes;
        this.random = pattern == DataPattern.RANDOM;
        this.depth = depth;
        this.poolBlocks = poolBlocks(blockBytes, count, random, depth, poolTargetBytes);
        this.blocksPerSlot = poolBlocks / depth;
        this.nextPoolBlock = new long[depth];
        this.pool = IoBuffers.allocate(io, blockBytes * poolBlocks, alignmentBytes, blockBytes);
        this.views = new BufferViews(pool);
        this.windows = views.windows();
        if (!random) {
            fillZeros();
        }
    }

    /**
     * The pool's size before it is allocated, for the memory check of a plan.
     *
     * @param blockBytes bytes per block
     * @param count blocks the pass writes at most
     * @param poolTargetBytes pool size aimed at
     * @return the bytes a random-data pool for one writer at queue depth 1 takes
     */
    public static long randomPoolBytes(long blockBytes, long count, long poolTargetBytes) {
        return blockBytes * poolBlocks(blockBytes, count, true, 1, poolTargetBytes);
    }

    private static long poolBlocks(long blockBytes, long count, boolean random, int depth,
            long poolTargetBytes) {
        long wanted = (poolTargetBytes + blockBytes - 1) / blockBytes;
        long blocks = random ? Math.max(1, Math.min(count, wanted)) : 1;
        return Math.max(1, (blocks + depth - 1) / depth) * depth;
    }

    /** {@return the buffer blocks are written from} */
    public AlignedBuffer buffer() {
        return pool;
    }

    /**
     * Prepares the data of one run (untimed).
     *
     * @param runNonce the run's nonce, also the seed of its random data
     */
    public void startRun(long runNonce) {
        this.nonce = runNonce;
        Arrays.fill(nextPoolBlock, 0);
        if (!random) {
            fillZeros(); // a read pass may have read into the pool
            return;
        }
        SplittableRandom rng = new SplittableRandom(runNonce);
        for (ByteBuffer w : windows) {
            int limit = w.capacity();
            for (int i = 0; i + Long.BYTES <= limit; i += Long.BYTES) {
                w.putLong(i, rng.nextLong());
            }
        }
    }

    /**
     * Picks the pool block for the next write from queue slot {@code slot}, stamps it for
     * {@code fileOffset}, and says where in the pool it is.
     *
     * @param slot the queue slot the write goes out on, in {@code [0, depth)}
     * @param fileOffset where the block goes in the file
     * @return the block's offset in {@link #buffer()}
     */
    long prepareBlock(int slot, long fileOffset) {
        long use = nextPoolBlock[slot]; // cycles through [0, blocksPerSlot) without a division
        nextPoolBlock[slot] = use + 1 == blocksPerSlot ? 0 : use + 1;
        long poolBlock = slot + depth * use;
        long poolOffset = poolBlock * blockBytes;
        stamp(poolOffset, fileOffset);
        return poolOffset;
    }

    /**
     * {@return how many writes on one slot {@link #prepareBlock} stamps in distinct pool blocks
     * before it reuses the first}
     */
    long blocksPerSlot() {
        return blocksPerSlot;
    }

    /**
     * What the {@code writeIndex}-th write of this run (from 0, one writer with queue depth 1)
     * wrote, stamped for {@code fileOffset}, for a read-back check: the pool block it was written
     * from, stamped again (untimed; no write may be in flight).
     *
     * @param writeIndex the write's number in the run, from 0
     * @param fileOffset the offset it was written at (its sectors' stamps)
     * @return the block's offset in {@link #buffer()}
     */
    public long expectedBlock(long writeIndex, long fileOffset) {
        long poolOffset = (writeIndex % poolBlocks) * blockBytes;
        stamp(poolOffset, fileOffset);
        return poolOffset;
    }

    /**
     * The pool's bytes {@code [poolOffset, poolOffset + length)} as the remaining bytes of a view
     * made once (no allocation, no native call per block): for a read-back check to compare
     * with. The same object each call, its position and limit moved; used by one thread, and
     * valid until the next call.
     *
     * @param poolOffset where the bytes start in {@link #buffer()}
     * @param length how many
     * @return the view, or null when the bytes span two of the pool's 1 GiB windows
     */
    public ByteBuffer compareView(long poolOffset, int length) {
        return views.view(poolOffset, length);
    }

    /** {@return the current run's nonce} */
    public long nonce() {
        return nonce;
    }

    /** {@return whether blocks are random and stamped (else zeros)} */
    public boolean random() {
        return random;
    }

    /** Stamps each sector of the pool block at {@code poolOffset} for {@code fileOffset}. */
    private void stamp(long poolOffset, long fileOffset) {
        if (random) {
            for (long s = 0; s < blockBytes; s += DataSize.SECTOR_BYTES) {
                long at = poolOffset + s;
                ByteBuffer w = windows[(int) (at / WINDOW_BYTES)];
                int i = (int) (at % WINDOW_BYTES);
                w.putLong(i, fileOffset + s);
                w.putLong(i + Long.BYTES, nonce);
            }
        }
    }

    private void fillZeros() {
        for (ByteBuffer w : windows) {
            int limit = w.capacity();
            int i = 0;
            for (; i + Long.BYTES <= limit; i += Long.BYTES) {
                w.putLong(i, 0L);
            }
            for (; i < limit; i++) {
                w.put(i, (byte) 0);
            }
        }
    }

    @Override
    public void close() {
        pool.close();
    }
}
