package io.github.drivespeed.internal.genuine;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.report.medium.DataLossKind;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * How a sector read back is classified, on stamped sectors as drivespeed writes them (offset,
 * nonce, payload) and on probe units: a single flipped bit of a sector's offset stamp names
 * another offset, with the run's nonce, but the rest is the sector's own data, so it is
 * corrupted, not aliased; a region displaced as a whole, or a sector holding another's payload
 * too, is aliased.
 */
class SectorCheckTest {

    private static final long NONCE = 0x1234_5678_9ABC_DEF0L;
    private static final int SECTOR = 512;

    @Test
    void aFlippedBitOfTheOffsetStampIsCorruptionNotAliasing() {
        ByteBuffer got = sectors(3, 1 << 20, 0);
        ByteBuffer want = sectors(3, 1 << 20, 0);
        got.put(SECTOR + 5, (byte) (got.get(SECTOR + 5) ^ 0x02)); // sector 1: 1 MiB + 512 + 128 KiB
        assertThat(SectorCheck.classify(got, SECTOR, NONCE, (1 << 20) + SECTOR))
                .as("the stamp alone").isEqualTo(DataLossKind.ALIASED);
        assertThat(SectorCheck.classify(got, SECTOR, NONCE, (1 << 20) + SECTOR,
                ownPayload(got, want, SECTOR), 0, 3 * SECTOR)).isEqualTo(DataLossKind.CORRUPTED);
    }

    @Test
    void aRegionDisplacedAsAWholeIsAliasedEvenWithThePayloadItsOwn() {
        // what a medium that wraps at a multiple of the pool's size gives: the payload repeats,
        // every sector's stamp names the offset one period away
        long period = 64L << 20;
        ByteBuffer got = sectors(3, (1 << 20) + period, 0);
        ByteBuffer want = sectors(3, 1 << 20, 0);
        assertThat(SectorCheck.classify(got, SECTOR, NONCE, (1 << 20) + SECTOR,
                ownPayload(got, want, SECTOR), 0, 3 * SECTOR)).isEqualTo(DataLossKind.ALIASED);
        assertThat(SectorCheck.stampedOffset(got, SECTOR)).isEqualTo((1 << 20) + period + SECTOR);
    }

    @Test
    void aSectorWithAnotherOffsetsStampAndPayloadIsAliasedAlone() {
        ByteBuffer got = sectors(1, 7L << 20, 99);
        ByteBuffer want = sectors(1, 1 << 20, 0);
        assertThat(SectorCheck.classify(got, 0, NONCE, 1 << 20, ownPayload(got, want, 0), 0,
                SECTOR)).isEqualTo(DataLossKind.ALIASED);
    }

    @Test
    void aProbeUnitWithOneFlippedStampBitIsCorruptedAndAUnitOfAnotherIsAliased() {
        ProbeUnit unit = new ProbeUnit(4096, NONCE);
        ByteBuffer got = ByteBuffer.allocate(8192);
        unit.fill(got, 8192, 1 << 20);
        assertThat(unit.check(got, 0, 1 << 20)).isEqualTo(ProbeUnit.Outcome.OK);
        got.put(3 * SECTOR + 5, (byte) (got.get(3 * SECTOR + 5) ^ 0x10));
        assertThat(unit.check(got, 0, 1 << 20)).isEqualTo(new ProbeUnit.Outcome(
                DataLossKind.CORRUPTED, -1));
        // the second unit, written for 1 MiB + 4 KiB, read back at 3 MiB: its data, whole
        assertThat(unit.check(got, 4096, 3 << 20)).isEqualTo(new ProbeUnit.Outcome(
                DataLossKind.ALIASED, (1 << 20) + 4096));
    }

    /** Sectors stamped from {@code offset} with the nonce, payload drawn from {@code seed}. */
    private static ByteBuffer sectors(int n, long offset, long seed) {
        ByteBuffer b = ByteBuffer.allocate(n * SECTOR);
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < n * SECTOR; i += Long.BYTES) {
            b.putLong(i, r.nextLong());
        }
        for (int s = 0; s < n; s++) {
            b.putLong(s * SECTOR, offset + (long) s * SECTOR);
            b.putLong(s * SECTOR + Long.BYTES, NONCE);
        }
        return b;
    }

    private static boolean ownPayload(ByteBuffer got, ByteBuffer want, int at) {
        return got.slice(at + 16, SECTOR - 16).mismatch(want.slice(at + 16, SECTOR - 16)) < 0;
    }
}
