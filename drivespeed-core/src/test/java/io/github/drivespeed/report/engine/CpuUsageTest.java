package io.github.drivespeed.report.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** CPU per I/O and fio's usr_cpu/sys_cpu from the times over a window; no made-up figures. */
class CpuUsageTest {

    @Test
    void perIoFiguresAndPercentagesOfOneCpuAsFioReportsThem() {
        CpuUsage c = CpuUsage.measured(300_000_000L, 900_000_000L, 2_000_000_000L, 1_000_000,
                "test", Optional.empty());
        assertThat(c.userNanosPerIo()).isEqualTo(300.0);
        assertThat(c.systemNanosPerIo()).isEqualTo(900.0);
        assertThat(c.nanosPerIo()).isEqualTo(1200.0);
        assertThat(c.userPercent()).isEqualTo(15.0);
        assertThat(c.systemPercent()).isEqualTo(45.0);
        assertThat(c.toString()).isEqualTo("300 ns user + 900 ns system per I/O (usr_cpu 15.0%,"
                + " sys_cpu 45.0% over 2.000 s, 1000000 I/Os; whole process, test)");
        CpuUsage both = c.plus(CpuUsage.measured(100_000_000L, 100_000_000L, 2_000_000_000L,
                1_000_000, "test", Optional.empty()));
        assertThat(both.userNanosPerIo()).isEqualTo(200.0);
        assertThat(both.systemPercent()).isEqualTo(25.0);
    }

    @Test
    void anEmptyWindowGivesNaNNotZero() {
        CpuUsage none = CpuUsage.measured(0, 0, 0, 0, "test", Optional.empty());
        assertThat(none.userNanosPerIo()).isNaN();
        assertThat(none.nanosPerIo()).isNaN();
        assertThat(none.userPercent()).isNaN();
        assertThatThrownBy(() -> CpuUsage.measured(-1, 0, 0, 0, "test", Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("userNanos");
    }

    @Test
    void cpuTimesThePlatformDoesNotReportAreUnavailableWithTheReasonNeverZero() {
        ThreadEvents events = new ThreadEvents(10, 2, 0);
        CpuUsage none = CpuUsage.unavailable(2_000_000_000L, 1000, "test", Optional.of(events),
                "no CPU times here");
        assertThat(none.isAvailable()).isFalse();
        assertThat(none.unavailableReason()).contains("no CPU times here");
        assertThat(none.userNanosPerIo()).isNaN();
        assertThat(none.systemNanosPerIo()).isNaN();
        assertThat(none.nanosPerIo()).isNaN();
        assertThat(none.userPercent()).isNaN();
        assertThat(none.systemPercent()).isNaN();
        assertThat(none.toString()).isEqualTo("unavailable: no CPU times here; I/O threads: "
                + events);
        CpuUsage measured = CpuUsage.measured(100, 100, 2_000_000_000L, 1000, "test",
                Optional.empty());
        assertThat(measured.isAvailable()).isTrue();
        CpuUsage sum = measured.plus(none);
        assertThat(sum.isAvailable()).isFalse();
        assertThat(sum.ios()).isEqualTo(2000);
        assertThat(sum.userNanos()).isZero();
        assertThat(sum.nanosPerIo()).isNaN();
        assertThat(none.plus(measured).unavailableReason()).contains("no CPU times here");
        assertThat(none.withIos(5000, Optional.empty()).unavailableReason())
                .contains("no CPU times here");
        assertThatThrownBy(() -> new CpuUsage(1, 0, 1, 1, "test", Optional.empty(),
                Optional.of("none")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unavailable CPU times must be 0, not user 1 ns, system 0 ns");
    }
}
