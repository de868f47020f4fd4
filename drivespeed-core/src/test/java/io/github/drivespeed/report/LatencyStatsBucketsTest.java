package io.github.drivespeed.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * {@link LatencyStats#buckets()}, {@link LatencyStats#ofNanos}, {@link LatencyStats#of} and
 * {@link LatencyStats#merge(LatencyStats)}: the distribution as drivespeed's own values, giving
 * the same figures as the histogram they are kept in.
 */
class LatencyStatsBucketsTest {

    @Test
    void theBucketsHoldEveryRecordedLatencyInAscendingOrder() {
        LatencyStats stats = LatencyStats.ofNanos(1_000, 5_000_000, 1_000);

        List<LatencyBucket> buckets = stats.buckets();
        assertThat(buckets).hasSize(2);
        assertThat(buckets.get(0)).isEqualTo(new LatencyBucket(1_000, 1_000, 2));
        LatencyBucket slow = buckets.get(1);
        assertThat(slow.count()).isEqualTo(1);
        assertThat(slow.lowestNanos()).isLessThanOrEqualTo(5_000_000);
        assertThat(slow.highestNanos()).isGreaterThanOrEqualTo(5_000_000);
        // three significant digits: at most 0.1 % wide
        assertThat(slow.highestNanos() - slow.lowestNanos() + 1).isLessThanOrEqualTo(5_000);
        assertThat(stats.count()).isEqualTo(3);
        assertThat(stats.minNanos()).isEqualTo(1_000);
        assertThat(stats.maxNanos()).isEqualTo(5_000_000);
        assertThat(stats.meanNanos()).isEqualTo(5_002_000 / 3.0);
        assertThatThrownBy(() -> buckets.add(slow))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void noIosGiveNoBuckets() {
        assertThat(LatencyStats.NONE.buckets()).isEmpty();
        assertThat(LatencyStats.ofNanos()).isSameAs(LatencyStats.NONE);
        assertThat(LatencyStats.of(List.of(), 0, 0, 0, 0)).isSameAs(LatencyStats.NONE);
        assertThat(LatencyStats.NONE.fioBins().totalCount()).isZero();
    }

    @Test
    void percentilesAndBucketsAreThoseOfTheHistogramTheEngineRecordsInto() {
        SplittableRandom random = new SplittableRandom(26);
        Histogram reference = new Histogram(1, LatencyStats.HIGHEST_TRACKABLE_NANOS,
                LatencyStats.SIGNIFICANT_DIGITS);
        long[] values = new long[50_000];
        for (int i = 0; i < values.length; i++) {
            // log-uniform from 1 ns to about 17 s
            values[i] = Math.max(1, (long) Math.exp(random.nextDouble() * 23.5));
            reference.recordValue(values[i]);
        }
        LatencyStats stats = LatencyStats.ofNanos(values);
        for (double p : LatencyStats.FIO_PERCENTILES) {
            long expected = Math.max(stats.minNanos(), Math.min(stats.maxNanos(),
                    reference.getValueAtPercentile(p)));
            assertThat(stats.percentileNanos(p)).as("p%s", p).isEqualTo(expected);
        }
        long total = 0;
        for (LatencyBucket b : stats.buckets()) {
            assertThat(b.lowestNanos()).isEqualTo(reference.lowestEquivalentValue(b.lowestNanos()));
            assertThat(b.highestNanos()).isEqualTo(reference.highestEquivalentValue(b.lowestNanos()));
            assertThat(b.middleNanos()).isEqualTo(reference.medianEquivalentValue(b.lowestNanos()));
            assertThat(b.count()).isEqualTo(reference.getCountAtValue(b.lowestNanos()));
            total += b.count();
        }
        assertThat(total).isEqualTo(values.length);
    }

    @Test
    void theBucketsGiveBackTheSameDistribution() {
        LatencyStats stats = LatencyStats.ofNanos(120, 130, 4_000, 4_001, 9_999_999, 77);
        LatencyStats again = LatencyStats.of(stats.buckets(), stats.minNanos(), stats.maxNanos(),
                120 + 130 + 4_000 + 4_001 + 9_999_999 + 77, 0);
        assertThat(again.buckets()).isEqualTo(stats.buckets());
        assertThat(again.fioPercentilesNanos()).isEqualTo(stats.fioPercentilesNanos());
        assertThat(again.meanNanos()).isEqualTo(stats.meanNanos());
    }

    @Test
    void mergingTwoPoolsTheirIos() {
        LatencyStats a = LatencyStats.ofNanos(100, 200, 300);
        LatencyStats b = LatencyStats.ofNanos(50, 400);
        LatencyStats both = a.merge(b);
        LatencyStats direct = LatencyStats.ofNanos(100, 200, 300, 50, 400);
        assertThat(both.count()).isEqualTo(5);
        assertThat(both.minNanos()).isEqualTo(50);
        assertThat(both.maxNanos()).isEqualTo(400);
        assertThat(both.meanNanos()).isEqualTo(210);
        assertThat(both.standardDeviationNanos()).isEqualTo(direct.standardDeviationNanos());
        assertThat(both.buckets()).isEqualTo(direct.buckets());
        assertThat(both.fioPercentilesNanos()).isEqualTo(direct.fioPercentilesNanos());
        assertThat(a.merge(LatencyStats.NONE).buckets()).isEqualTo(a.buckets());
        assertThat(LatencyStats.NONE.merge(LatencyStats.NONE)).isSameAs(LatencyStats.NONE);
    }

    @Test
    void badInputIsRefusedNamingTheValue() {
        assertThatThrownBy(() -> LatencyStats.ofNanos(5, -1))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("latency must be >= 0 ns: -1");
        assertThatThrownBy(() -> new LatencyBucket(10, 9, 1))
                .hasMessageContaining("[10 ns, 9 ns]");
        assertThatThrownBy(() -> new LatencyBucket(10, 10, 0))
                .hasMessage("latency bucket count must be >= 1: 0");
        List<LatencyBucket> tooHigh = new ArrayList<>();
        tooHigh.add(new LatencyBucket(LatencyStats.HIGHEST_TRACKABLE_NANOS + 1,
                LatencyStats.HIGHEST_TRACKABLE_NANOS + 1, 1));
        assertThatThrownBy(() -> LatencyStats.of(tooHigh, 1, 2, 3, 4))
                .hasMessageContaining("starts above 3600000000000 ns");
        assertThatThrownBy(() -> LatencyStats.of(List.of(new LatencyBucket(5, 5, 1)), 6, 5, 5, 25))
                .hasMessageContaining("inconsistent latency figures");
    }

    @Test
    void aLatencyAboveTheHistogramsRangeKeepsItsExactFiguresAndClampsInTheBuckets() {
        long hour = LatencyStats.HIGHEST_TRACKABLE_NANOS;
        LatencyStats stats = LatencyStats.ofNanos(2 * hour);
        assertThat(stats.maxNanos()).isEqualTo(2 * hour);
        assertThat(stats.percentileNanos(50)).isEqualTo(2 * hour);
        assertThat(stats.buckets()).singleElement()
                .satisfies(b -> assertThat(b.lowestNanos()).isLessThanOrEqualTo(hour));
    }
}
