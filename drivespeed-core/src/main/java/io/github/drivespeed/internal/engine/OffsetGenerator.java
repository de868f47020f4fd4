package io.github.drivespeed.internal.engine;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The file offsets one worker reads or writes at: always a multiple of the block size and in
 * {@code [0, fileBytes - blockBytes]} (fio: offsets aligned to {@code blockalign}, which defaults
 * to the block size).
 *
 * <p>Sequential: blocks {@code first, first + 1, ..., first + blocks - 1}, then from
 * {@code first} again; several generators may share one cursor (the threads that together
 * emulate one thread's queue depth), each taking the next block from it. Random: block numbers drawn uniformly from {@code [0, blocks)} with
 * {@link SplittableRandom#nextLong(long)}, with replacement (fio's {@code norandommap}).
 */
final class OffsetGenerator {

    private final SplittableRandom random;
    private final AtomicLong sharedCursor;
    private final long firstBlock;
    private final long blocks;
    private final long blockBytes;
    private long cursor;

    private OffsetGenerator(SplittableRandom random, AtomicLong sharedCursor, long firstBlock,
            long blocks, long blockBytes) {
        if (blocks < 1 || firstBlock < 0 || blockBytes < 1) {
            throw new IllegalArgumentException("bad offset range: first block " + firstBlock
                    + ", " + blocks + " blocks of " + blockBytes + " bytes");
        }
        this.random = random;
        this.sharedCursor = sharedCursor;
        this.firstBlock = firstBlock;
        this.blocks = blocks;
        this.blockBytes = blockBytes;
    }

    /**
     * @param firstBlock the first block number
     * @param blocks how many blocks before wrapping around, {@code >= 1}
     * @param blockBytes block size in bytes
     * @return sequential offsets over {@code [firstBlock, firstBlock + blocks)}
     */
    static OffsetGenerator sequential(long firstBlock, long blocks, long blockBytes) {
        return new OffsetGenerator(null, null, firstBlock, blocks, blockBytes);
    }

    /**
     * Sequential offsets from a cursor shared with other generators (thread-safe).
     *
     * @param cursor blocks taken so far by all sharers, from 0
     * @return sequential offsets over {@code [firstBlock, firstBlock + blocks)}
     */
    static OffsetGenerator sequential(long firstBlock, long blocks, long blockBytes,
            AtomicLong cursor) {
        return new OffsetGenerator(null, cursor, firstBlock, blocks, blockBytes);
    }

    /**
     * @param random the source of block numbers (seeded by the caller)
     * @param blocks block numbers are drawn from {@code [0, blocks)}, {@code >= 1}
     * @param blockBytes block size in bytes
     * @return uniformly random offsets
     */
    static OffsetGenerator random(SplittableRandom random, long blocks, long blockBytes) {
        return new OffsetGenerator(random, null, 0, blocks, blockBytes);
    }

    /** @return the next file offset in bytes */
    long next() {
        if (random != null) {
            return random.nextLong(blocks) * blockBytes;
        }
        if (sharedCursor != null) {
            return (firstBlock + sharedCursor.getAndIncrement() % blocks) * blockBytes;
        }
        long block = firstBlock + cursor;
        if (++cursor == blocks) {
            cursor = 0;
        }
        return block * blockBytes;
    }
}
