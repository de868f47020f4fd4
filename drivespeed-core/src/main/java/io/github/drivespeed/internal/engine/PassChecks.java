package io.github.drivespeed.internal.engine;

import io.github.drivespeed.internal.genuine.CliffDetector;
import io.github.drivespeed.internal.genuine.CompletionLog;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.spi.AlignedBuffer;
import java.util.function.LongConsumer;
import java.util.function.LongUnaryOperator;

/**
 * What a sequential pass checks beside its I/O loop, told after each block completes: a write
 * pass logs each block's completion time for the cliff check (rule 8), a verified read pass
 * checks each block against what was written (rule 7) and leaves that time out of its timed
 * interval and timeline. One writer or reader with queue depth 1: the block just read is at
 * offset 0 of the read buffer. Used by one thread.
 */
final class PassChecks {

    private final long blockBytes;
    private final long startNanos;
    private final DirectionRecorder recorder;
    private final LongConsumer progress;
    private final LongUnaryOperator offsetOfBlock;
    private final CompletionLog log;
    private final ReadBackVerifier verifier;

    /**
     * @param write whether this is a write pass (else a read pass)
     * @param verify for a read pass, whether to check what is read
     * @param data the write pool the pass's blocks were written from
     * @param readBuffer where a read pass reads each block to, at offset 0
     * @param blockBytes bytes per block
     * @param blocks blocks the pass moves
     * @param startNanos {@link System#nanoTime()} at the start of the timed pass
     * @param recorder the pass's recorder, whose timeline leaves the check time out
     * @param offsetOfBlock the offset of the pass's block i (from 0)
     * @param progress told the bytes done after each block
     */
    PassChecks(boolean write, boolean verify, WriteData data, AlignedBuffer readBuffer,
            long blockBytes, long blocks, long startNanos, DirectionRecorder recorder,
            LongUnaryOperator offsetOfBlock, LongConsumer progress) {
        this.blockBytes = blockBytes;
        this.startNanos = startNanos;
        this.recorder = recorder;
        this.progress = progress;
        this.offsetOfBlock = offsetOfBlock;
        this.log = write ? new CompletionLog(blocks) : null;
        this.verifier = !write && verify ? new ReadBackVerifier(data, readBuffer, blockBytes)
                : null;
    }

    /**
     * Told by the I/O loop after each block.
     *
     * @param firstBlock the pass's block the loop started at
     * @param movedBytes bytes the loop has moved so far
     */
    void completed(long firstBlock, long movedBytes) {
        long block = firstBlock + movedBytes / blockBytes - 1;
        if (log != null) {
            log.add(System.nanoTime() - startNanos);
        }
        if (verifier != null) {
            long before = verifier.spentNanos();
            verifier.check(block, offsetOfBlock.applyAsLong(block));
            recorder.excludeNanos(verifier.spentNanos() - before);
        }
        progress.accept((block + 1) * blockBytes);
    }

    /** @return the read-back check, or null for a write pass or an unverified read pass */
    ReadBackVerifier verifier() {
        return verifier;
    }

    /** @return whether read blocks are checked */
    boolean verifying() {
        return verifier != null;
    }

    /**
     * A block whose read-back failed with EIO: data lost.
     *
     * @param block the pass's block number
     */
    void unreadable(long block) {
        verifier.unreadable(offsetOfBlock.applyAsLong(block), blockBytes);
    }

    /** @return time spent checking, to leave out of the timed interval */
    long excludedNanos() {
        return verifier == null ? 0 : verifier.spentNanos();
    }

    /**
     * @param sample the pass's sample
     * @return it with what was checked: the verification of a read pass, the cliff of a write
     *     pass
     */
    Sample annotate(Sample sample) {
        if (verifier != null) {
            sample = sample.withVerification(verifier.result());
        }
        if (log != null) {
            sample = sample.withCacheCliff(CliffDetector.find(log.nanos(), log.size(), blockBytes));
        }
        return sample;
    }
}
