package io.github.drivespeed.cli.run;

import io.github.drivespeed.unit.DataSize;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a size typed with a decimal unit comes to, for a refusal of its value: {@code 4kB} is
 * 4000 bytes, not the 4096 that {@code 4K} is, and that is most often why {@code --block-size 4kB}
 * is refused (DataSize's grammar, as dd's: {@code kB}, {@code MB}, {@code GB}, {@code TB} are
 * powers of 1000; {@code K}, {@code M}, {@code G}, {@code T} and {@code KiB} ... powers of 1024).
 */
final class DecimalUnits {

    private static final Pattern SIZE = Pattern.compile("([0-9]+) ?(kB|KB|MB|GB|TB)");
    /** The decimal unit to its binary counterpart's letter and their power. */
    private static final Map<String, Integer> POWER = Map.of("kB", 1, "KB", 1, "MB", 2,
            "GB", 3, "TB", 4);

    private DecimalUnits() {
    }

    /**
     * {@return {@code " is 4000 bytes (kB is 1000 bytes; 4K or 4KiB is 4096)"} for a size typed
     * with a decimal unit; empty for any other value}
     *
     * @param typed a value as typed
     */
    static String note(String typed) {
        Matcher m = SIZE.matcher(typed);
        if (!m.matches()) {
            return "";
        }
        long bytes;
        try {
            bytes = DataSize.parse(typed).bytes();
        } catch (IllegalArgumentException e) {
            return "";
        }
        String unit = m.group(2);
        int power = POWER.get(unit);
        String letter = unit.substring(0, 1).toUpperCase(Locale.ROOT);
        String number = m.group(1);
        String binary;
        try {
            binary = "; " + number + letter + " or " + number + letter + "iB is "
                    + DataSize.parse(number + letter).bytes();
        } catch (IllegalArgumentException e) {
            binary = "";
        }
        return " is " + bytes + " bytes (" + unit + " is " + (long) Math.pow(1000, power)
                + " bytes" + binary + ")";
    }
}
