package io.github.drivespeed.internal.genuine;

import io.github.drivespeed.report.medium.DataLossKind;
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
     * {@return how it differs, as {@link #classify(ByteBuffer, int, long, long)}, but a sector that
     * holds another offset's stamp is {@link DataLossKind#ALIASED} only when it is that offset's
     * data: its payload is not this sector's own, or a neighbouring sector is displaced by the
     * same distance (a medium that aliases maps whole blocks, 4 KiB and more, not one sector). A
     * sector whose payload is its own and whose neighbours hold their own data has a stamp with
     * changed bits: {@link DataLossKind#CORRUPTED} (a single flipped bit in bytes 0-7 names
     * another offset that is a multiple of 512 B away)}
     *
     * @param actual the buffer holding the sector read back
     * @param at the sector's index in {@code actual}
     * @param nonce the run's nonce
     * @param expectedOffset the offset stamped into the sector when it was written
     * @param ownPayload whether bytes 16-511 of the sector are what was written there
     * @param from where the region read back starts in {@code actual} (neighbours in it are
     *     looked at)
     * @param to where it ends
     */
    public static DataLossKind classify(ByteBuffer actual, int at, long nonce,
            long expectedOffset, boolean ownPayload, int from, int to) {
        DataLossKind kind = classify(actual, at, nonce, expectedOffset);
        if (kind != DataLossKind.ALIASED || !ownPayload) {
            return kind;
        }
        long shift = actual.getLong(at) - expectedOffset;
        for (int n : new int[] {at - SECTOR, at + SECTOR}) {
            if (n >= from && n + SECTOR <= to && actual.getLong(n + Long.BYTES) == nonce
                    && actual.getLong(n) == expectedOffset + (n - at) + shift) {
                return DataLossKind.ALIASED;
            }
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
