package io.github.drivespeed.fio.internal.json;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.report.LatencyStats;
import org.junit.jupiter.api.Test;

/** fio's coarse latency buckets ({@code io_u_mark_latency}) from drivespeed's distribution. */
class FioCoarseLatencyTest {

    @Test
    void coarseBucketsAreNamedByTheirExclusiveUpperEdgeInFiosUnits() {
        long[] values = {1, 999, 1_000, 1_999, 2_000, 760_000, 1_500_000_000L, 2_500_000_000L};
        LatencyStats latency = LatencyStats.ofNanos(values);
        double[] s = FioCoarseLatency.shares(latency, values.length);
        double one = 100.0 / values.length;
        assertThat(s[0]).as("ns \"2\": 1 ns").isEqualTo(one);
        assertThat(s[9]).as("ns \"1000\": 999 ns").isEqualTo(one);
        assertThat(s[10]).as("us \"2\": 1.000 and 1.999 us").isEqualTo(2 * one);
        assertThat(s[11]).as("us \"4\": 2 us").isEqualTo(one);
        assertThat(s[19]).as("us \"1000\": 760 us").isEqualTo(one);
        assertThat(s[30]).as("ms \"2000\": 1.5 s").isEqualTo(one);
        assertThat(s[31]).as("ms \">=2000\": 2.5 s").isEqualTo(one);
        double total = 0;
        for (double v : s) {
            total += v;
        }
        assertThat(total).isEqualTo(100.0);
        // a bucket that holds I/Os never rounds to zero (fio's 0.01 floor)
        assertThat(FioCoarseLatency.shares(latency, 1_000_000)[0]).isEqualTo(0.01);
        assertThat(FioCoarseLatency.shares(LatencyStats.NONE, 0)).containsOnly(0.0);
    }
}
