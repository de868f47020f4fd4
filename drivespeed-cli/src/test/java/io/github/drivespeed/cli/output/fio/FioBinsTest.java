package io.github.drivespeed.cli.output.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.report.LatencyStats;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * fio's bin mapping ({@code plat_val_to_idx}, {@code plat_idx_to_val} of fio 3.33's stat.c) and
 * the conversion of drivespeed's HdrHistogram into it.
 */
class FioBinsTest {

    @Test
    void theMappingIsFiosExactBelow128NsAndMidpointsAbove() {
        assertThat(FioBins.valueToIndex(0)).isZero();
        assertThat(FioBins.valueToIndex(127)).isEqualTo(127);
        assertThat(FioBins.indexToValue(127)).isEqualTo(127);
        // 128 and 129 share the first bin of width 2, printed as its middle
        assertThat(FioBins.valueToIndex(128)).isEqualTo(128);
        assertThat(FioBins.valueToIndex(129)).isEqualTo(128);
        assertThat(FioBins.indexToValue(128)).isEqualTo(129);
        // keys fio 3.33 itself wrote in a json+ of this machine (psync 4 KiB random reads)
        for (long key : new long[] {37120, 37632, 38144, 38656, 2023424, 9371648, 32636928}) {
            assertThat(FioBins.indexToValue(FioBins.valueToIndex(key))).as("%d", key)
                    .isEqualTo(key);
        }
        assertThat(FioBins.indexToValue(FioBins.valueToIndex(37000))).isEqualTo(37120);
        // values past the last group clamp into the last bin, as fio's
        assertThat(FioBins.valueToIndex(Long.MAX_VALUE)).isEqualTo(FioBins.PLAT_NR - 1);
        assertThatThrownBy(() -> FioBins.indexToValue(FioBins.PLAT_NR))
                .hasMessageContaining("[0, 1856)");
    }

    @Test
    void everyHdrBinFallsInOneFioBinSoTheConversionMatchesBinningTheRawValues() {
        SplittableRandom random = new SplittableRandom(15);
        Histogram h = LatencyStats.newHistogram();
        long[] direct = new long[FioBins.PLAT_NR];
        long min = Long.MAX_VALUE;
        long max = 0;
        long sum = 0;
        double squares = 0;
        for (int i = 0; i < 200_000; i++) {
            // log-uniform from 1 ns to about 17 s: every group of bins
            long v = Math.max(1, (long) Math.exp(random.nextDouble() * 23.5));
            h.recordValue(v);
            direct[FioBins.valueToIndex(v)]++;
            min = Math.min(min, v);
            max = Math.max(max, v);
            sum += v;
            squares += (double) v * v;
        }
        FioBins bins = FioBins.of(LatencyStats.of(h, min, max, sum, squares));
        assertThat(bins.total()).isEqualTo(200_000);
        for (int i = 0; i < FioBins.PLAT_NR; i++) {
            long expected = direct[i];
            Long got = bins.nonEmpty().get(FioBins.indexToValue(i));
            assertThat(got == null ? 0 : got).as("bin %d", i).isEqualTo(expected);
        }
    }

    @Test
    void percentilesAreFiosFirstBinReachingTheShare() {
        Histogram h = LatencyStats.newHistogram();
        for (long v = 1; v <= 100; v++) {
            h.recordValue(v);
        }
        FioBins bins = FioBins.of(LatencyStats.of(h, 1, 100, 5050, 338350));
        Map<Double, Long> p = bins.percentiles(List.of(1.0, 50.0, 99.0, 99.99));
        assertThat(p).containsExactly(Map.entry(1.0, 1L), Map.entry(50.0, 50L),
                Map.entry(99.0, 99L), Map.entry(99.99, 100L));
        assertThat(FioBins.of(LatencyStats.NONE).percentiles(List.of(50.0))).isEmpty();
    }

    @Test
    void coarseBucketsAreNamedByTheirExclusiveUpperEdgeInFiosUnits() {
        Histogram h = LatencyStats.newHistogram();
        long[] values = {1, 999, 1_000, 1_999, 2_000, 760_000, 1_500_000_000L, 2_500_000_000L};
        for (long v : values) {
            h.recordValue(v);
        }
        double[] s = FioBins.coarseShares(LatencyStats.of(h, 1, 2_500_000_000L, 0, 0),
                values.length);
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
        assertThat(FioBins.coarseShares(LatencyStats.of(h, 1, 2_500_000_000L, 0, 0),
                1_000_000)[0]).isEqualTo(0.01);
    }
}
