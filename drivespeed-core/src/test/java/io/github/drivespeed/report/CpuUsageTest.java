package io.github.drivespeed.report;

import java.util.Optional;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** CPU per I/O and fio's usr_cpu/sys_cpu from the times over a window; no made-up figures. */
class CpuUsageTest {

    @Test
    void perIoFiguresAndPercentagesOfOneCpuAsFioReportsThem() {
        CpuUsage c = new CpuUsage(300_000_000L, 900_000_000L, 2_000_000_000L, 1_000_000, "test", Optional.empty());
        assertThat(c.userNanosPerIo()).isEqualTo(300.0);
        assertThat(c.systemNanosPerIo()).isEqualTo(900.0);
        assertThat(c.nanosPerIo()).isEqualTo(1200.0);
        assertThat(c.userPercent()).isEqualTo(15.0);
        assertThat(c.systemPercent()).isEqualTo(45.0);
        assertThat(c.toString()).isEqualTo("300 ns user + 900 ns system per I/O (usr_cpu 15.0%,"
                + " sys_cpu 45.0% over 2.000 s, 1000000 I/Os; whole process, test)");
        CpuUsage both = c.plus(new CpuUsage(100_000_000L, 100_000_000L, 2_000_000_000L,
                1_000_000, "test", Optional.empty()));
        assertThat(both.userNanosPerIo()).isEqualTo(200.0);
        assertThat(both.systemPercent()).isEqualTo(25.0);
    }

    @Test
    void anEmptyWindowGivesNaNNotZero() {
        CpuUsage none = new CpuUsage(0, 0, 0, 0, "test", Optional.empty());
        assertThat(none.userNanosPerIo()).isNaN();
        assertThat(none.nanosPerIo()).isNaN();
        assertThat(none.userPercent()).isNaN();
        assertThatThrownBy(() -> new CpuUsage(-1, 0, 0, 0, "test", Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("userNanos");
    }
}
