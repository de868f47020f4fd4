package io.github.drivespeed.cli.output;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** Locale-independent number text for the machine-readable outputs. */
final class Numbers {

    private Numbers() {
    }

    /**
     * @param value a finite number
     * @return it with six decimals, as C's {@code %f} (and fio) prints: {@code 1234.500000}
     */
    static BigDecimal sixDecimals(double value) {
        return BigDecimal.valueOf(value).setScale(6, RoundingMode.HALF_EVEN);
    }

    /**
     * @param value a number, NaN or infinite when not available
     * @return six decimals, or the empty string when not available
     */
    static String sixDecimalsText(double value) {
        return Double.isFinite(value) ? sixDecimals(value).toPlainString() : "";
    }

    /**
     * @param perSecond a rate, NaN when not available
     * @return it rounded to a whole number, or the empty string when not available
     */
    static String wholeText(double perSecond) {
        return Double.isFinite(perSecond) ? Long.toString(Math.round(perSecond)) : "";
    }
}
