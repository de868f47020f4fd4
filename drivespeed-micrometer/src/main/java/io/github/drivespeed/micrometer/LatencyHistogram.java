package io.github.drivespeed.micrometer;

import io.github.drivespeed.report.LatencyBucket;
import io.github.drivespeed.report.LatencyStats;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The one place that reads a report's latency distribution for the meters: its percentiles,
 * its recorded values as often as each was recorded, and the bucket edges published as the
 * timer's service-level objectives (fio's latency bins).
 */
final class LatencyHistogram {

    /**
     * The edges of fio's completion-latency bins ({@code latency_us} and {@code latency_ms} of
     * fio's JSON output, fio HOWTO "Interpreting the output"): 2 us to 750 us, then 1 ms to
     * 2,000 ms.
     */
    static final List<Duration> FIO_BIN_EDGES = List.of(
            us(2), us(4), us(10), us(20), us(50), us(100), us(250), us(500), us(750),
            ms(1), ms(2), ms(4), ms(10), ms(20), ms(50), ms(100), ms(250), ms(500), ms(750),
            ms(1000), ms(2000));

    private LatencyHistogram() {
    }

    /**
     * {@return the latency at {@code fraction} in seconds, NaN when nothing was timed}
     *
     * @param latency the report's latencies
     * @param fraction in {@code (0, 1]}, for example {@code 0.99}
     */
    static double percentileSeconds(LatencyStats latency, double fraction) {
        long nanos = latency.percentileNanos(100 * fraction);
        return nanos < 0 ? Double.NaN : nanos / 1e9;
    }

    /**
     * Records every timed I/O into {@code timer}: each recorded value of the distribution as
     * often as it was recorded, at the highest value equivalent to it (within the histogram's
     * {@value LatencyStats#SIGNIFICANT_DIGITS} significant digits), kept within the exact
     * minimum and maximum.
     *
     * @param latency the report's latencies
     * @param timer where to record them
     */
    static void recordEachIo(LatencyStats latency, Timer timer) {
        if (latency.count() == 0) {
            return;
        }
        for (LatencyBucket b : latency.buckets()) {
            long nanos = Math.max(latency.minNanos(), Math.min(latency.maxNanos(),
                    b.highestNanos()));
            for (long i = 0; i < b.count(); i++) {
                timer.record(nanos, TimeUnit.NANOSECONDS);
            }
        }
    }

    private static Duration us(long micros) {
        return Duration.ofNanos(micros * 1_000);
    }

    private static Duration ms(long millis) {
        return Duration.ofMillis(millis);
    }
}
