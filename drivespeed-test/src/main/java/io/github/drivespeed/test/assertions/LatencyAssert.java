package io.github.drivespeed.test.assertions;

import io.github.drivespeed.report.LatencyStats;
import io.github.drivespeed.unit.Nanoseconds;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import org.assertj.core.api.AbstractObjectAssert;

/**
 * Assertions on a pass's latencies ({@link LatencyStats}), reached with
 * {@code assertThat(workload).read().latency()} (fio's lat: from submission to completion) or
 * {@code assertThat(workload).read().completionLatency()} (fio's clat). A percentile is then bounded in a
 * {@link Duration}, and a failure prints both in fio's units ({@code 95.3 us}, {@code 12.41 ms}).
 *
 * @since 0.1.0
 */
public final class LatencyAssert extends AbstractObjectAssert<LatencyAssert, LatencyStats> {

    private final String figure;
    private final String subject;

    LatencyAssert(LatencyStats actual, String figure, String subject) {
        super(actual, LatencyAssert.class);
        this.figure = figure;
        this.subject = subject;
    }

    /**
     * {@return assertions on the latency at that percentile}
     *
     * @param percentile in {@code (0, 100]}, for example 99 or 99.9
     * @throws IllegalArgumentException if the percentile is outside {@code (0, 100]}
     */
    public Figure percentile(double percentile) {
        isNotNull();
        long nanos = actual.percentileNanos(percentile);
        return new Figure(nanos, String.format(Locale.ROOT, "p%s %s of %s",
                new java.math.BigDecimal(Double.toString(percentile)).stripTrailingZeros()
                        .toPlainString(), figure, subject), actual.count());
    }

    /** {@return assertions on the median (50th percentile) latency} */
    public Figure median() {
        return percentile(50);
    }

    /** {@return assertions on the slowest I/O's latency} */
    public Figure max() {
        return percentile(100);
    }

    /**
     * Checks that at least {@code ios} I/Os were timed (a percentile of few I/Os says little).
     *
     * @param ios the fewest I/Os
     * @return this assertion
     */
    public LatencyAssert hasAtLeastIos(long ios) {
        isNotNull();
        if (actual.count() < ios) {
            failWithMessage("Expecting %s to have timed at least %d I/Os but it timed %d", subject,
                    ios, actual.count());
        }
        return myself;
    }

    /**
     * One latency figure in nanoseconds, bounded by {@link Duration}s.
     *
     * @since 0.1.0
     */
    public static final class Figure extends AbstractObjectAssert<Figure, Long> {

        private final String subject;
        private final long ios;

        Figure(long nanos, String subject, long ios) {
            super(nanos, Figure.class);
            this.subject = subject;
            this.ios = ios;
        }

        /**
         * Checks that the latency is at most {@code maximum}.
         *
         * @param maximum the longest it may be
         * @return this assertion
         */
        public Figure isAtMost(Duration maximum) {
            long bound = bound(maximum);
            if (actual > bound) {
                failWithMessage("Expecting %s to be at most %s but was %s (over %d I/Os)", subject,
                        Nanoseconds.format(bound), Nanoseconds.format(actual), ios);
            }
            return myself;
        }

        /**
         * Checks that the latency is at least {@code minimum}.
         *
         * @param minimum the shortest it may be
         * @return this assertion
         */
        public Figure isAtLeast(Duration minimum) {
            long bound = bound(minimum);
            if (actual < bound) {
                failWithMessage("Expecting %s to be at least %s but was %s (over %d I/Os)", subject,
                        Nanoseconds.format(bound), Nanoseconds.format(actual), ios);
            }
            return myself;
        }

        private long bound(Duration bound) {
            Objects.requireNonNull(bound, "bound");
            if (bound.isNegative()) {
                throw new IllegalArgumentException("latency bound must be >= 0: " + bound);
            }
            if (actual < 0) {
                failWithMessage("Expecting %s to be compared with %s, but no I/Os were timed",
                        subject, Nanoseconds.format(bound.toNanos()));
            }
            return bound.toNanos();
        }
    }
}
