package io.github.drivespeed.cli.chart;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The width of the chart's buckets, sized to the pass. */
class BucketWidthTest {

    private static final long MS = 1_000_000L;

    @ParameterizedTest(name = "a pass of {0} ms: buckets of {1} ms")
    @CsvSource({"1000, 10", "10000, 100", "400, 5", "160, 2", "159, 1", "80, 1", "30, 1",
        "0, 1", "2400, 20", "4000, 50", "120000, 1000"})
    void theWidestStepOfTheOneTwoFiveSeriesThatGivesEightyBuckets(long passMs, long widthMs) {
        assertThat(BucketWidth.forPass(passMs * MS)).isEqualTo(widthMs * MS);
    }

    @Test
    void everyPassOfEightyMillisecondsOrMoreGetsEightyToAHundredAndNinetyNineBuckets() {
        for (long pass = 80 * MS; pass < 3_600_000 * MS; pass = pass * 21 / 20 + 12_345) {
            long buckets = (pass + BucketWidth.forPass(pass) - 1) / BucketWidth.forPass(pass);
            assertThat(buckets).as("a pass of %d ns", pass).isBetween(80L, 199L);
        }
    }

    @Test
    void aWidthIsWrittenInItsLargestWholeUnit() {
        assertThat(BucketWidth.format(10 * MS)).isEqualTo("10 ms");
        assertThat(BucketWidth.format(2_000 * MS)).isEqualTo("2 s");
        assertThat(BucketWidth.format(500 * MS)).isEqualTo("500 ms");
    }
}
