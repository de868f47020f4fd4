package io.github.drivespeed.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PassResultTest {

    private static final long MB = 1_000_000;

    @Test
    void statisticsOverRunThroughputs() {
        // 100, 300 and 200 MB/s: 100 MB in 1 s, 300 MB in 1 s, 400 MB in 2 s
        PassResult r = PassResult.of(PassKind.WRITE, List.of(
                Sample.of(1, 100 * MB, 1_000_000_000L),
                Sample.of(2, 300 * MB, 1_000_000_000L),
                Sample.of(3, 400 * MB, 2_000_000_000L)), Set.of());
        assertThat(r.runs()).isEqualTo(3);
        assertThat(r.min().megabytesPerSecond()).isCloseTo(100, within(1e-9));
        assertThat(r.max().megabytesPerSecond()).isCloseTo(300, within(1e-9));
        assertThat(r.median().megabytesPerSecond()).isCloseTo(200, within(1e-9));
        assertThat(r.mean().megabytesPerSecond()).isCloseTo(200, within(1e-9));
        assertThat(r.standardDeviation().megabytesPerSecond()).isCloseTo(100, within(1e-9));
        // overall: 800 MB over 4 s, not the mean of the rates
        assertThat(r.overall().megabytesPerSecond()).isCloseTo(200, within(1e-9));
        assertThat(r.totalBytes()).isEqualTo(800 * MB);
    }

    @Test
    void overallIsAllBytesOverAllTime() {
        PassResult r = PassResult.of(PassKind.READ, List.of(
                Sample.of(1, 100 * MB, 1_000_000_000L),
                Sample.of(2, 100 * MB, 4_000_000_000L)), Set.of());
        assertThat(r.mean().megabytesPerSecond()).isCloseTo(62.5, within(1e-9));
        assertThat(r.overall().megabytesPerSecond()).isCloseTo(40, within(1e-9));
        assertThat(r.median().megabytesPerSecond()).isCloseTo(62.5, within(1e-9));
    }

    @Test
    void singleRunHasNoStandardDeviation() {
        PassResult r = PassResult.of(PassKind.READ,
                List.of(Sample.of(1, 8 * MB, 1_000_000L)), Set.of());
        assertThat(r.standardDeviation().isAvailable()).isFalse();
        assertThat(r.standardDeviation().bytesPerSecond()).isNaN();
        assertThat(r.median()).isEqualTo(r.min()).isEqualTo(r.max());
        assertThat(r.toString()).contains("stdev n/a");
    }

    @Test
    void refusesNoSamples() {
        assertThatThrownBy(() -> PassResult.of(PassKind.READ, List.of(), Set.of()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void sampleChecksItsValues() {
        assertThatThrownBy(() -> Sample.of(0, 1, 1)).hasMessage("run must be >= 1: 0");
        assertThatThrownBy(() -> Sample.of(1, -1, 1)).hasMessage("bytes must be >= 0: -1");
        assertThatThrownBy(() -> Sample.of(1, 1, 0)).hasMessage("elapsedNanos must be > 0: 0");
        assertThat(Sample.of(1, 2_000_000, 500_000_000).throughput().megabytesPerSecond())
                .isCloseTo(4, within(1e-9));
    }
}
