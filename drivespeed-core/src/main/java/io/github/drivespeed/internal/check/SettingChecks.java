package io.github.drivespeed.internal.check;

import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.error.InvalidSettingException.Reason;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.unit.InvalidDataSizeException;
import java.time.Duration;
import java.util.Objects;

/**
 * The checks every setting of a plan or parameter record goes through: one helper per kind of
 * rule, each throwing {@link InvalidSettingException} that carries the setting, the value and the
 * reason (its message {@code "count must be >= 1: 0"}), as Caffeine's builder checks its
 * settings. Every other refusal of a setting, where a plan runs, throws the same exception. The
 * parameter records call these in their constructors, so an invariant is written once, where the
 * value lives; the plans only build records.
 */
public final class SettingChecks {

    private SettingChecks() {
    }

    /**
     * Requires a value.
     *
     * @param <T> its type
     * @param setting the setting's name, for the message
     * @param value the value
     * @return {@code value}
     * @throws NullPointerException naming the setting, if null
     */
    public static <T> T requireNonNull(String setting, T value) {
        return Objects.requireNonNull(value, setting);
    }

    /**
     * Parses a size in the {@link DataSize} grammar.
     *
     * @param setting the setting's name, for the message
     * @param text the size as text
     * @return the size
     * @throws InvalidSettingException naming the setting, if the text does not parse
     */
    public static DataSize parseSize(String setting, String text) {
        requireNonNull(setting, text);
        try {
            return DataSize.parse(text);
        } catch (InvalidDataSizeException e) {
            // the setting's message names the text already: the rule alone
            throw new InvalidSettingException(setting, text,
                    Reason.of("is not a data size: " + e.reason()), e);
        }
    }

    /**
     * Requires a size of whole 512-byte sectors ({@link DataSize#SECTOR_BYTES}), as every block
     * and file size is.
     *
     * @param setting the setting's name, for the message
     * @param size the size
     * @return {@code size}
     * @throws InvalidSettingException if not positive or not a multiple of 512 bytes
     */
    public static DataSize requireWholeSectors(String setting, DataSize size) {
        requireNonNull(setting, size);
        if (size.bytes() <= 0) {
            throw new InvalidSettingException(setting, size, "is too small (must be a positive"
                    + " multiple of " + DataSize.SECTOR_BYTES + " bytes, one sector)");
        }
        if (size.bytes() % DataSize.SECTOR_BYTES != 0) {
            throw new InvalidSettingException(setting, size.bytes() + " bytes",
                    "must be a multiple of " + DataSize.SECTOR_BYTES + " bytes (one sector)");
        }
        return size;
    }

    /**
     * Requires {@code value >= min}.
     *
     * @param setting the setting's name, for the message
     * @param value the value
     * @param min the least allowed
     * @return {@code value}
     * @throws InvalidSettingException if below {@code min}
     */
    public static long requireAtLeast(String setting, long value, long min) {
        if (value < min) {
            throw new InvalidSettingException(setting, value, "is too small (must be >= " + min
                    + ")");
        }
        return value;
    }

    /**
     * Requires {@code size >= min}.
     *
     * @param setting the setting's name, for the message
     * @param size the size
     * @param min the least allowed
     * @return {@code size}
     * @throws InvalidSettingException if below {@code min}
     */
    public static DataSize requireAtLeast(String setting, DataSize size, DataSize min) {
        if (size.bytes() < min.bytes()) {
            throw new InvalidSettingException(setting, size, "is too small (must be >= " + min
                    + ")");
        }
        return size;
    }

    /**
     * Requires {@code min <= value <= max}.
     *
     * @param setting the setting's name, for the message
     * @param value the value
     * @param min the least allowed
     * @param max the most allowed
     * @return {@code value}
     * @throws InvalidSettingException if outside {@code [min, max]}
     */
    public static int requireInRange(String setting, int value, int min, int max) {
        if (value < min || value > max) {
            throw new InvalidSettingException(setting, value, (value < min ? "is too small"
                    : "is too large") + " (must be in [" + min + ", " + max + "])");
        }
        return value;
    }

    /**
     * Requires {@code blockSize x count} to fit in a {@code long} number of bytes.
     *
     * @param blockSize the block size, positive
     * @param count the number of blocks, positive
     * @throws InvalidSettingException if the product overflows
     */
    public static void requireBytesFit(DataSize blockSize, long count) {
        if (count > Long.MAX_VALUE / blockSize.bytes()) {
            throw new InvalidSettingException("count", count, Reason.of("is too large: times ")
                    .setting("blockSize").then(" " + blockSize + " it exceeds " + Long.MAX_VALUE
                            + " bytes"), null);
        }
    }

    /**
     * Requires a duration in {@code [min, max]}.
     *
     * @param setting the setting's name, for the message
     * @param duration the duration
     * @param min the shortest allowed
     * @param max the longest allowed
     * @return {@code duration}
     * @throws InvalidSettingException if outside {@code [min, max]}
     */
    public static Duration requireInRange(String setting, Duration duration, Duration min,
            Duration max) {
        requireNonNull(setting, duration);
        if (duration.compareTo(min) < 0 || duration.compareTo(max) > 0) {
            throw new InvalidSettingException(setting, text(duration),
                    (duration.compareTo(min) < 0 ? "is too short" : "is too long")
                            + " (must be in [" + text(min) + ", " + text(max) + "])");
        }
        return duration;
    }

    private static final long[] UNIT_NANOS = {3_600_000_000_000L, 60_000_000_000L,
        1_000_000_000L, 1_000_000L, 1_000L, 1L};
    private static final String[] UNIT_NAMES = {"h", "min", "s", "ms", "us", "ns"};

    /** A duration in the largest unit that divides it exactly: {@code 24 h}, {@code 1 ms}. */
    private static String text(Duration d) {
        long nanos = d.toNanos();
        if (nanos == 0) {
            return "0";
        }
        for (int i = 0; i < UNIT_NANOS.length; i++) {
            if (nanos % UNIT_NANOS[i] == 0) {
                return nanos / UNIT_NANOS[i] + " " + UNIT_NAMES[i];
            }
        }
        throw new AssertionError(nanos);
    }
}
