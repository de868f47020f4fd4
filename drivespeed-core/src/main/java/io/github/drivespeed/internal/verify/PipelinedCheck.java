package io.github.drivespeed.internal.verify;

import io.github.drivespeed.internal.io.IoLoop;
import java.util.concurrent.ArrayBlockingQueue;

/**
 * A read pass's read-back check pipelined behind its reads (rule 7): the pass reads each block
 * into the next place of a {@link ReadRing}; each chunk of the ring, once filled, is handed to a
 * checker thread of its own, which checks its blocks ({@link ReadBackVerifier}) and hands the
 * chunk back. The reader waits only when every chunk is still being checked (the checker fell a
 * whole ring behind): the pass's timed interval stays one continuous interval, nothing is left
 * out of it, and a medium whose rate is paced (a token bucket, a throttle) is paced as without
 * the check.
 *
 * <p>The reader (one thread, queue depth 1) calls {@link #nextReadOffset} before each read,
 * {@link #filled} or {@link #unreadable} after it, and {@link #finish} once the pass's timed
 * interval has ended; {@link #close} stops the checker on every path. Chunks go through two
 * queues (free and filled), which also order the reader's notes of each block before the
 * checker's reading of them, and the checker's findings before {@link #finish} returns.
 *
 * <p>In batches instead ({@code inBatches}), for a memory file system: there the read is a
 * memory copy that the checker's comparisons would slow on a busy machine, and no device paces
 * it, so the reader checks each chunk itself once it is filled (256 blocks of 4 KiB at a time)
 * and counts the time ({@link #spentNanos}), which the pass leaves out of its timed interval.
 */
final class PipelinedCheck implements IoLoop.ReadSlots, AutoCloseable {

    private static final Integer END = -1;

    private final ReadRing ring;
    private final BlockCheck verifier;
    private final int blocksPerChunk;
    private final ArrayBlockingQueue<Integer> free;
    private final ArrayBlockingQueue<Integer> filled;
    /** Per place in the ring: the block's write index, its offset, whether its read failed. */
    private final long[] writeIndex;
    private final long[] offset;
    private final boolean[] unreadable;
    /** Per chunk: places used when it was handed over. */
    private final int[] used;
    /** The checker thread, or null when checking in batches on the reader's thread. */
    private final Thread checker;
    private volatile Throwable failure;
    private long spentNanos;
    /** The chunk the reader fills, or -1 before it has taken one. */
    private int current = -1;
    private int fill;
    private boolean stopped;

    /**
     * Starts the checker thread.
     *
     * @param ring where the pass reads to
     * @param verifier the check of each block, used by the checker thread only from now on
     * @param inBatches whether the reader checks each filled chunk itself (no thread)
     */
    PipelinedCheck(ReadRing ring, BlockCheck verifier, boolean inBatches) {
        this.ring = ring;
        this.verifier = verifier;
        this.blocksPerChunk = ring.blocksPerChunk();
        int chunks = ring.chunks();
        this.free = new ArrayBlockingQueue<>(chunks);
        this.filled = new ArrayBlockingQueue<>(chunks + 1);
        for (int c = 0; c < chunks; c++) {
            free.add(c);
        }
        int places = chunks * blocksPerChunk;
        this.writeIndex = new long[places];
        this.offset = new long[places];
        this.unreadable = new boolean[places];
        this.used = new int[chunks];
        if (inBatches) {
            this.checker = null;
            return;
        }
        this.checker = new Thread(this::checkLoop, "drivespeed-read-back-check");
        checker.setDaemon(true);
        checker.start();
    }

    /** @return nanoseconds the reader spent checking batches (0 when pipelined) */
    long spentNanos() {
        return spentNanos;
    }

    /**
     * Where the next block is to be read to: the next place of the chunk being filled, waiting
     * for a chunk to come back from the checker when none is.
     *
     * @return its offset in the ring's buffer, or -1 when interrupted while waiting (flag set)
     */
    @Override
    public long nextReadOffset(int slot) {
        if (current < 0 && !take()) {
            return -1;
        }
        return ring.offsetOf(current * blocksPerChunk + fill);
    }

    /**
     * The block just read to {@link #nextReadOffset}'s place.
     *
     * @param index which write of the run wrote it, from 0
     * @param at the offset it was written at and read from
     */
    void filled(long index, long at) {
        note(index, at, false);
    }

    /**
     * A block whose read failed with EIO: data lost, noted in its turn.
     *
     * @param index which write of the run wrote it, from 0
     * @param at where it starts
     */
    void unreadable(long index, long at) {
        if (current < 0 && !take()) {
            return; // interrupted: the pass stops at its next read
        }
        note(index, at, true);
    }

    /**
     * Hands over what is left, waits for the checker to check it and stops it. Called after the
     * pass's timed interval (what is left is at most a ring's worth of checks).
     *
     * @throws RuntimeException or Error as the checker failed
     */
    void finish() {
        if (current >= 0) {
            if (fill > 0) {
                handOver();
            } else {
                free.add(current);
                current = -1;
            }
        }
        stop();
        Throwable t = failure;
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
    }

    /** @return the check, whose findings are complete once {@link #finish} returned */
    BlockCheck verifier() {
        return verifier;
    }

    /** Stops the checker (without checking what was not handed over); idempotent. */
    @Override
    public void close() {
        stop();
    }

    private boolean take() {
        try {
            current = free.take();
            fill = 0;
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private void note(long index, long at, boolean failed) {
        int place = current * blocksPerChunk + fill;
        writeIndex[place] = index;
        offset[place] = at;
        unreadable[place] = failed;
        if (++fill == blocksPerChunk) {
            handOver();
        }
    }

    private void handOver() {
        used[current] = fill;
        if (checker == null) {
            long start = System.nanoTime();
            check(current);
            spentNanos += System.nanoTime() - start;
            free.add(current);
        } else {
            filled.add(current);
        }
        current = -1;
    }

    private void stop() {
        if (stopped || checker == null) {
            return;
        }
        stopped = true;
        filled.add(END);
        boolean interrupted = false;
        while (true) {
            try {
                checker.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true; // the checker ends within a ring's worth of checks
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void checkLoop() {
        while (true) {
            int chunk;
            try {
                chunk = filled.take();
            } catch (InterruptedException e) {
                continue; // it ends when told to (END), so that the reader never waits in vain
            }
            if (chunk < 0) {
                return;
            }
            if (failure == null) {
                try {
                    check(chunk);
                } catch (RuntimeException | Error e) {
                    failure = e; // the reader rethrows it; chunks still come back to it
                }
            }
            free.add(chunk);
        }
    }

    private void check(int chunk) {
        int first = chunk * blocksPerChunk;
        for (int place = first; place < first + used[chunk]; place++) {
            if (unreadable[place]) {
                verifier.unreadable(offset[place], ring.blockBytes());
            } else {
                verifier.check(writeIndex[place], offset[place], place);
            }
        }
    }
}
