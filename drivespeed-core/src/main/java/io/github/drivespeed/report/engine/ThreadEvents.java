package io.github.drivespeed.report.engine;

import io.github.drivespeed.internal.check.SettingChecks;
import java.util.Optional;

/**
 * What the scheduler and the memory manager did to a workload's own I/O threads while they ran
 * (not the JVM's other threads): context switches, voluntary (the thread blocked, for example
 * waiting for a completion) and involuntary (it was preempted) together, and page faults that
 * needed no I/O (minor) and that did (major). fio reports the same for its job's threads as
 * {@code ctx}, {@code minf} and {@code majf} (getrusage(2) {@code ru_nvcsw + ru_nivcsw},
 * {@code ru_minflt}, {@code ru_majflt}); drivespeed reads each I/O thread's
 * {@code /proc/thread-self/status} ({@code voluntary_ctxt_switches},
 * {@code nonvoluntary_ctxt_switches}) and {@code /proc/thread-self/stat} (fields 10 and 12,
 * {@code minflt} and {@code majflt}; proc(5)) as the thread starts and ends, so that threads
 * that end before the run's end are counted too.
 *
 * @param contextSwitches voluntary and involuntary context switches of the I/O threads
 * @param minorFaults page faults served without I/O
 * @param majorFaults page faults that needed I/O
 * @since 0.1.0
 */
public record ThreadEvents(long contextSwitches, long minorFaults, long majorFaults) {

    /** Nothing counted. */
    public static final ThreadEvents NONE = new ThreadEvents(0, 0, 0);

    /**
     * Checks that no count is negative.
     *
     * @param contextSwitches voluntary and involuntary context switches
     * @param minorFaults page faults served without I/O
     * @param majorFaults page faults that needed I/O
     */
    public ThreadEvents {
        SettingChecks.requireAtLeast("contextSwitches", contextSwitches, 0);
        SettingChecks.requireAtLeast("minorFaults", minorFaults, 0);
        SettingChecks.requireAtLeast("majorFaults", majorFaults, 0);
    }

    /**
     * {@return these counts and {@code other}'s, added}
     *
     * @param other counts of other threads or another run
     */
    public ThreadEvents plus(ThreadEvents other) {
        return new ThreadEvents(contextSwitches + other.contextSwitches,
                minorFaults + other.minorFaults, majorFaults + other.majorFaults);
    }

    /**
     * {@return both summed, or empty unless both are present (a sum missing a part would be too
     * low)}
     *
     * @param a counts, or empty where they were not read
     * @param b other counts, or empty
     */
    public static Optional<ThreadEvents> sum(Optional<ThreadEvents> a, Optional<ThreadEvents> b) {
        return a.isPresent() && b.isPresent() ? Optional.of(a.get().plus(b.get()))
                : Optional.empty();
    }

    /** For example {@code 1234 context switches, 56 minor and 0 major page faults}. */
    @Override
    public String toString() {
        return contextSwitches + " context switches, " + minorFaults + " minor and "
                + majorFaults + " major page faults";
    }
}
