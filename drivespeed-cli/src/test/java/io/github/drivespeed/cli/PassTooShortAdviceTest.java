package io.github.drivespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.testing.TestFiles;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code PASS_TOO_SHORT} says what measures more data in each pass for the test that ran, and
 * only that: the sequential test takes a count and a block size ({@code --size} is refused
 * there), a workload a duration, or a count or a size when its runs are not time-based (before:
 * {@code a larger count or size, or a duration} under every test).
 */
class PassTooShortAdviceTest {

    @TempDir
    Path dir;

    private static final String WARNING = "  - PASS_TOO_SHORT: " + Warning.PASS_TOO_SHORT.message()
            + "\n";

    @Test
    void aTooShortSequentialPassNamesTheCountAndTheBlockSize() throws IOException {
        CommandRun o = CommandRun.of(dir.toString(), "--count", "1", "--block-size", "4K",
                "--runs", "1");
        assertThat(o.exitCode()).as(o.err()).isZero();
        assertThat(o.out()).contains(WARNING + "    write run 1 lasted ")
                .containsPattern("\\n    read run 1 lasted [^\\n]*: (under 100 ms and )?fewer"
                        + " than 4 blocks is too short to time well\\n    measure more data in"
                        + " each pass: a larger count or block size \\(each pass moved 1 x 4"
                        + " KiB\\)\\nsummary:")
                .doesNotContain("size, or a duration");
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void aTooShortWorkloadNamesWhatEndsItsRuns() throws IOException {
        // runs of a count of I/Os: a larger count, or a duration instead
        assertReadRunAdvice(CommandRun.of(dir.toString(), "--rw", "randread", "--size", "1M",
                "--count", "2"), "(under 100 ms and )?fewer than 4 blocks",
                "a larger count, or a duration");
        // time-based runs: a longer duration
        assertReadRunAdvice(CommandRun.of(dir.toString(), "--rw", "randread", "--size", "1M",
                "--duration", "20ms"), "under 100 ms[^\\n]*", "a longer duration");
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void aPresetsTooShortRowsAreNamedWithWhatEndsTheirRuns() throws IOException {
        CommandRun o = CommandRun.of(dir.toString(), "--preset", "RND4K-Q1T1", "--size", "1M",
                "--duration", "20ms");
        assertThat(o.exitCode()).as(o.err()).isZero();
        assertThat(o.out()).contains(WARNING + "    RND4K Q1T1 read, RND4K Q1T1 write: measure"
                + " more data in each pass: a longer duration\n");
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    /** The warning, read run 1 under {@code bound} (a pattern), then {@code advice} alone. */
    private static void assertReadRunAdvice(CommandRun o, String bound, String advice) {
        assertThat(o.exitCode()).as(o.err()).isZero();
        assertThat(o.out()).contains(WARNING).containsPattern("\\n    read run 1 lasted [^\\n]*: "
                + bound + " is too short to time well\\n    measure more data in each pass: "
                + Pattern.quote(advice) + "\\n");
    }
}
