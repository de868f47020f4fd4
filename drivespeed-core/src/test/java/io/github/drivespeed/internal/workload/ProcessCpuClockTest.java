package io.github.drivespeed.internal.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.report.engine.CpuUsage;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The process's CPU times from /proc/self/stat, as proc(5) lays the line out. */
class ProcessCpuClockTest {

    @Test
    void utimeAndStimeAreFields14And15InTicksOf10Ms() {
        // a command name with spaces and parentheses, as the kernel shows it (field 2)
        String stat = "4242 (java (x) y) S 1 4242 4242 0 -1 4194560 12345 0 7 0 1234 567 3 4 20 0"
                + " 31 0 987654 1234567890 4321 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 17 1";
        assertThat(ProcessCpuClock.parse(stat)).contains(
                new ProcessCpuClock.Reading(1234 * 10_000_000L, 567 * 10_000_000L));
        assertThat(ProcessCpuClock.parse("garbage")).isEmpty();
        assertThat(ProcessCpuClock.parse("1 (x) S 1 2")).isEmpty();
    }

    @Test
    void theProcessClockOnlyMovesForwardAndCountsWorkDone() {
        ProcessCpuClock.Reading before = ProcessCpuClock.read().orElseThrow();
        long sink = 0;
        long until = System.nanoTime() + 200_000_000L;
        while (System.nanoTime() < until) {
            sink += Long.numberOfTrailingZeros(sink + until);
        }
        ProcessCpuClock.Reading after = ProcessCpuClock.read().orElseThrow();
        assertThat(after.userNanos() + after.systemNanos())
                .as("200 ms of spinning (%d)", sink)
                .isGreaterThan(before.userNanos() + before.systemNanos());
        Optional<CpuUsage> u = ProcessCpuClock.between(Optional.of(before), Optional.of(after),
                200_000_000L, 1000, Optional.empty());
        assertThat(u).hasValueSatisfying(c -> {
            assertThat(c.ios()).isEqualTo(1000);
            assertThat(c.source()).isEqualTo(ProcessCpuClock.SOURCE);
            assertThat(c.nanosPerIo()).isPositive();
        });
        assertThat(ProcessCpuClock.between(Optional.empty(), Optional.of(after), 1, 1,
                Optional.empty())).isEmpty();
    }

    @Test
    void aProcessWhoseTimesReadZeroSinceItStartedHasNoCpuFigureAndSaysWhy() {
        // qemu's user-mode emulation fills /proc/self/stat's utime and stime with zeros
        ProcessCpuClock.Reading zero = new ProcessCpuClock.Reading(0, 0);
        Optional<CpuUsage> u = ProcessCpuClock.between(Optional.of(zero), Optional.of(zero),
                1_000_000_000L, 5000, Optional.empty());
        assertThat(u).hasValueSatisfying(c -> {
            assertThat(c.isAvailable()).isFalse();
            assertThat(c.unavailableReason()).contains(ProcessCpuClock.ALL_ZERO);
            assertThat(c.nanosPerIo()).isNaN();
            assertThat(c.ios()).isEqualTo(5000);
            assertThat(c.toString()).startsWith("unavailable: /proc/self/stat reports no CPU"
                    + " time for this process at all");
        });
        // a window in which a live process spent no tick is a measured 0, not unavailable
        ProcessCpuClock.Reading busy = new ProcessCpuClock.Reading(40_000_000L, 10_000_000L);
        assertThat(ProcessCpuClock.between(Optional.of(busy), Optional.of(busy), 1_000_000L, 1,
                Optional.empty())).hasValueSatisfying(c -> assertThat(c.isAvailable()).isTrue());
    }
}
