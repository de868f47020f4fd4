package io.github.drivespeed.unit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class DataSizeTest {

    @ParameterizedTest(name = "{0} = {1} bytes")
    @CsvSource(delimiter = '|', value = {
        "0|0",
        "512|512",
        "512B|512",
        "512 B|512",
        "1K|1024",
        "1k|1024",
        "1KiB|1024",
        "1 KiB|1024",
        "8M|8388608",
        "8m|8388608",
        "8 MiB|8388608",
        "2G|2147483648",
        "2g|2147483648",
        "2GiB|2147483648",
        "1T|1099511627776",
        "1t|1099511627776",
        "1TiB|1099511627776",
        "4kB|4000",
        "4KB|4000",
        "4 kB|4000",
        "1MB|1000000",
        "1GB|1000000000",
        "1TB|1000000000000",
        "007K|7168",
        "8388607T|9223370937343148032",
        "9223372036854775807|9223372036854775807",
    })
    void parsesTheGrammar(String text, long bytes) {
        assertThat(DataSize.parse(text).bytes()).isEqualTo(bytes);
    }

    @ParameterizedTest(name = "''{0}'' is refused")
    @ValueSource(strings = {"", " ", "M", "-1", "-1M", "+1M", "1.5M", "1,5M", "1e3", " 8M", "8M ",
        "8  M", "8 ", "8mb", "8Mb", "8mB", "8KIB", "8kib", "8Kb", "8 b", "8b", "8P", "8PiB", "8 M B",
        "0x10", "8388608T", "9223372036854775808", "99999999999999999999", "1TBB", "١٢"})
    void refusesAnythingElse(String text) {
        assertThatThrownBy(() -> DataSize.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'" + text + "'");
    }

    @Test
    void fractionsAreRefusedAsFractions() {
        assertThatThrownBy(() -> DataSize.parse("1.5M"))
                .hasMessageContaining("'1.5M'").hasMessageContaining("fractions are not allowed");
        assertThatThrownBy(() -> DataSize.parse("1,5 MiB")).hasMessageContaining("fractions");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "1.5G|fractions are not allowed: 1.5G is 1536M",
        "1.5M|fractions are not allowed: 1.5M is 1536K",
        "1.5GB|fractions are not allowed: 1.5GB is 1500 MB",
        "2.5KiB|fractions are not allowed: 2.5KiB is 2560 B",
        "0.25g|fractions are not allowed: 0.25g is 256m",
        "1,5 MiB|fractions are not allowed: 1,5 MiB is 1536 KiB",
        "1.3K|fractions are not allowed: 1.3K is 1331.2 bytes, not a whole number",
        "1.5|fractions are not allowed: 1.5 is 1.5 bytes, not a whole number"})
    void aFractionGetsTheWholeNumberOfWhatWasTyped(String text, String message) {
        assertThatThrownBy(() -> DataSize.parse(text))
                .hasMessage("invalid data size '" + text + "': " + message);
    }

    @Test
    void refusalNamesTheUnit() {
        assertThatThrownBy(() -> DataSize.parse("8mb"))
                .hasMessageContaining("unknown unit 'mb'")
                .hasMessageContaining("MiB");
        assertThatThrownBy(() -> DataSize.parse("9999999T")).hasMessageContaining("overflows");
    }

    @ParameterizedTest(name = "{0} bytes prints {1}")
    @CsvSource(delimiter = '|', value = {
        "0|0 B",
        "1|1 B",
        "512|512 B",
        "1536|1536 B",
        "1024|1 KiB",
        "4096|4 KiB",
        "8388608|8 MiB",
        "1073741824|1 GiB",
        "3221225472|3 GiB",
        "1099511627776|1 TiB",
        "4000|4 kB",
        "1000000|1 MB",
        "1000000000|1 GB",
        "5000000000000|4882812500 KiB",
        "1000000000000|976562500 KiB",
        "2000000000|1953125 KiB",
        "3000000000|3 GB",
        "1024000|1000 KiB",
        "1500000|1500 kB",
        "9223372036854775807|9223372036854775807 B",
    })
    void printsTheLargestExactUnit(long bytes, String text) {
        assertThat(DataSize.ofBytes(bytes)).hasToString(text);
    }

    static Stream<Arguments> generatedSizes() {
        SplittableRandom random = new SplittableRandom(20261129L);
        long[] units = {1, 512, 1000, 1024, 4096, 1_000_000, 1 << 20, 1_000_000_000, 1L << 30,
            1_000_000_000_000L, 1L << 40};
        return LongStream.range(0, 2000).mapToObj(i -> {
            long unit = units[random.nextInt(units.length)];
            long bytes = unit * random.nextLong(0, Long.MAX_VALUE / unit);
            return Arguments.of(bytes);
        });
    }

    @ParameterizedTest
    @MethodSource("generatedSizes")
    void formatsAndParsesBackToTheSameValue(long bytes) {
        DataSize size = DataSize.ofBytes(bytes);
        assertThat(DataSize.parse(size.toString())).isEqualTo(size);
        assertThat(DataSize.parse(size.toString().replace(" ", ""))).isEqualTo(size);
    }

    @Test
    void factoriesAndArithmetic() {
        assertThat(DataSize.ofKibibytes(4).bytes()).isEqualTo(4096);
        assertThat(DataSize.ofMebibytes(8).bytes()).isEqualTo(8L << 20);
        assertThat(DataSize.ofGibibytes(2).bytes()).isEqualTo(2L << 30);
        assertThat(DataSize.ofMebibytes(8).times(32)).isEqualTo(DataSize.ofMebibytes(256));
        assertThatThrownBy(() -> DataSize.ofBytes(-1)).hasMessageContaining("-1");
        assertThatThrownBy(() -> DataSize.ofGibibytes(Long.MAX_VALUE)).hasMessageContaining("overflows");
        assertThatThrownBy(() -> DataSize.ofMebibytes(8).times(Long.MAX_VALUE))
                .hasMessageContaining("overflows");
        assertThat(DataSize.parse("1K")).isEqualByComparingTo(DataSize.parse("1024"));
        assertThat(DataSize.parse("1K")).isGreaterThan(DataSize.parse("1kB"));
    }
}
