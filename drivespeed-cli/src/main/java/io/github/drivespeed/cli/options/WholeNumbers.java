package io.github.drivespeed.cli.options;

import java.math.BigInteger;
import picocli.CommandLine;

/**
 * The command's whole-number options, converted with one wording for every bad value: not a
 * whole number, or one beyond what the option's type holds, said as "too large" or "too small"
 * with the range. A value within the type but outside the setting's own range is refused by the
 * plan, in the same words ({@code is too large (must be in [1, 1000])}).
 */
final class WholeNumbers {

    /** A {@code long} option's converter. */
    static final CommandLine.ITypeConverter<Long> LONG =
            text -> parse(text, Long.MIN_VALUE, Long.MAX_VALUE);

    /** A {@code long} option's converter that refuses a negative number (fio's unsigned ones). */
    static final CommandLine.ITypeConverter<Long> UNSIGNED_LONG =
            text -> parse(text, 0, Long.MAX_VALUE);

    /** An {@code int} option's converter. */
    static final CommandLine.ITypeConverter<Integer> INT =
            text -> Math.toIntExact(parse(text, Integer.MIN_VALUE, Integer.MAX_VALUE));

    private WholeNumbers() {
    }

    /** An option's whole number; the command puts the option's name before the message. */
    static long parse(String text, long min, long max) {
        BigInteger value;
        try {
            value = new BigInteger(text.trim());
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException("'" + text + "' is not a whole number");
        }
        if (value.compareTo(BigInteger.valueOf(max)) > 0) {
            throw new CommandLine.TypeConversionException("'" + text + "' is too large (at most "
                    + max + ")");
        }
        if (value.compareTo(BigInteger.valueOf(min)) < 0) {
            throw new CommandLine.TypeConversionException("'" + text + "' is too small (at least "
                    + min + ")");
        }
        return value.longValue();
    }
}
