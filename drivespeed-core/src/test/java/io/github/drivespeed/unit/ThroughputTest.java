package io.github.drivespeed.unit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ThroughputTest {

    @Test
    void ddsFigureIsTenToTheSixBytesPerSecond() {
        // dd: "1073741824 bytes (1.1 GB, 1.0 GiB) copied, 4.82364 s, 223 MB/s"
        Throughput t = Throughput.ofBytesOverNanos(1_073_741_824L, 4_823_640_000L);
        assertThat(t.megabytesPerSecond()).isCloseTo(222.6, within(0.05));
        assertThat(t.mebibytesPerSecond()).isCloseTo(212.3, within(0.05));
        assertThat(t.bytesPerSecond()).isCloseTo(222_599_908.8, within(0.1));
    }

    @Test
    void theFactoriesTakeTheirOwnUnit() {
        assertThat(Throughput.ofMegabytesPerSecond(30).bytesPerSecond()).isEqualTo(30e6);
        assertThat(Throughput.ofMebibytesPerSecond(30).bytesPerSecond()).isEqualTo(30 * 1048576.0);
        assertThat(Throughput.ofMegabytesPerSecond(Double.NaN)).isSameAs(Throughput.NOT_AVAILABLE);
        assertThatThrownBy(() -> Throughput.ofMebibytesPerSecond(-1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void printsBothUnitsLabelledWhateverTheLocale() {
        Locale saved = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            Throughput t = Throughput.ofBytesPerSecond(312_400_000);
            assertThat(t).hasToString("312.4 MB/s (297.9 MiB/s)");
        } finally {
            Locale.setDefault(saved);
        }
    }

    @Test
    void slowRatesKeepTheirSignificantDigits() {
        assertThat(Throughput.ofBytesPerSecond(47_000)).hasToString("0.047 MB/s (0.045 MiB/s)");
        assertThat(Throughput.ofBytesPerSecond(5_500_000)).hasToString("5.50 MB/s (5.25 MiB/s)");
        assertThat(Throughput.ofBytesPerSecond(10_000_000)).hasToString("10.0 MB/s (9.54 MiB/s)");
        assertThat(Throughput.ofBytesPerSecond(0)).hasToString("0.000 MB/s (0.000 MiB/s)");
    }

    @Test
    void notAvailableIsNaNAndPrintsSo() {
        assertThat(Throughput.NOT_AVAILABLE.isAvailable()).isFalse();
        assertThat(Throughput.NOT_AVAILABLE.megabytesPerSecond()).isNaN();
        assertThat(Throughput.ofBytesPerSecond(Double.NaN)).isSameAs(Throughput.NOT_AVAILABLE);
        assertThat(Throughput.NOT_AVAILABLE).hasToString("n/a");
    }

    @Test
    void refusesImpossibleRates() {
        assertThatThrownBy(() -> Throughput.ofBytesPerSecond(-1)).hasMessageContaining("-1");
        assertThatThrownBy(() -> Throughput.ofBytesPerSecond(Double.POSITIVE_INFINITY))
                .hasMessageContaining("Infinity");
        assertThatThrownBy(() -> Throughput.ofBytesOverNanos(1, 0)).hasMessageContaining("elapsedNanos must be > 0: 0");
        assertThatThrownBy(() -> Throughput.ofBytesOverNanos(-5, 1)).hasMessageContaining("bytes must be >= 0: -5");
    }

    static Stream<Arguments> generatedTransfers() {
        SplittableRandom random = new SplittableRandom(42);
        return IntStream.range(0, 1000).mapToObj(i -> Arguments.of(
                random.nextLong(0, 1L << 50), random.nextLong(1, 1L << 45)));
    }

    @ParameterizedTest
    @MethodSource("generatedTransfers")
    void unitConversionsAgree(long bytes, long nanos) {
        Throughput t = Throughput.ofBytesOverNanos(bytes, nanos);
        double expected = bytes / (nanos / 1e9);
        assertThat(t.bytesPerSecond()).isCloseTo(expected, within(Math.max(1e-6, expected * 1e-12)));
        assertThat(t.megabytesPerSecond() * 1_000_000)
                .isCloseTo(t.bytesPerSecond(), within(Math.max(1e-6, expected * 1e-12)));
        assertThat(t.mebibytesPerSecond() * 1_048_576)
                .isCloseTo(t.bytesPerSecond(), within(Math.max(1e-6, expected * 1e-12)));
        assertThat(t.megabytesPerSecond() / t.mebibytesPerSecond())
                .isCloseTo(1.048576, within(1e-12));
    }
}
