package io.github.drivespeed.unit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Properties of {@link Throughput} over many values generated from fixed seeds: exact figures in
 * each unit family, the two families never swapped in print, ordering, and the extremes of
 * {@code long} bytes and nanoseconds.
 */
class ThroughputPropertiesTest {

    private static final Pattern PRINTED =
            Pattern.compile("(\\d+\\.\\d{1,3}) MB/s \\((\\d+\\.\\d{1,3}) MiB/s\\)");

    static Stream<Arguments> wholeRates() {
        SplittableRandom random = new SplittableRandom(1_000_003L);
        return IntStream.range(0, 500).mapToObj(i -> Arguments.of(random.nextLong(0, 1L << 30),
                random.nextLong(1, 1000)));
    }

    @ParameterizedTest
    @MethodSource("wholeRates")
    void nUnitsInSecondsAreNOverSecondsInThatUnit(long n, long seconds) {
        long nanos = seconds * 1_000_000_000L;
        // n MB in `seconds` s: n / seconds MB/s, where MB is 10^6 bytes (dd)
        Throughput decimal = Throughput.ofBytesOverNanos(n * 1_000_000L, nanos);
        assertThat(decimal.megabytesPerSecond()).isCloseTo((double) n / seconds,
                within(1e-9 * Math.max(1, (double) n / seconds)));
        // n MiB in `seconds` s: n / seconds MiB/s, where MiB is 2^20 bytes (fio)
        Throughput binary = Throughput.ofBytesOverNanos(n << 20, nanos);
        assertThat(binary.mebibytesPerSecond()).isCloseTo((double) n / seconds,
                within(1e-9 * Math.max(1, (double) n / seconds)));
        if (n > 0) {
            assertThat(binary.megabytesPerSecond()).isGreaterThan(binary.mebibytesPerSecond());
        }
    }

    static Stream<Arguments> generatedRates() {
        SplittableRandom random = new SplittableRandom(424_242L);
        return IntStream.range(0, 1000).mapToObj(i -> Arguments.of(
                random.nextDouble() * Math.pow(10, random.nextInt(0, 13))));
    }

    @ParameterizedTest
    @MethodSource("generatedRates")
    void printsEachFamilyUnderItsOwnLabel(double bytesPerSecond) {
        Throughput t = Throughput.ofBytesPerSecond(bytesPerSecond);
        assertThat(t.bytesPerSecond()).isEqualTo(bytesPerSecond);
        Matcher m = PRINTED.matcher(t.toString());
        assertThat(m.matches()).as(t.toString()).isTrue();
        // rounded to the printed decimals: one from 10 up, two from 1, three below
        double mb = bytesPerSecond / 1_000_000;
        double mib = bytesPerSecond / 1_048_576;
        assertThat(Double.parseDouble(m.group(1))).isCloseTo(mb, within(halfUlpOfPrint(mb)));
        assertThat(Double.parseDouble(m.group(2))).isCloseTo(mib, within(halfUlpOfPrint(mib)));
        assertThat(m.group(1).length() - m.group(1).indexOf('.') - 1)
                .isEqualTo(mb >= 10 ? 1 : mb >= 1 ? 2 : 3);
    }

    private static double halfUlpOfPrint(double value) {
        return (value >= 10 ? 0.05 : value >= 1 ? 0.005 : 0.0005) + 1e-9;
    }

    static Stream<Arguments> generatedPairs() {
        SplittableRandom random = new SplittableRandom(99L);
        return IntStream.range(0, 500).mapToObj(i -> {
            double a = random.nextDouble() * 1e10;
            double b = random.nextInt(4) == 0 ? a : random.nextDouble() * 1e10;
            return Arguments.of(a, b);
        });
    }

    @ParameterizedTest
    @MethodSource("generatedPairs")
    void orderAndEqualityFollowBytesPerSecond(double a, double b) {
        Throughput ta = Throughput.ofBytesPerSecond(a);
        Throughput tb = Throughput.ofBytesPerSecond(b);
        assertThat(Integer.signum(ta.compareTo(tb))).isEqualTo(Integer.signum(Double.compare(a, b)));
        assertThat(ta.equals(tb)).isEqualTo(a == b);
        if (a == b) {
            assertThat(ta.hashCode()).isEqualTo(tb.hashCode());
        }
        assertThat(Integer.signum(Double.compare(ta.megabytesPerSecond(), tb.megabytesPerSecond())))
                .isEqualTo(Integer.signum(Double.compare(a, b)));
    }

    static Stream<Arguments> extremes() {
        return Stream.of(
                Arguments.of(Long.MAX_VALUE, 1L),
                Arguments.of(Long.MAX_VALUE, Long.MAX_VALUE),
                Arguments.of(1L, Long.MAX_VALUE),
                Arguments.of(0L, 1L),
                Arguments.of(0L, Long.MAX_VALUE),
                Arguments.of(Long.MAX_VALUE - 1, Long.MAX_VALUE - 1),
                Arguments.of(1L, 1L));
    }

    @ParameterizedTest(name = "{0} bytes in {1} ns")
    @MethodSource("extremes")
    void extremesOfLongBytesAndNanosGiveFiniteExactRates(long bytes, long nanos) {
        Throughput t = Throughput.ofBytesOverNanos(bytes, nanos);
        double expected = (double) bytes / ((double) nanos / 1e9);
        assertThat(t.bytesPerSecond()).isFinite().isNotNegative()
                .isCloseTo(expected, within(expected * 1e-15));
        assertThat(t.isAvailable()).isTrue();
        assertThat(t.toString()).matches(PRINTED);
    }
}
