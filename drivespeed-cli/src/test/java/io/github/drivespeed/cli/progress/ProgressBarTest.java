package io.github.drivespeed.cli.progress;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.report.PassKind;
import org.junit.jupiter.api.Test;

/** The progress bar's line and rate, without a terminal (the drawing is in OutputOptionsTest). */
class ProgressBarTest {

    @Test
    void aProgressLineSaysBytesRateAndTimeLeft() {
        assertThat(ProgressBar.line("write run 2/3", 128L << 20, 256L << 20, 500_000_000L, -1,
                400e6, true)).isEqualTo("write run 2/3 [##########..........]  50%  128.0 of"
                        + " 256.0 MiB  400.0 MB/s  0.5 s left");
        assertThat(ProgressBar.line("randread 4 KiB run 1/1", 10L << 20, -1, 1_000_000_000L,
                4_000_000_000L, Double.NaN, false)).isEqualTo("randread 4 KiB run 1/1"
                        + " [#####...............]  25%  10.0 MiB  -- MB/s  3.0 s left");
        assertThat(ProgressBar.line("write run 1/3", 256L << 20, 256L << 20, 900_000_000L, -1,
                1380e6, true)).isEqualTo("write run 1/3 [####################] 100%  256.0 of"
                        + " 256.0 MiB  1380.0 MB/s  syncing (fdatasync)");
        assertThat(ProgressBar.line("read run 1/3", 256L << 20, 256L << 20, 900_000_000L, -1,
                1380e6, false)).endsWith("1380.0 MB/s  finishing");
    }

    @Test
    void aFillBoundedBySizeAndTimeShowsWhicheverEndsItFirst() {
        // 64 MiB at 2 MiB/s would take 32 s; the 2 s bound ends it first
        assertThat(ProgressBar.line("capacity check: writing test files", 1L << 20, 64L << 20,
                500_000_000L, 2_000_000_000L, 2.1e6, true)).isEqualTo("capacity check: writing"
                        + " test files [#####...............]  25%  1.0 of 64.0 MiB  2.1 MB/s"
                        + "  1.5 s left");
        // the size ends it first
        assertThat(ProgressBar.line("capacity check: writing test files", 48L << 20, 64L << 20,
                3_000_000_000L, 60_000_000_000L, 16e6, true)).endsWith(" 75%  48.0 of 64.0 MiB"
                        + "  16.0 MB/s  1.0 s left");
        assertThat(ProgressBar.CAPACITY_CHECK.label(PassKind.READ, 1))
                .isEqualTo("capacity check: reading back, checking");
        assertThat(ProgressBar.CAPACITY_PROBE.label(PassKind.WRITE, 2))
                .isEqualTo("capacity probe round 2: writing stamped units");
    }

    @Test
    void whileTheWritePassSyncsTheRateStaysThatOfTheDataMoved() {
        long total = 256L << 20;
        double rate = ProgressBar.nextRate(Double.NaN, 345_000_000L, 250_000_000L);
        assertThat(rate).isEqualTo(1380e6);
        // every byte written at the last redraw: fdatasync runs, nothing moves
        assertThat(ProgressBar.allMoved(total, total, total)).isTrue();
        // the last bytes still moved since the last redraw, or the stage is time-based
        assertThat(ProgressBar.allMoved(total, total - 4096, total)).isFalse();
        assertThat(ProgressBar.allMoved(10L << 20, 10L << 20, -1)).isFalse();
        assertThat(ProgressBar.nextRate(rate, 0, 250_000_000L)).isEqualTo(690e6);
    }
}
