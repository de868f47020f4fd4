package io.github.drivespeed.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** {@link LatencyStats#histogram()}: the distribution itself, as a copy. */
class LatencyStatsHistogramTest {

    @Test
    void theHistogramHoldsEveryRecordedLatencyAndIsACopy() {
        Histogram recorded = LatencyStats.newHistogram();
        recorded.recordValue(1_000);
        recorded.recordValue(1_000);
        recorded.recordValue(5_000_000);
        LatencyStats stats = LatencyStats.of(recorded, 1_000, 5_000_000, 5_002_000,
                2e6 + 25e12);

        Histogram copy = stats.histogram();
        assertThat(copy.getTotalCount()).isEqualTo(3);
        assertThat(copy.getCountAtValue(1_000)).isEqualTo(2);
        assertThat(copy.valuesAreEquivalent(copy.getMaxValue(), 5_000_000)).isTrue();

        copy.recordValue(7);
        assertThat(stats.histogram().getTotalCount()).as("the caller's copy only").isEqualTo(3);
        assertThat(stats.count()).isEqualTo(3);
    }

    @Test
    void noIosGiveAnEmptyHistogram() {
        assertThat(LatencyStats.NONE.histogram().getTotalCount()).isZero();
    }
}
