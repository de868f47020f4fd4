package io.github.drivespeed.internal.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.report.CpuUsage;
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
}
