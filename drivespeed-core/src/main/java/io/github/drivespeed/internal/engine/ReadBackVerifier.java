package io.github.drivespeed.internal.engine;

import io.github.drivespeed.internal.genuine.LossTally;
import io.github.drivespeed.internal.genuine.SectorCheck;
import io.github.drivespeed.report.DataLossKind;
import io.github.drivespeed.report.Verification;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.unit.DataSize;
import java.nio.ByteBuffer;

/**
 * Checks each block a read pass read back against what the write pass wrote (rule 7): the write
 * pool's block for it, stamped again for its offset, compared byte for byte
 * ({@link ByteBuffer#mismatch}, vectorised by the JDK); where they differ, each 512-byte sector is
 * classified ({@link SectorCheck}). Runs beside the I/O loop, after a block's read completed and
 * before the next is submitted; the time it takes is counted ({@link #spentNanos()}) so that the
 * pass leaves it out of its timed interval. Used by one thread.
 */
final class ReadBackVerifier {

    private static final int SECTOR = DataSize.SECTOR_BYTES;
    private static final long CHUNK_BYTES = DataSize.GIBIBYTE;

    private final WriteData data;
    private final AlignedBuffer readBuffer;
    private final long blockBytes;
    private final LossTally tally = new LossTally();
    /** The read buffer's block, made once (a native buffer's view costs a JNI call). */
    private final ByteBuffer readView;
    private long spentNanos;
    private long reportBase;
    private java.util.function.LongUnaryOperator baseOfNonce = nonce -> -1;

    /**
     * @param data the write pool the pass's blocks were written from
     * @param readBuffer where each block is read to, at offset 0
     * @param blockBytes bytes per block
     */
    ReadBackVerifier(WriteData data, AlignedBuffer readBuffer, long blockBytes) {
        this.data = data;
        this.readBuffer = readBuffer;
        this.blockBytes = blockBytes;
        this.readView = blockBytes <= CHUNK_BYTES ? readBuffer.window(0, (int) blockBytes) : null;
    }

    /**
     * Where the offsets reported start: a capacity check's files each start at their place in
     * the fill; a sector that holds the data of another of its files (another nonce) is aliased to
     * that file's place.
     *
     * @param base added to every offset reported
     * @param bases the place of the file written with a nonce, or -1 for none of them
     */
    void reportFrom(long base, java.util.function.LongUnaryOperator bases) {
        this.reportBase = base;
        this.baseOfNonce = bases;
    }

    /**
     * Checks the block just read into the read buffer.
     *
     * @param writeIndex which write of the run wrote it, from 0
     * @param offset the offset it was written at and read from (its sectors' stamps)
     */
    void check(long writeIndex, long offset) {
        long start = System.nanoTime();
        long expected = data.expectedBlock(writeIndex, offset);
        ByteBuffer wantView = readView == null ? null
                : data.compareView(expected, (int) blockBytes);
        if (wantView != null) {
            // The usual case: one vectorised comparison of views made once, nothing allocated.
            int at = readView.mismatch(wantView);
            if (at < 0) {
                tally.intact(blockBytes);
            } else {
                int firstSector = at / SECTOR * SECTOR;
                tally.intact(firstSector);
                classify(readView, wantView.slice(), firstSector, (int) blockBytes, offset);
            }
            spentNanos += System.nanoTime() - start;
            return;
        }
        for (long done = 0; done < blockBytes; ) {
            int length = (int) Math.min(CHUNK_BYTES, blockBytes - done);
            ByteBuffer want = data.buffer().window(expected + done, length);
            ByteBuffer got = readBuffer.window(done, length);
            int at = got.mismatch(want);
            if (at < 0) {
                tally.intact(length);
            } else {
                int firstSector = at / SECTOR * SECTOR;
                tally.intact(firstSector);
                classify(got, want, firstSector, length, offset + done);
            }
            done += length;
        }
        spentNanos += System.nanoTime() - start;
    }

    private void classify(ByteBuffer got, ByteBuffer want, int from, int length, long offset) {
        for (int s = from; s < length; s += SECTOR) {
            if (got.slice(s, SECTOR).mismatch(want.slice(s, SECTOR)) < 0) {
                tally.intact(SECTOR);
                continue;
            }
            DataLossKind kind = data.random()
                    ? SectorCheck.classify(got, s, data.nonce(), offset + s)
                    : zerosCheck(got, s);
            long found = kind == DataLossKind.ALIASED
                    ? reportBase + SectorCheck.stampedOffset(got, s) : -1;
            long otherBase = kind == DataLossKind.CORRUPTED
                    ? baseOfNonce.applyAsLong(got.getLong(s + Long.BYTES)) : -1;
            if (otherBase >= 0) {
                kind = DataLossKind.ALIASED;
                found = otherBase + SectorCheck.stampedOffset(got, s);
            }
            tally.lost(reportBase + offset + s, SECTOR, kind, found);
        }
    }

    /** Zeros were written: a sector that differs is 0xFF or corrupted. */
    private static DataLossKind zerosCheck(ByteBuffer got, int at) {
        DataLossKind k = SectorCheck.classify(got, at, 0, -1);
        return k == DataLossKind.ONES ? k : DataLossKind.CORRUPTED;
    }

    /**
     * Records a block whose read-back failed with EIO.
     *
     * @param offset where it starts
     * @param bytes its length
     */
    void unreadable(long offset, long bytes) {
        tally.lost(reportBase + offset, bytes, DataLossKind.UNREADABLE, -1);
    }

    /** @return nanoseconds spent checking, to leave out of the timed interval */
    long spentNanos() {
        return spentNanos;
    }

    /** @return what was found */
    Verification result() {
        return tally.result();
    }
}
