package io.github.drivespeed.internal.genuine;

import io.github.drivespeed.report.RateDrop;
import io.github.drivespeed.report.Timeline;
import io.github.drivespeed.report.TimelinePoint;
import java.util.Optional;

/**
 * Finds where a workload's rate fell and stayed low, from its timeline (bytes per interval) rather
 * than from each I/O's completion (a workload's I/Os are many, of several sizes and in flight
 * together): the timeline is cut into {@value #QUANTA} equal shares of its bytes, the time each
 * share was complete is interpolated within its interval, and {@link CliffDetector}'s rule runs
 * on those times as on equal blocks. Where the drop falls is known to within one interval.
 */
public final class TimelineDrop {

    /** Equal shares of the bytes the timeline is cut into. */
    static final int QUANTA = 64;

    private TimelineDrop() {
    }

    /**
     * {@return where the rate fell below half and stayed there; empty when it did not, or when the
     * timeline has too few bytes or intervals to tell}
     *
     * @param timeline a run's timeline of one direction
     */
    public static Optional<RateDrop> find(Timeline timeline) {
        long total = timeline.totalBytes();
        if (timeline.points().size() < 4 || total < QUANTA) {
            return Optional.empty();
        }
        long quantum = total / QUANTA;
        long[] completedAt = new long[QUANTA];
        int k = 0;
        long before = 0;
        for (TimelinePoint p : timeline.points()) {
            long after = before + p.bytes();
            while (k < QUANTA && (k + 1) * quantum <= after) {
                double share = (double) ((k + 1) * quantum - before) / p.bytes();
                completedAt[k] = p.startNanos() + Math.round(share * p.elapsedNanos());
                k++;
            }
            before = after;
        }
        return CliffDetector.findDrop(completedAt, k, quantum);
    }
}
