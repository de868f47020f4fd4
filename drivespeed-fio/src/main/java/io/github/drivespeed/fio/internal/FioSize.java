package io.github.drivespeed.fio.internal;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A size as fio parses one ({@code parse.c}, {@code __get_mult_bytes}), made strict: an integer,
 * then an optional unit, case-insensitive. With {@code kb_base=1024} (fio's default)
 * {@code k}/{@code kb} are 1024 and {@code kib} is 1000 (fio inverts the prefixes "for
 * compatibility with old scripts"); with {@code kb_base=1000} {@code k}/{@code kb} are 1000 and
 * {@code kib} is 1024. Likewise m, g, t, p. {@code b} alone is bytes. What fio would read in a
 * surprising way is refused instead: anything after the unit ({@code 4kx}, which fio reads as 4k),
 * a space ({@code 4 KiB}, which fio reads as 4), fractions, percentages, ranges and lists, and
 * {@code ki}/{@code mi}/... without {@code b} (fio's HOWTO calls {@code 4ki} 4096 with
 * {@code kb_base=1000}; its parser gives 4000).
 */
public final class FioSize {

    private static final Pattern SIZE = Pattern.compile("([0-9]+)([A-Za-z]*)");
    /** Unit (lower case) to power of the base, and whether it is an IEC (…ib) unit. */
    private static final Map<String, Integer> SI = Map.ofEntries(
            Map.entry("", 0), Map.entry("b", 0),
            Map.entry("k", 1), Map.entry("kb", 1), Map.entry("m", 2), Map.entry("mb", 2),
            Map.entry("g", 3), Map.entry("gb", 3), Map.entry("t", 4), Map.entry("tb", 4),
            Map.entry("p", 5), Map.entry("pb", 5));
    private static final Map<String, Integer> IEC = Map.of(
            "kib", 1, "mib", 2, "gib", 3, "tib", 4, "pib", 5);

    private FioSize() {
    }

    /**
     * {@return the size in bytes}
     *
     * @param option the option, for messages
     * @param text the value as written
     * @param kbBase 1024 or 1000 (fio {@code kb_base})
     * @throws IllegalArgumentException naming the option and value when it does not parse
     */
    public static long parse(String option, String text, int kbBase) {
        String t = text.trim();
        if (t.contains("%")) {
            throw invalid(option, text, "a share of the file or device (%) is not supported;"
                    + " give a size");
        }
        if (t.startsWith("-")) {
            throw invalid(option, text, "a size is not negative; give one above 0, as 4k or 1m");
        }
        if (t.contains(",") || t.contains(":") || t.contains("-") || t.contains("/")) {
            throw invalid(option, text, "ranges and per-direction lists are not supported;"
                    + " give one size");
        }
        Matcher m = SIZE.matcher(t);
        if (!m.matches()) {
            throw invalid(option, text, "expected an integer and an optional unit, as 4k, 1m,"
                    + " 1g, 4kib, 4096");
        }
        String unit = m.group(2).toLowerCase(Locale.ROOT);
        long base;
        int power;
        if (SI.containsKey(unit)) {
            base = kbBase;
            power = SI.get(unit);
        } else if (IEC.containsKey(unit)) {
            base = kbBase == 1000 ? 1024 : 1000;
            power = IEC.get(unit);
        } else if (unit.length() == 2 && unit.endsWith("i") && SI.containsKey(unit.substring(0, 1))) {
            throw invalid(option, text, "'" + m.group(2) + "' without 'B' is read by fio's parser"
                    + " as '" + m.group(2).charAt(0) + "' (fio's HOWTO says otherwise); write "
                    + m.group(1) + m.group(2) + "B or " + m.group(1) + m.group(2).charAt(0));
        } else {
            throw invalid(option, text, "unknown unit '" + m.group(2) + "': expected none, b, k,"
                    + " kb, kib, m, mb, mib, g, gb, gib, t, tb, tib, p, pb or pib");
        }
        long value;
        try {
            value = Long.parseLong(m.group(1));
            for (int i = 0; i < power; i++) {
                value = Math.multiplyExact(value, base);
            }
        } catch (ArithmeticException | NumberFormatException e) {
            throw invalid(option, text, "too large");
        }
        return value;
    }

    /**
     * What fio makes of a size, for a refusal of its value: {@code " is 4000 bytes (fio reads
     * kib as 1000 bytes: ...)"} where the unit is not what it seems; {@code " is 4096 bytes"}
     * where a unit was written; empty for bytes, or for text that is no size.
     *
     * @param text the value as written
     * @param kbBase 1024 or 1000 (fio {@code kb_base})
     * @return the note, starting with a space
     */
    public static String meaning(String text, int kbBase) {
        Matcher m = SIZE.matcher(text.trim());
        if (!m.matches()) {
            return "";
        }
        long bytes;
        try {
            bytes = parse("", text, kbBase);
        } catch (IllegalArgumentException e) {
            return "";
        }
        String unit = m.group(2).toLowerCase(Locale.ROOT);
        if (unit.isEmpty() || unit.equals("b")) {
            return "";
        }
        String note = "";
        if (IEC.containsKey(unit) && kbBase == 1024) {
            note = " (fio reads " + unit + " as " + (long) Math.pow(1000, IEC.get(unit))
                    + " bytes: under its default kb_base=1024 the IEC units are powers of 1000,"
                    + " for old job files, fio's HOWTO on kb_base; write " + m.group(1)
                    + unit.charAt(0) + " for powers of 1024)";
        } else if (SI.containsKey(unit) && kbBase == 1000) {
            note = " (kb_base=1000: " + unit + " is " + (long) Math.pow(1000, SI.get(unit))
                    + " bytes, fio's HOWTO on kb_base)";
        }
        return " is " + bytes + " bytes" + note;
    }

    private static IllegalArgumentException invalid(String option, String text, String reason) {
        return new IllegalArgumentException("invalid size for fio option '" + option + "': '"
                + text + "': " + reason);
    }
}
