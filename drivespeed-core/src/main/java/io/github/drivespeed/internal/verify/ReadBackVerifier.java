package io.github.drivespeed.internal.verify;

import io.github.drivespeed.internal.genuine.LossTally;
import io.github.drivespeed.internal.genuine.SectorCheck;
import io.github.drivespeed.internal.io.WriteData;
import io.github.drivespeed.report.medium.DataLossKind;
import io.github.drivespeed.report.medium.Verification;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.unit.DataSize;
import java.nio.ByteBuffer;

/**
 * Checks each block a read pass read back against what the write pass wrote (rule 7): the write
 * pool's block for it, stamped again for its offset, compared byte for byte
 * ({@link ByteBuffer#mismatch}, vectorised by the JDK); where they differ, each 512-byte sector is
 * classified ({@link SectorCheck}). Runs on the checker thread of a {@link PipelinedCheck},
 * behind the reads, on the blocks of its {@link ReadRing}. Used by one thread.
 */
public final class ReadBackVerifier implements BlockCheck {

    private static final int SECTOR = DataSize.SECTOR_BYTES;
    /** Where a sector's payload starts: after its offset and nonce. */
    private static final int PAYLOAD = 2 * Long.BYTES;
    private static final long CHUNK_BYTES = DataSize.GIBIBYTE;

    private final WriteData data;
    private final ReadRing ring;
    private final long blockBytes;
    private final LossTally tally = new LossTally();
    private long reportBase;
    private java.util.function.LongUnaryOperator baseOfNonce = nonce -> -1;

    /**
     * @param data the write pool the pass's blocks were written from
     * @param ring where the blocks are read to
     */
    ReadBackVerifier(WriteData data, ReadRing ring) {
        this.data = data;
        this.ring = ring;
        this.blockBytes = ring.blockBytes();
    }

    /**
     * Where the offsets reported start: a capacity check's files each start at their place in
     * the fill; a sector that holds the data of another of its files (another nonce) is aliased to
     * that file's place.
     *
     * @param base added to every offset reported
     * @param bases the place of the file written with a nonce, or -1 for none of them
     */
    public void reportFrom(long base, java.util.function.LongUnaryOperator bases) {
        this.reportBase = base;
        this.baseOfNonce = bases;
    }

    /**
     * Checks one block read into the ring.
     *
     * @param writeIndex which write of the run wrote it, from 0
     * @param offset the offset it was written at and read from (its sectors' stamps)
     * @param position where in the ring it was read to
     */
    @Override
    public void check(long writeIndex, long offset, int position) {
        long expected = data.expectedBlock(writeIndex, offset);
        ByteBuffer got = ring.view(position);
        ByteBuffer want = got == null ? null : data.compareView(expected, (int) blockBytes);
        if (want != null) {
            // The usual case: one vectorised comparison of views made once, nothing allocated.
            compare(got, want, (int) blockBytes, offset);
            return;
        }
        AlignedBuffer readBuffer = ring.buffer();
        long at = ring.offsetOf(position);
        for (long done = 0; done < blockBytes; ) {
            int length = (int) Math.min(CHUNK_BYTES, blockBytes - done);
            compare(readBuffer.window(at + done, length),
                    data.buffer().window(expected + done, length), length, offset + done);
            done += length;
        }
    }

    /** Compares the remaining {@code length} bytes of both; classifies where they differ. */
    private void compare(ByteBuffer got, ByteBuffer want, int length, long offset) {
        int at = got.mismatch(want);
        if (at < 0) {
            tally.intact(length);
            return;
        }
        int firstSector = at / SECTOR * SECTOR;
        tally.intact(firstSector);
        // 0-based copies of the views (allocated only where data differs)
        classify(got.slice(), want.slice(), firstSector, length, offset);
    }

    private void classify(ByteBuffer got, ByteBuffer want, int from, int length, long offset) {
        for (int s = from; s < length; s += SECTOR) {
            if (got.slice(s, SECTOR).mismatch(want.slice(s, SECTOR)) < 0) {
                tally.intact(SECTOR);
                continue;
            }
            DataLossKind kind = data.random()
                    ? SectorCheck.classify(got, s, data.nonce(), offset + s,
                            got.slice(s + PAYLOAD, SECTOR - PAYLOAD).mismatch(
                                    want.slice(s + PAYLOAD, SECTOR - PAYLOAD)) < 0, 0, length)
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
    @Override
    public void unreadable(long offset, long bytes) {
        tally.lost(reportBase + offset, bytes, DataLossKind.UNREADABLE, -1);
    }

    /**
     * {@return what the read-back found: the bytes checked and lost, and where the first loss
     * is}
     */
    public Verification result() {
        return tally.result();
    }
}
