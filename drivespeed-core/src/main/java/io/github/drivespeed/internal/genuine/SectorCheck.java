package io.github.drivespeed.internal.genuine;

import io.github.drivespeed.report.DataLossKind;
import io.github.drivespeed.unit.DataSize;
import java.nio.ByteBuffer;

/**
 * Says how one 512-byte sector read back differs from what was written, in f3's and h2testw's
 * terms ({@link DataLossKind}). A sector drivespeed writes holds its offset (bytes 0-7) and the
 * run's nonce (bytes 8-15), big-endian, then payload; with the nonce, the offset found in a sector
 * names where its data was written.
 */
public final class SectorCheck {

    private static final int SECTOR = DataSize.SECTOR_BYTES;

    private SectorCheck() {
    }

    /**
     * {@return how it differs (the caller knows it differs from the expected bytes)}
     *
     * @param actual the buffer holding the sector read back
     * @param at the sector's index in {@code actual}
     * @param nonce the run's nonce
     * @param expectedOffset the offset stamped into the sector when it was written
     */
    public static DataLossKind classify(ByteBuffer actual, int at, long nonce,
            long expectedOffset) {
        if (allBytes(actual, at, (byte) 0)) {
            return DataLossKind.ZEROS;
        }
        if (allBytes(actual, at, (byte) 0xFF)) {
            return DataLossKind.ONES;
        }
        long found = actual.getLong(at);
        if (actual.getLong(at + Long.BYTES) == nonce && found != expectedOffset
                && found >= 0 && found % SECTOR == 0) {
            return DataLossKind.ALIASED;
        }
        return DataLossKind.CORRUPTED;
    }

    /**
     * {@return the offset stamped in the sector (bytes 0-7), meaningful for
     * {@link DataLossKind#ALIASED}}
     *
     * @param actual the buffer holding the sector read back
     * @param at the sector's index in {@code actual}
     */
    public static long stampedOffset(ByteBuffer actual, int at) {
        return actual.getLong(at);
    }

    private static boolean allBytes(ByteBuffer b, int at, byte value) {
        long pattern = value == 0 ? 0L : -1L;
        for (int i = 0; i < SECTOR; i += Long.BYTES) {
            if (b.getLong(at + i) != pattern) {
                return false;
            }
        }
        return true;
    }
}
