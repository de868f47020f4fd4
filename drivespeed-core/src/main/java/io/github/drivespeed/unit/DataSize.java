package io.github.drivespeed.unit;

import java.io.Serializable;
import java.util.Objects;

/**
 * An amount of data in bytes: an immutable value, parsed from and printed in dd's size grammar
 * made strict.
 *
 * <h2>Grammar</h2>
 * An unsigned decimal integer, optionally one space, then a unit:
 * <table>
 *   <caption>units</caption>
 *   <tr><th>unit</th><th>multiplier</th></tr>
 *   <tr><td>none, {@code B}</td><td>1 byte</td></tr>
 *   <tr><td>{@code K}/{@code k}, {@code KiB}</td><td>1024 (2^10)</td></tr>
 *   <tr><td>{@code M}/{@code m}, {@code MiB}</td><td>2^20</td></tr>
 *   <tr><td>{@code G}/{@code g}, {@code GiB}</td><td>2^30</td></tr>
 *   <tr><td>{@code T}/{@code t}, {@code TiB}</td><td>2^40</td></tr>
 *   <tr><td>{@code kB}/{@code KB}</td><td>1000 (10^3)</td></tr>
 *   <tr><td>{@code MB}</td><td>10^6</td></tr>
 *   <tr><td>{@code GB}</td><td>10^9</td></tr>
 *   <tr><td>{@code TB}</td><td>10^12</td></tr>
 * </table>
 * As in dd(1), {@code K}, {@code M}, {@code G} and {@code T} are powers of 1024 and {@code kB},
 * {@code MB}, {@code GB} and {@code TB} powers of 1000. Fractions, signs, negative values, other
 * spellings ({@code mb}, {@code Mb}, {@code KIB}) and values beyond {@link Long#MAX_VALUE} bytes
 * are refused with an {@link IllegalArgumentException} naming the text.
 *
 * <h2>Printing</h2>
 * {@link #toString()} uses the largest binary unit that divides the value exactly, else the
 * largest decimal unit that does, else bytes: 8388608 prints {@code 8 MiB}, 4000 prints
 * {@code 4 kB}, 1536 prints {@code 1536 B}. The text parses back to the same value.
 *
 * @since 0.1.0
 */
public final class DataSize implements Comparable<DataSize>, Serializable {

    private static final long serialVersionUID = 1L;

    /**
     * The sector: 512 bytes, the unit in which Linux counts block-device sizes and I/O
     * ({@code /sys/block/NAME/size} and {@code stat}, Documentation/block/stat.rst, whatever the
     * device's logical block size), and the granularity of drivespeed's blocks, each of which
     * carries its file offset and a per-run stamp.
     */
    public static final int SECTOR_BYTES = 512;

    /** 2^10 bytes. */
    public static final long KIBIBYTE = 1L << 10;
    /** 2^20 bytes. */
    public static final long MEBIBYTE = 1L << 20;
    /** 2^30 bytes. */
    public static final long GIBIBYTE = 1L << 30;
    /** 2^40 bytes. */
    public static final long TEBIBYTE = 1L << 40;
    /** 10^3 bytes. */
    public static final long KILOBYTE = 1_000L;
    /** 10^6 bytes. */
    public static final long MEGABYTE = 1_000_000L;
    /** 10^9 bytes. */
    public static final long GIGABYTE = 1_000_000_000L;
    /** 10^12 bytes. */
    public static final long TERABYTE = 1_000_000_000_000L;

    private static final String UNITS_HELP =
            "use B, K, M, G, T, KiB, MiB, GiB, TiB (powers of 1024) or kB, MB, GB, TB (powers of 1000)";

    /** The amount in bytes, {@code >= 0}. */
    private final long bytes;

    private DataSize(long bytes) {
        this.bytes = bytes;
    }

    /**
     * A size of {@code bytes} bytes.
     *
     * @param bytes number of bytes, {@code >= 0}
     * @return the size
     * @throws IllegalArgumentException if {@code bytes} is negative
     */
    public static DataSize ofBytes(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("data size must be >= 0 bytes: " + bytes);
        }
        return new DataSize(bytes);
    }

    /**
     * A size of {@code kibibytes} x 1024 bytes.
     *
     * @param kibibytes number of KiB, {@code >= 0}
     * @return the size
     * @throws IllegalArgumentException if negative or if the byte count overflows a {@code long}
     */
    public static DataSize ofKibibytes(long kibibytes) {
        return ofUnits(kibibytes, KIBIBYTE, "KiB");
    }

    /**
     * A size of {@code mebibytes} x 2^20 bytes.
     *
     * @param mebibytes number of MiB, {@code >= 0}
     * @return the size
     * @throws IllegalArgumentException if negative or if the byte count overflows a {@code long}
     */
    public static DataSize ofMebibytes(long mebibytes) {
        return ofUnits(mebibytes, MEBIBYTE, "MiB");
    }

    /**
     * A size of {@code gibibytes} x 2^30 bytes.
     *
     * @param gibibytes number of GiB, {@code >= 0}
     * @return the size
     * @throws IllegalArgumentException if negative or if the byte count overflows a {@code long}
     */
    public static DataSize ofGibibytes(long gibibytes) {
        return ofUnits(gibibytes, GIBIBYTE, "GiB");
    }

    private static DataSize ofUnits(long amount, long unitBytes, String unit) {
        if (amount < 0) {
            throw new IllegalArgumentException("data size must be >= 0: " + amount + " " + unit);
        }
        if (amount > Long.MAX_VALUE / unitBytes) {
            throw new IllegalArgumentException(
                    "data size overflows " + Long.MAX_VALUE + " bytes: " + amount + " " + unit);
        }
        return new DataSize(amount * unitBytes);
    }

    /**
     * Parses a size in the grammar described in the class comment.
     *
     * @param text for example {@code "8M"}, {@code "8 MiB"}, {@code "4kB"} or {@code "512"}
     * @return the size
     * @throws InvalidDataSizeException if {@code text} does not follow the grammar or overflows;
     *     the message quotes the text, and its {@link InvalidDataSizeException#reason()} gives
     *     the rule alone
     * @throws NullPointerException if {@code text} is null
     */
    public static DataSize parse(String text) {
        Objects.requireNonNull(text, "text");
        int digitsEnd = 0;
        while (digitsEnd < text.length() && isAsciiDigit(text.charAt(digitsEnd))) {
            digitsEnd++;
        }
        if (digitsEnd == 0) {
            throw new InvalidDataSizeException(text, "expected an unsigned whole number"
                    + " followed by an optional unit (" + UNITS_HELP + ")", null);
        }
        String unit = text.substring(digitsEnd);
        if (unit.startsWith(" ")) {
            unit = unit.substring(1);
            if (unit.isEmpty()) {
                throw new InvalidDataSizeException(text, "a space must be followed by a unit ("
                        + UNITS_HELP + ")", null);
            }
        }
        if (unit.length() > 1 && (unit.charAt(0) == '.' || unit.charAt(0) == ',')
                && isAsciiDigit(unit.charAt(1))) {
            throw fraction(text, digitsEnd);
        }
        long multiplier = multiplierOf(unit);
        if (multiplier == 0) {
            throw new InvalidDataSizeException(text, "unknown unit '" + unit + "' ("
                    + UNITS_HELP + ")", null);
        }
        long amount;
        try {
            amount = Long.parseLong(text.substring(0, digitsEnd));
        } catch (NumberFormatException e) {
            throw new InvalidDataSizeException(text, "overflows " + Long.MAX_VALUE + " bytes", e);
        }
        if (amount > Long.MAX_VALUE / multiplier) {
            throw new InvalidDataSizeException(text, "overflows " + Long.MAX_VALUE + " bytes",
                    null);
        }
        return new DataSize(amount * multiplier);
    }

    /**
     * The refusal of a fraction, with the whole number the user meant where there is one:
     * {@code 1.5G is 1536M}.
     */
    private static InvalidDataSizeException fraction(String text, int digitsEnd) {
        int end = digitsEnd + 1;
        while (end < text.length() && isAsciiDigit(text.charAt(end))) {
            end++;
        }
        String unit = text.substring(end);
        String hint = FractionHint.of(text, text.substring(0, end),
                unit.startsWith(" ") ? unit.substring(1) : unit)
                .map(h -> ": " + h).orElse("; use a whole number of a smaller unit");
        return new InvalidDataSizeException(text, "fractions are not allowed" + hint, null);
    }

    private static boolean isAsciiDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** The multiplier of a unit, or 0 when the unit is not part of the grammar. */
    private static long multiplierOf(String unit) {
        switch (unit) {
            case "":
            case "B":
                return 1;
            case "K":
            case "k":
            case "KiB":
                return KIBIBYTE;
            case "M":
            case "m":
            case "MiB":
                return MEBIBYTE;
            case "G":
            case "g":
            case "GiB":
                return GIBIBYTE;
            case "T":
            case "t":
            case "TiB":
                return TEBIBYTE;
            case "kB":
            case "KB":
                return KILOBYTE;
            case "MB":
                return MEGABYTE;
            case "GB":
                return GIGABYTE;
            case "TB":
                return TERABYTE;
            default:
                return 0;
        }
    }

    /**
     * The size in bytes.
     *
     * @return bytes, {@code >= 0}
     */
    public long bytes() {
        return bytes;
    }

    /**
     * This size times {@code factor}.
     *
     * @param factor a non-negative multiplier
     * @return the product
     * @throws IllegalArgumentException if {@code factor} is negative or the product overflows
     */
    public DataSize times(long factor) {
        if (factor < 0) {
            throw new IllegalArgumentException("factor must be >= 0: " + factor);
        }
        if (factor != 0 && bytes > Long.MAX_VALUE / factor) {
            throw new IllegalArgumentException(
                    this + " x " + factor + " overflows " + Long.MAX_VALUE + " bytes");
        }
        return new DataSize(bytes * factor);
    }

    @Override
    public int compareTo(DataSize other) {
        return Long.compare(bytes, other.bytes);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DataSize && ((DataSize) o).bytes == bytes;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(bytes);
    }

    /**
     * The size in the largest unit that divides it exactly (binary before decimal), for example
     * {@code 8 MiB}, {@code 4 kB} or {@code 1536 B}; zero prints {@code 0 B}.
     */
    @Override
    public String toString() {
        if (bytes == 0) {
            return "0 B";
        }
        long[] binary = {TEBIBYTE, GIBIBYTE, MEBIBYTE, KIBIBYTE};
        String[] binaryNames = {"TiB", "GiB", "MiB", "KiB"};
        for (int i = 0; i < binary.length; i++) {
            if (bytes % binary[i] == 0) {
                return bytes / binary[i] + " " + binaryNames[i];
            }
        }
        long[] decimal = {TERABYTE, GIGABYTE, MEGABYTE, KILOBYTE};
        String[] decimalNames = {"TB", "GB", "MB", "kB"};
        for (int i = 0; i < decimal.length; i++) {
            if (bytes % decimal[i] == 0) {
                return bytes / decimal[i] + " " + decimalNames[i];
            }
        }
        return bytes + " B";
    }
}
