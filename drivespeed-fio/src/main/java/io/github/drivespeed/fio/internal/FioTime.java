package io.github.drivespeed.fio.internal;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A time as fio parses one for {@code runtime}, {@code ramp_time} and {@code startdelay}
 * ({@code parse.c}, {@code get_mult_time}), made strict: an integer, then an optional unit,
 * case-insensitive: none or {@code s} seconds, {@code us}/{@code usec}, {@code ms}/{@code msec},
 * {@code m} minutes, {@code h} hours, {@code d} days. {@code sec} and {@code min}, which fio's
 * HOWTO suggests but its parser reads as microseconds, are refused, as is anything else fio would
 * read by a prefix alone.
 */
public final class FioTime {

    private static final Pattern TIME = Pattern.compile("([0-9]+)([A-Za-z]*)");

    private FioTime() {
    }

    /**
     * {@return a time as fio reads it ({@code 500ms}, {@code 2m}; a bare number is seconds)}
     *
     * @param option the option, for messages
     * @param text the value as written
     * @throws IllegalArgumentException naming the option and value when it does not parse
     */
    public static Duration parse(String option, String text) {
        Matcher m = TIME.matcher(text.trim());
        if (!m.matches()) {
            throw invalid(option, text, "expected an integer and an optional unit, as 60, 10s,"
                    + " 500ms, 2m");
        }
        long n;
        try {
            n = Long.parseLong(m.group(1));
        } catch (NumberFormatException e) {
            throw invalid(option, text, "too large");
        }
        String unit = m.group(2).toLowerCase(Locale.ROOT);
        try {
            switch (unit) {
                case "":
                case "s":
                    return Duration.ofSeconds(n);
                case "us":
                case "usec":
                    return Duration.ofNanos(Math.multiplyExact(n, 1000L));
                case "ms":
                case "msec":
                    return Duration.ofMillis(n);
                case "m":
                    return Duration.ofMinutes(n);
                case "h":
                    return Duration.ofHours(n);
                case "d":
                    return Duration.ofDays(n);
                case "sec":
                case "min":
                    throw invalid(option, text, "fio's parser reads '" + m.group(2) + "' as"
                            + " microseconds (its HOWTO says otherwise); write " + n
                            + (unit.equals("sec") ? "s" : "m"));
                default:
                    throw invalid(option, text, "unknown unit '" + m.group(2) + "': expected"
                            + " none (seconds), us, usec, ms, msec, s, m, h or d");
            }
        } catch (ArithmeticException e) {
            throw invalid(option, text, "too large");
        }
    }

    private static IllegalArgumentException invalid(String option, String text, String reason) {
        return new IllegalArgumentException("invalid time for fio option '" + option + "': '"
                + text + "': " + reason);
    }
}
