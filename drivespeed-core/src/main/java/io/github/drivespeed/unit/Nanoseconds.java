package io.github.drivespeed.unit;

import java.util.Locale;

/**
 * Durations in nanoseconds, as every latency and elapsed time in drivespeed is kept (a
 * {@code long} or {@code double} count of nanoseconds, from {@link System#nanoTime()}), printed
 * for people.
 */
public final class Nanoseconds {

    private Nanoseconds() {
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
