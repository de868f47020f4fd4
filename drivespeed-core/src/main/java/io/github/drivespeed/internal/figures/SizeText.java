package io.github.drivespeed.internal.figures;

import java.util.Locale;

/** Byte counts as reports and refusals print them. */
public final class SizeText {

    private static final double MEGABYTE = 1_000_000.0;
    private static final double MEBIBYTE = 1 << 20;

    private SizeText() {
    }

    /**
     * {@return bytes in MB (10^6 bytes) and in MiB (2^20 bytes), each with one decimal:
     * {@code 268.4 MB (256.0 MiB)}}
     *
     * @param bytes a byte count
     */
    public static String megabytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f MB (%.1f MiB)", bytes / MEGABYTE,
                bytes / MEBIBYTE);
    }

    /**
     * {@return bytes in MiB (2^20 bytes) with one decimal, as the memory refusals give them:
     * {@code 512.0 MiB}}
     *
     * @param bytes a byte count
     */
    public static String mebibytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f MiB", bytes / MEBIBYTE);
    }
}
