package io.github.drivespeed.fio.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** fio's size and time grammar, as its parse.c reads them (kb_base 1024 and 1000). */
class FioSizeTest {

    @ParameterizedTest(name = "kb_base={1}: {0} = {2} bytes")
    @CsvSource({
        // kb_base=1024, fio's default: SI prefixes are powers of 1024, IEC ones of 1000
        "4096,   1024, 4096",
        "4096b,  1024, 4096",
        "4096B,  1024, 4096",
        "4k,     1024, 4096",
        "4K,     1024, 4096",
        "4kb,    1024, 4096",
        "4KB,    1024, 4096",
        "4kB,    1024, 4096",
        "4KiB,   1024, 4000",
        "4kib,   1024, 4000",
        "1m,     1024, 1048576",
        "1M,     1024, 1048576",
        "1MiB,   1024, 1000000",
        "1g,     1024, 1073741824",
        "1G,     1024, 1073741824",
        "1GiB,   1024, 1000000000",
        "1t,     1024, 1099511627776",
        "1TiB,   1024, 1000000000000",
        "1p,     1024, 1125899906842624",
        // kb_base=1000: the prefixes as the standards define them
        "4k,     1000, 4000",
        "4K,     1000, 4000",
        "4KB,    1000, 4000",
        "4KiB,   1000, 4096",
        "4kib,   1000, 4096",
        "1m,     1000, 1000000",
        "1MiB,   1000, 1048576",
        "1g,     1000, 1000000000",
        "1GiB,   1000, 1073741824",
        "4096,   1000, 4096"})
    void sizesParseAsFiosParserReadsThem(String text, int kbBase, long bytes) {
        assertThat(FioSize.parse("bs", text, kbBase)).isEqualTo(bytes);
    }

    @ParameterizedTest
    @ValueSource(strings = {"4 KiB", "4kx", "1.5g", "50%", "4k-8k", "4k,8k", "4k:8k", "k", "",
        "-4k", "4ki", "1mi", "0x1000", "99999999999999p"})
    void whatFioWouldReadSurprisinglyIsRefusedNamingTheOption(String text) {
        assertThatThrownBy(() -> FioSize.parse("size", text, 1024))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("fio option 'size'")
                .hasMessageContaining("'" + text + "'");
    }

    @Test
    void aNegativeSizeIsCalledNegativeNotARange() {
        assertThatThrownBy(() -> FioSize.parse("size", "-4m", 1024))
                .hasMessageContaining("'-4m'")
                .hasMessageContaining("a size is not negative")
                .hasMessageNotContaining("ranges");
    }

    @ParameterizedTest(name = "{0} = {1} ns")
    @CsvSource({
        "60,     60000000000",
        "60s,    60000000000",
        "60S,    60000000000",
        "500ms,  500000000",
        "500msec, 500000000",
        "250us,  250000",
        "250usec, 250000",
        "2m,     120000000000",
        "1h,     3600000000000",
        "1d,     86400000000000",
        "0,      0"})
    void timesParseAsFiosParserReadsThem(String text, long nanos) {
        assertThat(FioTime.parse("runtime", text)).isEqualTo(Duration.ofNanos(nanos));
    }

    @ParameterizedTest
    @ValueSource(strings = {"10sec", "1min", "1.5s", "10 s", "s", "10x", "-1"})
    void timesFioWouldMisreadAreRefused(String text) {
        assertThatThrownBy(() -> FioTime.parse("runtime", text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("fio option 'runtime'");
    }
}
