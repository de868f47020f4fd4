package io.github.drivespeed.test.assertions;

import io.github.drivespeed.unit.Throughput;
import java.util.Objects;
import org.assertj.core.api.AbstractObjectAssert;

/**
 * Assertions on a {@link Throughput}, whose failure messages give both figures in both units
 * ({@code 30.0 MB/s (28.6 MiB/s)}) and how far apart they are. A rate that is not available
 * (NaN: the standard deviation of one run) fails every bound.
 *
 * @since 0.1.0
 */
public final class ThroughputAssert extends AbstractObjectAssert<ThroughputAssert, Throughput> {

    private final String subject;

    ThroughputAssert(Throughput actual, String subject) {
        super(actual, ThroughputAssert.class);
        this.subject = subject;
    }

    /**
     * Checks that the rate is at least {@code minimum}.
     *
     * @param minimum for example {@code megabytesPerSecond(30)}
     * @return this assertion
     * @throws IllegalArgumentException if {@code minimum} is not available
     */
    public ThroughputAssert isAtLeast(Throughput minimum) {
        checkBound(minimum);
        if (actual.compareTo(minimum) < 0) {
            failWithMessage("Expecting %s to be at least %s but was %s (%s of it)", subject,
                    minimum, actual, percent(actual, minimum));
        }
        return myself;
    }

    /**
     * Checks that the rate is at most {@code maximum}.
     *
     * @param maximum for example {@code megabytesPerSecond(600)}, a SATA link's ceiling
     * @return this assertion
     * @throws IllegalArgumentException if {@code maximum} is not available
     */
    public ThroughputAssert isAtMost(Throughput maximum) {
        checkBound(maximum);
        if (actual.compareTo(maximum) > 0) {
            failWithMessage("Expecting %s to be at most %s but was %s (%s of it)", subject,
                    maximum, actual, percent(actual, maximum));
        }
        return myself;
    }

    /**
     * Checks that the rate could be computed (is not NaN).
     *
     * @return this assertion
     */
    public ThroughputAssert isAvailable() {
        isNotNull();
        if (!actual.isAvailable()) {
            failWithMessage("Expecting %s to be available, but it could not be computed (n/a)",
                    subject);
        }
        return myself;
    }

    private void checkBound(Throughput bound) {
        Objects.requireNonNull(bound, "bound");
        if (!bound.isAvailable()) {
            throw new IllegalArgumentException("the bound must be an available rate: " + bound);
        }
        isNotNull();
        if (!actual.isAvailable()) {
            failWithMessage("Expecting %s to be compared with %s, but it is not available (n/a)",
                    subject, bound);
        }
    }

    private static String percent(Throughput actual, Throughput bound) {
        return bound.bytesPerSecond() == 0 ? "n/a %"
                : String.format(java.util.Locale.ROOT, "%.1f %%",
                        100 * actual.bytesPerSecond() / bound.bytesPerSecond());
    }
}
