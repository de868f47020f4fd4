package io.github.drivespeed.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * fio's bin mapping ({@code plat_val_to_idx}, {@code plat_idx_to_val} of fio 3.33's stat.c) and
 * the conversion of drivespeed's latency distribution into it.
 */
class FioLatencyBinsTest {

    @Test
    void theMappingIsFiosExactBelow128NsAndMidpointsAbove() {
        assertThat(FioLatencyBins.valueToIndex(0)).isZero();
        assertThat(FioLatencyBins.valueToIndex(127)).isEqualTo(127);
        assertThat(FioLatencyBins.indexToValueNanos(127)).isEqualTo(127);
        // 128 and 129 share the first bin of width 2, printed as its middle
        assertThat(FioLatencyBins.valueToIndex(128)).isEqualTo(128);
        assertThat(FioLatencyBins.valueToIndex(129)).isEqualTo(128);
        assertThat(FioLatencyBins.indexToValueNanos(128)).isEqualTo(129);
        // keys fio 3.33 itself wrote in a json+ of this machine (psync 4 KiB random reads)
        for (long key : new long[] {37120, 37632, 38144, 38656, 2023424, 9371648, 32636928}) {
            assertThat(FioLatencyBins.indexToValueNanos(FioLatencyBins.valueToIndex(key)))
                    .as("%d", key).isEqualTo(key);
        }
        assertThat(FioLatencyBins.indexToValueNanos(FioLatencyBins.valueToIndex(37000)))
                .isEqualTo(37120);
        // values past the last group clamp into the last bin, as fio's
        assertThat(FioLatencyBins.valueToIndex(Long.MAX_VALUE))
                .isEqualTo(FioLatencyBins.PLAT_NR - 1);
        assertThatThrownBy(() -> FioLatencyBins.indexToValueNanos(FioLatencyBins.PLAT_NR))
                .hasMessageContaining("[0, 1856)");
        assertThatThrownBy(() -> FioLatencyBins.valueToIndex(-1))
                .hasMessage("latency must be >= 0 ns: -1");
    }

    @Test
    void everyBucketFallsInOneFioBinSoTheConversionMatchesBinningTheRawValues() {
        SplittableRandom random = new SplittableRandom(15);
        long[] values = new long[200_000];
        long[] direct = new long[FioLatencyBins.PLAT_NR];
        for (int i = 0; i < values.length; i++) {
            // log-uniform from 1 ns to about 17 s: every group of bins
            values[i] = Math.max(1, (long) Math.exp(random.nextDouble() * 23.5));
            direct[FioLatencyBins.valueToIndex(values[i])]++;
        }
        FioLatencyBins bins = LatencyStats.ofNanos(values).fioBins();
        assertThat(bins.totalCount()).isEqualTo(200_000);
        Map<Long, Long> counts = bins.countsByValueNanos();
        for (int i = 0; i < FioLatencyBins.PLAT_NR; i++) {
            Long got = counts.get(FioLatencyBins.indexToValueNanos(i));
            assertThat(got == null ? 0 : got).as("bin %d", i).isEqualTo(direct[i]);
        }
    }

    @Test
    void percentilesAreFiosFirstBinReachingTheShare() {
        long[] values = new long[100];
        for (int v = 1; v <= 100; v++) {
            values[v - 1] = v;
        }
        FioLatencyBins bins = LatencyStats.ofNanos(values).fioBins();
        Map<Double, Long> p = bins.percentilesNanos(List.of(1.0, 50.0, 99.0, 99.99));
        assertThat(p).containsExactly(Map.entry(1.0, 1L), Map.entry(50.0, 50L),
                Map.entry(99.0, 99L), Map.entry(99.99, 100L));
        assertThat(LatencyStats.NONE.fioBins().percentilesNanos(List.of(50.0))).isEmpty();
        assertThat(LatencyStats.NONE.fioBins().countsByValueNanos()).isEmpty();
    }
}
