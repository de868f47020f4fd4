package io.github.drivespeed.internal.genuine;

import io.github.drivespeed.report.medium.DataLossKind;
import io.github.drivespeed.unit.DataSize;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;

/**
 * The content of one probe unit of the capacity probe: random payload drawn once from the probe's
 * nonce, with every 512-byte sector stamped with its offset and the nonce, as every block
 * drivespeed writes; and the check of a unit read back against it.
 */
public final class ProbeUnit {

    private static final int SECTOR = DataSize.SECTOR_BYTES;

    /**
     * How a unit read back.
     *
     * @param kind how it differs from what was written, or null when it reads back as written
     * @param foundOffset for {@link DataLossKind#ALIASED}, the offset whose data was there; else -1
     */
    public record Outcome(DataLossKind kind, long foundOffset) {
        /** A unit that reads back as written. */
        public static final Outcome OK = new Outcome(null, -1);

        /** {@return whether it read back as written} */
        public boolean ok() {
            return kind == null;
        }
    }

    private final ByteBuffer payload;
    private final int unitBytes;
    private final long nonce;

    /**
     * A probe unit of {@code unitBytes} bytes, its payload seeded by the probe's nonce.
     *
     * @param unitBytes bytes per unit, a multiple of 512
     * @param nonce the probe's nonce, also the payload's seed
     */
    public ProbeUnit(int unitBytes, long nonce) {
        this.unitBytes = unitBytes;
        this.nonce = nonce;
        this.payload = ByteBuffer.allocate(unitBytes);
        SplittableRandom rng = new SplittableRandom(nonce);
        for (int i = 0; i < unitBytes; i += Long.BYTES) {
            payload.putLong(i, rng.nextLong());
        }
    }

    /**
     * Fills {@code length} bytes of {@code dst} from index 0 with what is written at
     * {@code offset}: the payload, unit after unit, each sector stamped.
     *
     * @param dst where to put it
     * @param length bytes, a multiple of the unit
     * @param offset where it is written
     */
    public void fill(ByteBuffer dst, int length, long offset) {
        for (int u = 0; u < length; u += unitBytes) {
            dst.put(u, payload, 0, unitBytes);
            for (int s = 0; s < unitBytes; s += SECTOR) {
                dst.putLong(u + s, offset + u + s);
                dst.putLong(u + s + Long.BYTES, nonce);
            }
        }
    }

    /**
     * {@return OK, or how its first differing sector came back (for an aliased one, the offset of
     * the unit whose data it holds)}
     *
     * @param got a buffer holding a unit read back at index {@code at}
     * @param at where the unit starts in {@code got}
     * @param offset where it was read from
     */
    public Outcome check(ByteBuffer got, int at, long offset) {
        for (int s = 0; s < unitBytes; s += SECTOR) {
            boolean same = got.getLong(at + s) == offset + s
                    && got.getLong(at + s + Long.BYTES) == nonce
                    && got.slice(at + s + 16, SECTOR - 16).mismatch(payload.slice(s + 16, SECTOR - 16)) < 0;
            if (!same) {
                DataLossKind kind = SectorCheck.classify(got, at + s, nonce, offset + s,
                        got.slice(at + s + 16, SECTOR - 16).mismatch(
                                payload.slice(s + 16, SECTOR - 16)) < 0, at, at + unitBytes);
                return new Outcome(kind, kind == DataLossKind.ALIASED
                        ? SectorCheck.stampedOffset(got, at + s) - s : -1);
            }
        }
        return Outcome.OK;
    }
}
