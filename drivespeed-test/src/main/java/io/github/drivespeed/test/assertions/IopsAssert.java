package io.github.drivespeed.test.assertions;

import java.util.Locale;
import org.assertj.core.api.AbstractObjectAssert;

/**
 * Assertions on a pass's median I/O operations per second, messages in IOPS.
 *
 * @since 0.1.0
 */
public final class IopsAssert extends AbstractObjectAssert<IopsAssert, Double> {

    private final String subject;

    IopsAssert(double actual, String subject) {
        super(actual, IopsAssert.class);
        this.subject = subject;
    }

    /**
     * Checks that the figure is at least {@code minimum} I/Os per second.
     *
     * @param minimum I/O operations per second, {@code >= 0}
     * @return this assertion
     * @throws IllegalArgumentException if {@code minimum} is negative or NaN
     */
    public IopsAssert isAtLeast(double minimum) {
        check(minimum);
        if (!(actual >= minimum)) {
            failWithMessage("Expecting %s to be at least %s but was %s", subject, iops(minimum),
                    iops(actual));
        }
        return myself;
    }

    /**
     * Checks that the figure is at most {@code maximum} I/Os per second.
     *
     * @param maximum I/O operations per second, {@code >= 0}
     * @return this assertion
     * @throws IllegalArgumentException if {@code maximum} is negative or NaN
     */
    public IopsAssert isAtMost(double maximum) {
        check(maximum);
        if (!(actual <= maximum)) {
            failWithMessage("Expecting %s to be at most %s but was %s", subject, iops(maximum),
                    iops(actual));
        }
        return myself;
    }

    private static void check(double bound) {
        if (!(bound >= 0)) {
            throw new IllegalArgumentException("IOPS bound must be >= 0: " + bound);
        }
    }

    static String iops(double value) {
        return Double.isNaN(value) ? "n/a IOPS" : String.format(Locale.ROOT, "%.0f IOPS", value);
    }
}
