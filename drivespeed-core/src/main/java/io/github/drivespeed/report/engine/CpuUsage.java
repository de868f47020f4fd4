package io.github.drivespeed.report.engine;

import io.github.drivespeed.internal.check.SettingChecks;
import io.github.drivespeed.unit.Nanoseconds;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * The CPU time the whole process (every thread: I/O threads, JIT compiler, garbage collector)
 * spent in user and in system mode while a workload ran, and what that is per I/O: the tool's
 * own cost, which on the fastest devices is what limits the figure. fio reports the same
 * accounting as {@code usr_cpu} and {@code sys_cpu} (fio's HOWTO: user and system CPU time over
 * the job's run time, in percent; fio takes them from getrusage(2) for the job's thread, so
 * drivespeed's whole-process figure counts more than fio's, never less).
 *
 * <p>Where the platform does not report CPU times (an emulator such as qemu's user mode reads
 * zero for every process), the usage is {@linkplain #isAvailable() unavailable}, with the reason:
 * its times read 0 and every derived figure is NaN, never a figure of 0.
 *
 * @param userNanos user-mode CPU time over the window, in nanoseconds; 0 where
 *     {@linkplain #isAvailable() unavailable}
 * @param systemNanos system-mode CPU time over the window (the system calls, the file system,
 *     the block layer and the driver, as far as they run on the process's threads); 0 where
 *     unavailable
 * @param elapsedNanos the window's wall-clock time: the run, from its start (ramp included)
 *     to the last completion (and the closing fdatasync when it wrote)
 * @param ios I/Os completed in the window (ramp included)
 * @param source where the times come from, for example {@code /proc/self/stat}, and their
 *     resolution
 * @param ioThreadEvents the context switches and page faults of the workload's own I/O threads over
 *     the window (fio's {@code ctx}, {@code minf}, {@code majf}), or empty where they could not
 *     be read
 * @param unavailableReason why the platform gave no CPU times, or empty where it did
 * @since 0.1.0
 */
public record CpuUsage(long userNanos, long systemNanos, long elapsedNanos, long ios,
        String source, Optional<ThreadEvents> ioThreadEvents, Optional<String> unavailableReason) {

    /**
     * A window whose CPU times the platform reported.
     *
     * @param userNanos user-mode CPU time over the window, in nanoseconds
     * @param systemNanos system-mode CPU time over the window, in nanoseconds
     * @param elapsedNanos the window's wall-clock time
     * @param ios I/Os completed in the window
     * @param source where the times come from
     * @param ioThreadEvents the I/O threads' context switches and page faults, or empty
     * @return the measured usage
     * @throws IllegalArgumentException as the canonical constructor
     */
    public static CpuUsage measured(long userNanos, long systemNanos, long elapsedNanos,
            long ios, String source, Optional<ThreadEvents> ioThreadEvents) {
        return new CpuUsage(userNanos, systemNanos, elapsedNanos, ios, source, ioThreadEvents,
                Optional.empty());
    }

    /**
     * A window whose CPU times the platform did not report.
     *
     * @param elapsedNanos the window's wall-clock time
     * @param ios I/Os completed in the window
     * @param source where the times were looked for
     * @param ioThreadEvents the I/O threads' context switches and page faults, or empty
     * @param reason why there are no CPU times, for example {@code /proc/self/stat reports no
     *     CPU time for this process at all}
     * @return the unavailable usage
     * @throws IllegalArgumentException as the canonical constructor
     */
    public static CpuUsage unavailable(long elapsedNanos, long ios, String source,
            Optional<ThreadEvents> ioThreadEvents, String reason) {
        return new CpuUsage(0, 0, elapsedNanos, ios, source, ioThreadEvents,
                Optional.of(Objects.requireNonNull(reason, "reason")));
    }

    /**
     * Checks that the figures are not negative, the source is given, and the times of an
     * unavailable usage are 0.
     *
     * @param userNanos user-mode CPU time over the window, in nanoseconds
     * @param systemNanos system-mode CPU time over the window, in nanoseconds
     * @param elapsedNanos the window's wall-clock time
     * @param ios I/Os completed in the window
     * @param source where the times come from
     * @param ioThreadEvents the I/O threads' context switches and page faults, or empty
     * @param unavailableReason why there are no CPU times, or empty
     */
    public CpuUsage {
        SettingChecks.requireAtLeast("userNanos", userNanos, 0);
        SettingChecks.requireAtLeast("systemNanos", systemNanos, 0);
        SettingChecks.requireAtLeast("elapsedNanos", elapsedNanos, 0);
        SettingChecks.requireAtLeast("ios", ios, 0);
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(ioThreadEvents, "ioThreadEvents");
        Objects.requireNonNull(unavailableReason, "unavailableReason");
        if (unavailableReason.isPresent() && (userNanos != 0 || systemNanos != 0)) {
            throw new IllegalArgumentException("unavailable CPU times must be 0, not user "
                    + userNanos + " ns, system " + systemNanos + " ns");
        }
    }

    /** {@return whether the platform reported CPU times; see {@link #unavailableReason()}} */
    public boolean isAvailable() {
        return unavailableReason.isEmpty();
    }

    /** {@return user CPU nanoseconds per I/O; NaN without I/O or where unavailable} */
    public double userNanosPerIo() {
        return ios == 0 || !isAvailable() ? Double.NaN : (double) userNanos / ios;
    }

    /** {@return system CPU nanoseconds per I/O; NaN without I/O or where unavailable} */
    public double systemNanosPerIo() {
        return ios == 0 || !isAvailable() ? Double.NaN : (double) systemNanos / ios;
    }

    /** {@return user plus system CPU nanoseconds per I/O; NaN without I/O or where unavailable} */
    public double nanosPerIo() {
        return ios == 0 || !isAvailable() ? Double.NaN : (double) (userNanos + systemNanos) / ios;
    }

    /**
     * {@return user CPU time over the window's wall-clock time in percent of one CPU (fio's
     * {@code usr_cpu}; above 100 when several threads were busy); NaN for an empty window or
     * where unavailable}
     */
    public double userPercent() {
        return elapsedNanos == 0 || !isAvailable() ? Double.NaN : 100.0 * userNanos / elapsedNanos;
    }

    /**
     * {@return system CPU time over the window's wall-clock time in percent of one CPU (fio's
     * {@code sys_cpu}); NaN for an empty window or where unavailable}
     */
    public double systemPercent() {
        return elapsedNanos == 0 || !isAvailable() ? Double.NaN
                : 100.0 * systemNanos / elapsedNanos;
    }

    /**
     * This window's times with the I/Os and I/O-thread events of several jobs over it (fio's
     * group of jobs sharing one process).
     *
     * @param totalIos the I/Os of several jobs over this same window
     * @param allIoThreads their I/O threads' events
     * @return this window's times with those counts (unavailable stays unavailable)
     */
    public CpuUsage withIos(long totalIos, Optional<ThreadEvents> allIoThreads) {
        return new CpuUsage(userNanos, systemNanos, elapsedNanos, totalIos, source, allIoThreads,
                unavailableReason);
    }

    /**
     * {@return both windows together: times, wall-clock time, I/Os and the I/O threads' events
     * summed (the events only where both have them); unavailable where either is}
     *
     * @param other another window measured the same way
     */
    public CpuUsage plus(CpuUsage other) {
        Optional<String> reason = unavailableReason.or(() -> other.unavailableReason);
        boolean both = reason.isEmpty();
        return new CpuUsage(both ? userNanos + other.userNanos : 0,
                both ? systemNanos + other.systemNanos : 0,
                elapsedNanos + other.elapsedNanos, ios + other.ios, source,
                ThreadEvents.sum(ioThreadEvents, other.ioThreadEvents), reason);
    }

    /**
     * For example {@code 312 ns user + 845 ns system per I/O (usr_cpu 18.2%, sys_cpu 49.6% over
     * 5.000 s, 16000000 I/Os; whole process, /proc/self/stat utime and stime, 10 ms ticks)},
     * then where counted {@code ; I/O threads: 1234 context switches, 56 minor and 0 major page
     * faults}; where unavailable, {@code unavailable: } and the reason instead of the times.
     */
    @Override
    public String toString() {
        if (!isAvailable()) {
            return "unavailable: " + unavailableReason.get()
                    + ioThreadEvents.map(e -> "; I/O threads: " + e).orElse("");
        }
        return String.format(Locale.ROOT, "%.0f ns user + %.0f ns system per I/O (usr_cpu %.1f%%,"
                + " sys_cpu %.1f%% over %s, %d I/Os; whole process, %s)", userNanosPerIo(),
                systemNanosPerIo(), userPercent(), systemPercent(),
                Nanoseconds.format(elapsedNanos), ios, source)
                + ioThreadEvents.map(e -> "; I/O threads: " + e).orElse("");
    }
}
