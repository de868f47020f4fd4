package io.github.drivespeed.unit;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

/**
 * The whole-number spelling of a size typed with a fraction, for {@link DataSize#parse}'s
 * refusal: {@code 1.5G} is {@code 1536M}, {@code 1.5GB} is {@code 1500 MB}, {@code 2.5KiB} is
 * {@code 2560 B}; in the family of units the user typed (dd's letters, the IEC names, the SI
 * names), the largest unit in which the value is whole.
 */
final class FractionHint {

    /** dd's letters, upper case; the first is bytes. */
    private static final List<String> LETTERS = List.of("", "K", "M", "G", "T");
    /** dd's letters, lower case. */
    private static final List<String> LOWER_LETTERS = List.of("", "k", "m", "g", "t");
    /** IEC 80000-13 names, powers of 1024. */
    private static final List<String> IEC = List.of("B", "KiB", "MiB", "GiB", "TiB");
    /** SI names, powers of 1000. */
    private static final List<String> SI = List.of("B", "kB", "MB", "GB", "TB");
    /** SI names with dd's upper-case K. */
    private static final List<String> SI_UPPER_K = List.of("B", "KB", "MB", "GB", "TB");

    private FractionHint() {
    }

    /**
     * {@return what to type instead: {@code 1.5G is 1536M}, or {@code 1.3K is 1331.2 bytes, not a
     * whole number}; empty where the text is not a number with a fraction and a known unit}
     *
     * @param typed the size as typed
     * @param number the digits, the decimal point or comma and the digits after it
     * @param unit the unit typed after the number, without the space
     */
    static Optional<String> of(String typed, String number, String unit) {
        List<String> family = familyOf(unit);
        if (family == null) {
            return Optional.empty();
        }
        long base = family == SI || family == SI_UPPER_K ? 1000 : 1024;
        int power = family.indexOf(unit.isEmpty() ? family.get(0) : unit);
        BigDecimal bytes;
        try {
            bytes = new BigDecimal(number.replace(',', '.'))
                    .multiply(BigDecimal.valueOf(base).pow(power));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        if (bytes.stripTrailingZeros().scale() > 0) {
            return Optional.of(typed + " is " + bytes.stripTrailingZeros().toPlainString()
                    + " bytes, not a whole number");
        }
        for (int p = power - 1; p >= 0; p--) {
            BigDecimal inUnit = bytes.divide(BigDecimal.valueOf(base).pow(p));
            if (inUnit.stripTrailingZeros().scale() <= 0) {
                String name = family.get(p);
                boolean letter = family == LETTERS || family == LOWER_LETTERS;
                return Optional.of(typed + " is " + inUnit.toBigInteger()
                        + (letter ? "" : " ") + name);
            }
        }
        return Optional.empty();
    }

    private static List<String> familyOf(String unit) {
        for (List<String> family : List.of(LETTERS, LOWER_LETTERS, IEC, SI, SI_UPPER_K)) {
            if (family.contains(unit)) {
                return family;
            }
        }
        return unit.isEmpty() ? LETTERS : null;
    }
}
