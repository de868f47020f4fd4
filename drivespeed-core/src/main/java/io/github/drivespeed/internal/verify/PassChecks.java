package io.github.drivespeed.internal.verify;

import io.github.drivespeed.error.TestFileIoException;
import io.github.drivespeed.internal.genuine.CliffDetector;
import io.github.drivespeed.internal.genuine.CompletionLog;
import io.github.drivespeed.internal.genuine.StallFinder;
import io.github.drivespeed.internal.io.DirectionRecorder;
import io.github.drivespeed.internal.io.IoFailures;
import io.github.drivespeed.internal.io.IoLoop;
import io.github.drivespeed.internal.io.WriteData;
import io.github.drivespeed.report.medium.CacheCliff;
import io.github.drivespeed.report.CacheHandling;
import io.github.drivespeed.report.Sample;
import java.io.IOException;
import java.util.function.LongConsumer;
import java.util.function.LongUnaryOperator;

/**
 * What a sequential pass checks beside its I/O loop, told after each block completes: every
 * pass logs each block's completion time for the cliff check of a write pass (rule 8), the rate
 * drop check of a read pass and the stall check of both; a verified read pass reads
 * into a {@link ReadRing} and has each block checked against what was written (rule 7) by a
 * {@link PipelinedCheck} behind the reads, so that nothing is left out of its timed interval (on a
 * memory file system, in batches between the reads, whose time is left out of the interval and
 * the timeline: no device paces those reads, and the check would compete with their copying).
 * One writer or reader with queue depth 1. Made before the timed pass ({@link #begin}), so that
 * starting the checker is not timed. Used by one thread; closed on every path.
 */
public final class PassChecks implements AutoCloseable {

    private final long blockBytes;
    private final boolean write;
    private long startNanos;
    private DirectionRecorder recorder;
    private final LongConsumer progress;
    private final LongUnaryOperator offsetOfBlock;
    private final CompletionLog log;
    private final PipelinedCheck pipeline;
    /** The read-back check of a verified read pass, or null. */
    private final ReadBackVerifier verifier;
    /** The constant-fill count of an unverified read pass that counts them, or null. */
    private final ConstantBlocks fills;
    /** Bytes of the blocks whose I/O failed with EIO (data lost), which the device still moved. */
    private long failedBytes;

    /**
     * The checks of one pass: what it writes from, and for a verified read pass, how it checks.
     *
     * @param write whether this is a write pass (else a read pass)
     * @param verify for a read pass, whether to check what is read
     * @param data the write pool the pass's blocks were written from
     * @param ring where a verified read pass reads to; for an unverified read pass, a ring
     *     makes it count the blocks that read as one byte repeated ({@link #constantBlocks});
     *     else null
     * @param inBatches whether a verified read pass checks in batches on its own thread (a memory
     *     file system), else behind the reads on a thread of its own
     * @param blockBytes bytes per block
     * @param blocks blocks the pass moves
     * @param offsetOfBlock the offset of the pass's block i (from 0)
     * @param progress told the bytes done after each block
     */
    public PassChecks(boolean write, boolean verify, WriteData data, ReadRing ring,
            boolean inBatches, long blockBytes, long blocks, LongUnaryOperator offsetOfBlock,
            LongConsumer progress) {
        this.blockBytes = blockBytes;
        this.write = write;
        this.progress = progress;
        this.offsetOfBlock = offsetOfBlock;
        this.log = new CompletionLog(blocks);
        this.verifier = !write && verify ? new ReadBackVerifier(data, ring) : null;
        this.fills = !write && !verify && ring != null ? new ConstantBlocks(ring) : null;
        this.pipeline = verifier != null ? new PipelinedCheck(ring, verifier, inBatches)
                : fills != null ? new PipelinedCheck(ring, fills, false) : null;
    }

    /**
     * Made (and its checker thread started) before the timed pass: told when it starts.
     *
     * @param passStartNanos {@link System#nanoTime()} at the start of the timed pass
     * @param passRecorder the pass's recorder, whose timeline leaves batches' check time out;
     *     or null
     * @return this
     */
    public PassChecks begin(long passStartNanos, DirectionRecorder passRecorder) {
        this.startNanos = passStartNanos;
        this.recorder = passRecorder;
        return this;
    }

    /**
     * Told by the I/O loop after each block.
     *
     * @param firstBlock the pass's block the loop started at
     * @param movedBytes bytes the loop has moved so far
     */
    public void completed(long firstBlock, long movedBytes) {
        long block = firstBlock + movedBytes / blockBytes - 1;
        log.add(System.nanoTime() - startNanos);
        if (pipeline != null) {
            long before = pipeline.spentNanos();
            pipeline.filled(block, offsetOfBlock.applyAsLong(block));
            long spent = pipeline.spentNanos() - before;
            if (spent > 0 && recorder != null) {
                recorder.excludeNanos(spent);
            }
        }
        progress.accept((block + 1) * blockBytes);
    }

    /**
     * {@return it, reading into the ring when verifying}
     *
     * @param loop a loop of this pass
     */
    public IoLoop attach(IoLoop loop) {
        return pipeline == null ? loop : loop.readingInto(pipeline);
    }

    /**
     * One stretch of a pass through the I/O loop, from one of its blocks to its end.
     */
    @FunctionalInterface
    public interface Stretch {
        /**
         * Makes a loop over the pass's blocks from {@code first} on, {@linkplain #attach
         * attached} to these checks and telling them of each block through {@code progress},
         * and runs it.
         *
         * @param first the pass's block to start at
         * @param progress what the loop tells after each block
         * @return the bytes the loop moved
         * @throws IOException as the loop failed
         */
        long run(long first, IoLoop.Progress progress) throws IOException;
    }

    /**
     * Moves the pass's blocks from block 0 on, in stretches: where a verified read fails with
     * EIO, the block is data lost ({@link #unreadable}) and the pass goes on from the next
     * block; any other failure ends the pass.
     *
     * @param blocks the blocks the pass moves
     * @param blockOfOffset the pass's block number of a failed I/O's file offset
     * @param lossIsAFinding whether an EIO on a verified read is a finding, not a failure (false
     *     in a warm-up, whose findings are not kept)
     * @param stretch runs the loop from a block on
     * @return the bytes moved
     * @throws IOException the failure that ended the pass
     */
    public long transfer(long blocks, LongUnaryOperator blockOfOffset, boolean lossIsAFinding,
            Stretch stretch) throws IOException {
        long done = 0;
        for (long first = 0; first < blocks; ) {
            long from = first;
            try {
                done += stretch.run(first, moved -> completed(from, moved));
                first = blocks;
            } catch (TestFileIoException e) {
                if (!lossIsAFinding || !verifying() || !IoFailures.isIoError(e)
                        || e.offset() < 0) {
                    throw e;
                }
                long bad = blockOfOffset.applyAsLong(e.offset());
                unreadable(bad);
                failedBytes += blockBytes;
                done += (bad - first) * blockBytes;
                first = bad + 1;
            }
        }
        return done;
    }

    /**
     * The check of a verified read pass, to configure before the first block is read (its
     * findings are complete once {@link #finish} returned).
     *
     * @return the check, or null for a write pass or an unverified read pass
     */
    public ReadBackVerifier verifier() {
        return verifier;
    }

    /**
     * The count of constant-fill blocks of an unverified read pass given a ring, complete once
     * {@link #finish} returned.
     *
     * @return the count, or null when this pass does not count them
     */
    public ConstantBlocks constantBlocks() {
        return fills;
    }

    /**
     * {@return bytes of the blocks whose read failed with EIO and that the pass counted as lost
     * ({@link #transfer}): not moved, but asked of the device, whose counters
     * ({@code /sys/block/DEV/stat}) count the bytes of failed requests as well (on the test bed,
     * 128 MiB read at the device for 44 MiB read and 84 MiB that failed with EIO), so a check of
     * what the device moved against what the pass did adds them to the pass's own bytes}
     */
    public long failedBytes() {
        return failedBytes;
    }

    /** {@return whether read blocks are checked against what was written} */
    public boolean verifying() {
        return verifier != null;
    }

    /**
     * A block whose read-back failed with EIO: data lost.
     *
     * @param block the pass's block number
     */
    public void unreadable(long block) {
        pipeline.unreadable(block, offsetOfBlock.applyAsLong(block));
    }

    /**
     * {@return time to leave out of the timed interval: batches checked between the reads (0 when
     * the check runs behind them)}
     */
    public long excludedNanos() {
        return pipeline == null ? 0 : pipeline.spentNanos();
    }

    /**
     * Waits for the check of the last blocks read (or checks them); called once the pass's timed
     * interval ended.
     */
    public void finish() {
        if (pipeline != null) {
            pipeline.finish();
        }
    }

    /**
     * {@return it with what was checked: the verification of a read pass (after {@link #finish}),
     * the cliff of a write pass (the page cache's when it wrote buffered, else the drive's), the
     * rate drop of a read pass, and the stall of either}
     *
     * @param sample the pass's sample
     */
    public Sample annotate(Sample sample) {
        if (verifier != null) {
            sample = sample.withVerification(verifier.result());
        }
        if (write) {
            CacheCliff.Cause cause =
                    sample.accounting().cacheHandling() == CacheHandling.BUFFERED_WRITE
                    ? CacheCliff.Cause.PAGE_CACHE : CacheCliff.Cause.DRIVE_WRITE_CACHE;
            sample = sample.withCacheCliff(CliffDetector.findDrop(log.nanos(), log.size(),
                    blockBytes).map(d -> new CacheCliff(d, cause)));
        } else {
            sample = sample.withRateDrop(CliffDetector.findDrop(log.nanos(), log.size(),
                    blockBytes));
        }
        return sample.withStall(StallFinder.find(log.nanos(), log.size(), offsetOfBlock,
                sample.latency().maxNanos()));
    }

    /** Stops the checker thread of a verified read pass, also when the pass failed. */
    @Override
    public void close() {
        if (pipeline != null) {
            pipeline.close();
        }
    }
}
