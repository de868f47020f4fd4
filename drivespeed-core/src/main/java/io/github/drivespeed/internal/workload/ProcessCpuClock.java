package io.github.drivespeed.internal.workload;

import io.github.drivespeed.report.engine.CpuUsage;
import io.github.drivespeed.report.engine.ThreadEvents;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The user and system CPU time of the whole process, as Linux counts it for every thread
 * together (live and ended): fields 14 and 15, {@code utime} and {@code stime}, of
 * {@code /proc/self/stat} (proc(5)), in clock ticks of 1/USER_HZ s. USER_HZ is 100 on every
 * architecture drivespeed runs on natively (x86_64, aarch64, arm), so a reading is exact to
 * 10 ms; the kernel derives both from the scheduler's nanosecond runtime, split in the
 * proportion of the ticks that found the process in user and in system mode (the same figures
 * getrusage(2) returns). Where {@code /proc/self/stat} cannot be read (not Linux), there is no
 * reading and reports carry no CPU figures. Where it reads zero user and zero system time for
 * the whole process since it started (a JVM spends far more than one tick starting), the platform
 * does not report CPU times (qemu's user-mode emulation fills them with zeros) and the usage is
 * {@linkplain CpuUsage#unavailable unavailable}, never a figure of 0.
 */
final class ProcessCpuClock {

    /** How {@link CpuUsage#source()} names this clock. */
    static final String SOURCE = "/proc/self/stat utime and stime, 10 ms ticks";
    /** Why a process whose CPU times all read zero has no CPU figure. */
    static final String ALL_ZERO = "/proc/self/stat reports no CPU time for this process at all"
            + " (utime and stime 0 since it started, as under an emulator such as qemu-user)";
    /** Nanoseconds per clock tick: USER_HZ = 100. */
    static final long NANOS_PER_TICK = 10_000_000L;
    private static final Path STAT = Path.of("/proc/self/stat");

    /** CPU times at one moment. */
    record Reading(long userNanos, long systemNanos) { }

    private ProcessCpuClock() {
    }

    /** @return the process's CPU times now, or empty where they cannot be read */
    static Optional<Reading> read() {
        try {
            return parse(new String(Files.readAllBytes(STAT), StandardCharsets.US_ASCII));
        } catch (IOException | SecurityException | UnsupportedOperationException e) {
            return Optional.empty();
        }
    }

    /**
     * @param stat the text of a {@code /proc/PID/stat}
     * @return its utime and stime in nanoseconds, or empty if it does not parse
     */
    static Optional<Reading> parse(String stat) {
        // the command name (field 2) is in parentheses and may hold spaces and parentheses
        int end = stat.lastIndexOf(')');
        if (end < 0) {
            return Optional.empty();
        }
        String[] fields = stat.substring(end + 1).trim().split(" +");
        // fields[0] is field 3 (state); utime is field 14, stime field 15
        if (fields.length < 13) {
            return Optional.empty();
        }
        try {
            return Optional.of(new Reading(Long.parseLong(fields[11]) * NANOS_PER_TICK,
                    Long.parseLong(fields[12]) * NANOS_PER_TICK));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /**
     * @param start reading at the window's start, or empty
     * @param end reading at its end, or empty
     * @param elapsedNanos the window's wall-clock time
     * @param ios I/Os completed in it
     * @param ioThreads the I/O threads' context switches and page faults over it, or empty
     * @return the usage over the window, or empty without both readings; unavailable where
     *     the end reading is zero since the process started
     */
    static Optional<CpuUsage> between(Optional<Reading> start, Optional<Reading> end,
            long elapsedNanos, long ios, Optional<ThreadEvents> ioThreads) {
        if (start.isEmpty() || end.isEmpty()) {
            return Optional.empty();
        }
        if (end.get().userNanos() == 0 && end.get().systemNanos() == 0) {
            return Optional.of(CpuUsage.unavailable(Math.max(0, elapsedNanos), ios, SOURCE,
                    ioThreads, ALL_ZERO));
        }
        return Optional.of(CpuUsage.measured(
                Math.max(0, end.get().userNanos() - start.get().userNanos()),
                Math.max(0, end.get().systemNanos() - start.get().systemNanos()),
                Math.max(0, elapsedNanos), ios, SOURCE, ioThreads));
    }
}
