package io.github.drivespeed.unit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.LongFunction;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Properties of {@link DataSize} over many values generated from fixed seeds: every unit spelling
 * of the grammar, every other capitalisation of it, the boundaries at {@link Long#MAX_VALUE}, and
 * printing that is exact, canonical and parses back.
 */
class DataSizePropertiesTest {

    /** Every unit spelling of the grammar and its multiplier, written out independently. */
    static final Map<String, Long> UNITS = new LinkedHashMap<>();

    static {
        UNITS.put("", 1L);
        UNITS.put("B", 1L);
        for (String k : new String[] {"K", "k", "KiB"}) {
            UNITS.put(k, 1024L);
        }
        for (String m : new String[] {"M", "m", "MiB"}) {
            UNITS.put(m, 1024L * 1024);
        }
        for (String g : new String[] {"G", "g", "GiB"}) {
            UNITS.put(g, 1024L * 1024 * 1024);
        }
        for (String t : new String[] {"T", "t", "TiB"}) {
            UNITS.put(t, 1024L * 1024 * 1024 * 1024);
        }
        UNITS.put("kB", 1000L);
        UNITS.put("KB", 1000L);
        UNITS.put("MB", 1000L * 1000);
        UNITS.put("GB", 1000L * 1000 * 1000);
        UNITS.put("TB", 1000L * 1000 * 1000 * 1000);
    }

    static Stream<Arguments> amountsInEverySpelling() {
        SplittableRandom random = new SplittableRandom(7_2026L);
        List<Arguments> cases = new ArrayList<>();
        for (Map.Entry<String, Long> unit : UNITS.entrySet()) {
            BigInteger max = BigInteger.valueOf(Long.MAX_VALUE / unit.getValue());
            for (int i = 0; i < 40; i++) {
                BigInteger amount = switch (i % 4) {
                    case 0 -> BigInteger.valueOf(random.nextLong(0, 10_000));
                    case 1 -> max.multiply(BigInteger.valueOf(random.nextLong(0, 1L << 40)))
                            .shiftRight(40);
                    case 2 -> max.subtract(BigInteger.valueOf(random.nextLong(0, 3)));
                    default -> max.add(BigInteger.valueOf(random.nextLong(1, Long.MAX_VALUE))
                            .shiftRight(random.nextInt(0, 63)).add(BigInteger.ONE));
                };
                cases.add(Arguments.of(amount.toString(), unit.getKey(), unit.getValue()));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("amountsInEverySpelling")
    void everySpellingParsesToAmountTimesItsMultiplierOrRefusesTheOverflow(String amount,
            String unit, long multiplier) {
        List<String> texts = unit.isEmpty()
                ? List.of(amount)
                : List.of(amount + unit, amount + " " + unit);
        BigInteger bytes = new BigInteger(amount).multiply(BigInteger.valueOf(multiplier));
        for (String text : texts) {
            if (bytes.bitLength() < Long.SIZE) {
                assertThat(DataSize.parse(text).bytes()).as(text).isEqualTo(bytes.longValueExact());
            } else {
                assertThatThrownBy(() -> DataSize.parse(text))
                        .isInstanceOf(IllegalArgumentException.class)
                        .hasMessage("invalid data size '" + text + "': overflows "
                                + Long.MAX_VALUE + " bytes");
            }
        }
    }

    static Stream<Arguments> unitBoundaries() {
        return UNITS.entrySet().stream()
                .map(u -> Arguments.of(u.getKey(), u.getValue()));
    }

    @ParameterizedTest(name = "''{0}''")
    @MethodSource("unitBoundaries")
    void theLargestAmountOfEachUnitParsesAndOneMoreOverflows(String unit, long multiplier) {
        long max = Long.MAX_VALUE / multiplier;
        assertThat(DataSize.parse(max + unit).bytes()).isEqualTo(max * multiplier);
        assertThat(Long.MAX_VALUE - max * multiplier).isLessThan(multiplier);
        String oneMore = (max == Long.MAX_VALUE ? "9223372036854775808" : Long.toString(max + 1))
                + unit;
        assertThatThrownBy(() -> DataSize.parse(oneMore))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'" + oneMore + "'").hasMessageContaining("overflows");
    }

    static Stream<String> otherCapitalisations() {
        List<String> refused = new ArrayList<>();
        for (String unit : UNITS.keySet()) {
            int letters = unit.length();
            for (int mask = 0; mask < 1 << letters; mask++) {
                StringBuilder variant = new StringBuilder();
                for (int i = 0; i < letters; i++) {
                    String c = unit.substring(i, i + 1);
                    variant.append((mask & 1 << i) != 0 ? c.toUpperCase(Locale.ROOT)
                            : c.toLowerCase(Locale.ROOT));
                }
                if (!UNITS.containsKey(variant.toString()) && !refused.contains(variant.toString())) {
                    refused.add(variant.toString());
                }
            }
        }
        return refused.stream();
    }

    @ParameterizedTest(name = "''8{0}''")
    @MethodSource("otherCapitalisations")
    void everyOtherCapitalisationOfAUnitIsRefused(String unit) {
        // "mb", "Mb", "kib", "KIB", "gIb", ...: guessing would mix up 10^6 and 2^20
        for (String text : List.of("8" + unit, "8 " + unit)) {
            assertThatThrownBy(() -> DataSize.parse(text))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("invalid data size '" + text + "': unknown unit '" + unit
                            + "' (use B, K, M, G, T, KiB, MiB, GiB, TiB (powers of 1024) or kB,"
                            + " MB, GB, TB (powers of 1000))");
        }
    }

    static LongStream generatedBytes() {
        SplittableRandom random = new SplittableRandom(2_718_281L);
        long[] units = {1, 512, 1000, 1024, 4096, 1_000_000, 1 << 20, 1_000_000_000, 1L << 30,
            1_000_000_000_000L, 1L << 40};
        return LongStream.concat(
                LongStream.concat(LongStream.rangeClosed(0, 100),
                        LongStream.rangeClosed(Long.MAX_VALUE - 100, Long.MAX_VALUE)),
                LongStream.range(0, 1000).map(i -> {
                    long unit = units[random.nextInt(units.length)];
                    return unit * random.nextLong(0, Long.MAX_VALUE / unit);
                }));
    }

    @ParameterizedTest
    @MethodSource("generatedBytes")
    void printsTheLargestExactUnitAndParsesBack(long bytes) {
        DataSize size = DataSize.ofBytes(bytes);
        String text = size.toString();
        assertThat(DataSize.parse(text)).isEqualTo(size);
        String[] parts = text.split(" ");
        assertThat(parts).hasSize(2);
        long number = Long.parseLong(parts[0]);
        long multiplier = UNITS.get(parts[1]);
        assertThat(number * multiplier).isEqualTo(bytes);
        if (bytes == 0) {
            assertThat(text).isEqualTo("0 B");
            return;
        }
        boolean binary = parts[1].endsWith("iB");
        if (binary && !"TiB".equals(parts[1])) {
            assertThat(number % 1024).as("a larger binary unit would divide %s", text).isNotZero();
        }
        if (!binary) {
            assertThat(bytes % 1024).as("a binary unit would divide %s", text).isNotZero();
            if (!"TB".equals(parts[1])) {
                assertThat(number % 1000).as("a larger decimal unit would divide %s", text)
                        .isNotZero();
            }
        }
    }

    static Stream<Arguments> generatedFactors() {
        SplittableRandom random = new SplittableRandom(31_337L);
        return LongStream.range(0, 500).mapToObj(i -> Arguments.of(
                random.nextLong(0, 1L << random.nextInt(1, 63)),
                random.nextLong(0, 1L << random.nextInt(1, 63))));
    }

    @ParameterizedTest
    @MethodSource("generatedFactors")
    void timesIsExactOrRefusesTheOverflow(long bytes, long factor) {
        DataSize size = DataSize.ofBytes(bytes);
        boolean overflows = Math.multiplyHigh(bytes, factor) != 0 || bytes * factor < 0;
        if (overflows) {
            assertThatThrownBy(() -> size.times(factor))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("overflows " + Long.MAX_VALUE + " bytes");
        } else {
            assertThat(size.times(factor).bytes()).isEqualTo(bytes * factor);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("factoryBoundaries")
    void factoriesAcceptTheLargestAmountAndRefuseOneMore(String unit, long multiplier) {
        long max = Long.MAX_VALUE / multiplier;
        LongFunction<DataSize> factory = switch (unit) {
            case "KiB" -> DataSize::ofKibibytes;
            case "MiB" -> DataSize::ofMebibytes;
            default -> DataSize::ofGibibytes;
        };
        assertThat(factory.apply(max).bytes()).isEqualTo(max * multiplier);
        assertThatThrownBy(() -> factory.apply(max + 1))
                .hasMessage("data size overflows " + Long.MAX_VALUE + " bytes: " + (max + 1) + " "
                        + unit);
        assertThatThrownBy(() -> factory.apply(-1))
                .hasMessage("data size must be >= 0: -1 " + unit);
    }

    static Stream<Arguments> factoryBoundaries() {
        return Stream.of(Arguments.of("KiB", 1L << 10), Arguments.of("MiB", 1L << 20),
                Arguments.of("GiB", 1L << 30));
    }
}
