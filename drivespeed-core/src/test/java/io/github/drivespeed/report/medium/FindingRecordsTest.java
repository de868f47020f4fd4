package io.github.drivespeed.report.medium;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.unit.Throughput;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The values behind this round's findings: a constant fill's count and its share rule, the
 * warm-up's rate against the runs' (half, a second lost, at least 8 MiB), a cache estimate's
 * bounds, each checked at construction.
 */
class FindingRecordsTest {

    private static final long MIB = 1L << 20;

    @Test
    void aConstantFillIsMostlySoFromHalfAndChecksItsCounts() {
        assertThat(new ConstantFill(100 * MIB, Map.of(0xFF, 50 * MIB)).mostly()).isTrue();
        assertThat(new ConstantFill(100 * MIB, Map.of(0xFF, 49 * MIB, 0, MIB)).mostly())
                .isTrue();
        assertThat(new ConstantFill(100 * MIB, Map.of(0xFF, 49 * MIB)).mostly()).isFalse();
        assertThat(new ConstantFill(0, Map.of()).mostly()).isFalse();
        assertThat(ConstantFill.of(8 * MIB, new long[256]).mostCommonFill()).isEmpty();
        assertThatThrownBy(() -> new ConstantFill(MIB, Map.of(256, MIB)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ConstantFill(MIB, Map.of(0, 2 * MIB)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aWarmUpIsSlowerWhenUnderHalfTheRunsRateAndASecondLost() {
        Throughput runs = Throughput.ofBytesPerSecond(100e6);
        // 64 MiB in 4 s (16.8 MB/s): 3.3 s lost against 100 MB/s
        assertThat(new WarmUpWrite(64 * MIB, 4_000_000_000L).slowerThan(runs)).isTrue();
        // under half, but 0.2 s lost: what a warm-up pays once
        assertThat(new WarmUpWrite(8 * MIB, 300_000_000L).slowerThan(
                Throughput.ofBytesPerSecond(100e6))).isFalse();
        // a second lost, but at 60 % of the runs' rate
        assertThat(new WarmUpWrite(640 * MIB, 11_200_000_000L).slowerThan(runs)).isFalse();
        // too few bytes to mean anything
        assertThat(new WarmUpWrite(4 * MIB, 5_000_000_000L).slowerThan(runs)).isFalse();
        assertThatThrownBy(() -> new WarmUpWrite(0, 1)).isInstanceOf(
                IllegalArgumentException.class);
    }

    @Test
    void aCacheEstimateSaysWhenItIsALowerBound() {
        CacheEstimate some = new CacheEstimate(
                192 * MIB, 4096, 256 * MIB);
        assertThat(some.atLeast()).isFalse();
        assertThat(some).hasToString("a cache of the last 192.0 MiB written (to within 4096 B)");
        assertThat(new CacheEstimate(64 * MIB, 4096, 64 * MIB))
                .hasToString("a cache of at least the last 64.0 MiB written (all of it read back)");
        assertThatThrownBy(() -> new CacheEstimate(2, 4096, 1))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
