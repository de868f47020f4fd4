package io.github.drivespeed.unit;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations in nanoseconds, as every latency and elapsed time in drivespeed is kept (a
 * {@code long} or {@code double} count of nanoseconds, from {@link System#nanoTime()}), printed
 * for people, and the one grammar in which drivespeed reads a duration typed by a person (a
 * command-line option such as {@code --duration 500ms}, a requirement such as {@code p99=10ms}).
 *
 * @since 0.1.0
 */
public final class Nanoseconds {

    /** A number (up to 12 digits, optionally up to 9 decimals), an optional space, a unit. */
    private static final Pattern DURATION = Pattern.compile(
            "(\\d{1,12}(?:\\.\\d{1,9})?) ?(ns|us|ms|s|m|h)?");

    private Nanoseconds() {
    }

    /**
     * Parses a duration: a number, optionally one space, then a unit: {@code ns}, {@code us},
     * {@code ms}, {@code s}, {@code m} (minutes) or {@code h}, as fio writes times
     * ({@code 500ms}, {@code 1.5 ms}, {@code 2m}). Decimals are exact, to the nanosecond; a value
     * that is not a whole number of nanoseconds is refused.
     *
     * @param text the duration as text
     * @param unitWhenNone the unit of a bare number (fio reads {@code runtime=60} as seconds), or
     *     null to require a unit
     * @return the duration
     * @throws IllegalArgumentException if the text is not of that form, has no unit where one is
     *     required, or is finer than a nanosecond
     */
    public static Duration parse(String text, ChronoUnit unitWhenNone) {
        Objects.requireNonNull(text, "text");
        Matcher m = DURATION.matcher(text.trim());
        String expected = unitWhenNone == null ? " (expected a number and ns, us, ms, s, m or h,"
                + " for example 10ms)" : " (expected a number and optionally ns, us, ms, s, m or"
                + " h, for example 5, 500ms, 2m)";
        if (!m.matches() || (m.group(2) == null && unitWhenNone == null)) {
            if (text.trim().startsWith("-")) {
                throw new IllegalArgumentException("not a duration: '" + text + "' (must not be"
                        + " negative)");
            }
            throw new IllegalArgumentException("not a duration: '" + text + "'" + expected);
        }
        long nanosPerUnit = m.group(2) == null ? unitWhenNone.getDuration().toNanos()
                : nanosPer(m.group(2));
        BigDecimal nanos = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(nanosPerUnit));
        try {
            return Duration.ofNanos(nanos.longValueExact());
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("not a duration: '" + text + "' (finer than a"
                    + " nanosecond, or too long)", e);
        }
    }

    private static long nanosPer(String unit) {
        switch (unit) {
            case "ns":
                return 1;
            case "us":
                return 1_000;
            case "ms":
                return 1_000_000;
            case "s":
                return 1_000_000_000;
            case "m":
                return 60_000_000_000L;
            default:
                return 3_600_000_000_000L;
        }
    }

    /**
     * Formats nanoseconds the way fio picks a unit: {@code 812 ns}, {@code 95.3 us},
     * {@code 12.41 ms}, {@code 1.203 s}.
     *
     * @param nanos a duration in nanoseconds; NaN or negative prints {@code n/a}
     * @return the text
     */
    public static String format(double nanos) {
        if (Double.isNaN(nanos) || nanos < 0) {
            return "n/a";
        }
        if (nanos < 1e3) {
            return String.format(Locale.ROOT, "%.0f ns", nanos);
        }
        if (nanos < 1e6) {
            return String.format(Locale.ROOT, "%.1f us", nanos / 1e3);
        }
        if (nanos < 1e9) {
            return String.format(Locale.ROOT, "%.2f ms", nanos / 1e6);
        }
        return String.format(Locale.ROOT, "%.3f s", nanos / 1e9);
    }
}
