package io.github.drivespeed.internal.io;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The file offsets one worker reads or writes at: always a multiple of the block size and in
 * {@code [0, fileBytes - blockBytes]} (fio: offsets aligned to {@code blockalign}, which defaults
 * to the block size).
 *
 * <p>Sequential: blocks {@code first, first + 1, ..., first + blocks - 1}, then from
 * {@code first} again; several generators may share one cursor (the threads that together
 * emulate one thread's queue depth), each taking the next block from it. Random with the map
 * (fio's default): worker {@code k} of {@code W} takes positions {@code k, k + W, ...} of a
 * {@link BlockPermutation} of {@code [0, blocks)}, rekeyed with {@code seed + pass} for each pass,
 * so the workers together cover each block once per pass. Random without it: block numbers drawn
 * uniformly from {@code [0, blocks)} with {@link SplittableRandom#nextLong(long)}, with
 * replacement (fio's {@code norandommap}).
 */
public final class OffsetGenerator {

    private final SplittableRandom random;
    private final BlockPermutation permutation;
    private final long mapSeed;
    private final int worker;
    private final int workers;
    private long pass;
    private final AtomicLong sharedCursor;
    private final long firstBlock;
    private final long blocks;
    private final long blockBytes;
    private long cursor;

    private OffsetGenerator(SplittableRandom random, AtomicLong sharedCursor, long firstBlock,
            long blocks, long blockBytes) {
        this(random, sharedCursor, firstBlock, blocks, blockBytes, null, 0, 0, 1);
    }

    private OffsetGenerator(SplittableRandom random, AtomicLong sharedCursor, long firstBlock,
            long blocks, long blockBytes, BlockPermutation permutation, long mapSeed, int worker,
            int workers) {
        if (blocks < 1 || firstBlock < 0 || blockBytes < 1) {
            throw new IllegalArgumentException("bad offset range: first block " + firstBlock
                    + ", " + blocks + " blocks of " + blockBytes + " bytes");
        }
        this.random = random;
        this.sharedCursor = sharedCursor;
        this.firstBlock = firstBlock;
        this.blocks = blocks;
        this.blockBytes = blockBytes;
        this.permutation = permutation;
        this.mapSeed = mapSeed;
        this.worker = worker;
        this.workers = workers;
        this.cursor = permutation == null ? 0 : worker % blocks;
    }

    /**
     * {@return sequential offsets over {@code [firstBlock, firstBlock + blocks)}}
     *
     * @param firstBlock the first block number
     * @param blocks how many blocks before wrapping around, {@code >= 1}
     * @param blockBytes block size in bytes
     */
    public static OffsetGenerator sequential(long firstBlock, long blocks, long blockBytes) {
        return new OffsetGenerator(null, null, firstBlock, blocks, blockBytes);
    }

    /**
     * Sequential offsets from a cursor shared with other generators (thread-safe).
     *
     * @param firstBlock the first block number
     * @param blocks how many blocks before wrapping around, {@code >= 1}
     * @param blockBytes block size in bytes
     * @param cursor blocks taken so far by all sharers, from 0
     * @return sequential offsets over {@code [firstBlock, firstBlock + blocks)}
     */
    public static OffsetGenerator sequential(long firstBlock, long blocks, long blockBytes,
            AtomicLong cursor) {
        return new OffsetGenerator(null, cursor, firstBlock, blocks, blockBytes);
    }

    /**
     * {@return offsets, in bytes, of blocks drawn uniformly at random (with repeats)}
     *
     * @param random the source of block numbers (seeded by the caller)
     * @param blocks block numbers are drawn from {@code [0, blocks)}, {@code >= 1}
     * @param blockBytes block size in bytes
     */
    public static OffsetGenerator random(SplittableRandom random, long blocks, long blockBytes) {
        return new OffsetGenerator(random, null, 0, blocks, blockBytes);
    }

    /**
     * Random offsets that cover each block once per pass over all {@code workers} generators
     * made with the same seed (fio's random map).
     *
     * @param seed the permutation of pass {@code c} is keyed with {@code seed + c}
     * @param blocks block numbers are taken from {@code [0, blocks)}, {@code >= 1}
     * @param blockBytes block size in bytes
     * @param worker this generator's worker, in {@code [0, workers)}
     * @param workers the workers sharing the passes, {@code >= 1}
     * @return the generator
     */
    public static OffsetGenerator randomMap(long seed, long blocks, long blockBytes, int worker,
            int workers) {
        if (workers < 1 || worker < 0 || worker >= workers) {
            throw new IllegalArgumentException("worker " + worker + " of " + workers);
        }
        return new OffsetGenerator(null, null, 0, blocks, blockBytes,
                new BlockPermutation(blocks, seed), seed, worker, workers);
    }

    /** @return the next file offset in bytes */
    long next() {
        if (permutation != null) {
            long block = permutation.at(cursor);
            cursor += workers;
            if (cursor >= blocks) {
                permutation.rekey(mapSeed + ++pass);
                cursor = worker % blocks;
            }
            return block * blockBytes;
        }
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
