package io.github.drivespeed.internal.genuine;

import io.github.drivespeed.report.medium.RateDrop;
import io.github.drivespeed.report.Timeline;
import io.github.drivespeed.report.TimelinePoint;
import java.util.List;
import java.util.Optional;

/**
 * Finds where a workload's rate fell and stayed low, from its timeline (bytes per interval) rather
 * than from each I/O's completion (a workload's I/Os are many, of several sizes and in flight
 * together), by {@link CliffDetector}'s rule on intervals: the earliest interval such that the
 * intervals before it moved at least {@link CliffDetector#MIN_BYTES_BEFORE_DROP} and every window
 * of the intervals after it (up to 8 windows of at least 2 intervals) ran below half their rate.
 * The interval in which the rate fell is left out of both sides (it mixes the two speeds), so the
 * drop is placed within one interval; where that interval still ran at the rate before (90 % of
 * it or more), the drop came at its end and it counts as before.
 */
public final class TimelineDrop {

    private static final int MIN_INTERVALS_PER_SIDE = 2;
    private static final int AFTER_WINDOWS = 8;
    /**
     * An interval at 90 % or more of the rate before the drop ran at that rate (a steady medium
     * varies by a few percent between intervals): the drop came at its end, not inside it.
     */
    private static final double SAME_RATE = 0.9;

    private TimelineDrop() {
    }

    /**
     * {@return where the rate fell below half and stayed there; empty when it did not, or when the
     * timeline has too few intervals to tell}
     *
     * @param timeline a run's timeline of one direction
     */
    public static Optional<RateDrop> find(Timeline timeline) {
        List<TimelinePoint> p = timeline.points();
        for (int j = MIN_INTERVALS_PER_SIDE; j + MIN_INTERVALS_PER_SIDE < p.size(); j++) {
            Optional<RateDrop> drop = dropAt(p, j);
            if (drop.isPresent()) {
                // a step at an interval's end: that interval ran at the rate before, not between
                Optional<RateDrop> next = dropAt(p, j + 1);
                boolean fast = rate(p, j, j + 1) >= SAME_RATE * drop.get().bytesPerSecondBefore();
                return fast && next.isPresent() ? next : drop;
            }
        }
        return Optional.empty();
    }

    /** The drop with interval {@code j} as the one in which the rate fell, if the rule holds. */
    private static Optional<RateDrop> dropAt(List<TimelinePoint> p, int j) {
        if (j + MIN_INTERVALS_PER_SIDE >= p.size()) {
            return Optional.empty();
        }
        long bytesBefore = 0;
        for (int i = 0; i < j; i++) {
            bytesBefore += p.get(i).bytes();
        }
        long nanosBefore = p.get(j).startNanos() - p.get(0).startNanos();
        if (bytesBefore < CliffDetector.MIN_BYTES_BEFORE_DROP || nanosBefore <= 0) {
            return Optional.empty();
        }
        double before = bytesBefore * 1e9 / nanosBefore;
        if (!staysBelowHalf(p, j + 1, before)) {
            return Optional.empty();
        }
        return Optional.of(new RateDrop(bytesBefore, nanosBefore, before, rate(p, j + 1,
                p.size())));
    }

    /** Whether every window of the intervals from {@code from} on ran below half of {@code before}. */
    private static boolean staysBelowHalf(List<TimelinePoint> p, int from, double before) {
        int after = p.size() - from;
        int windows = Math.min(AFTER_WINDOWS, after / MIN_INTERVALS_PER_SIDE);
        int start = from;
        for (int w = 0; w < windows; w++) {
            int to = w == windows - 1 ? p.size() : from + after * (w + 1) / windows;
            if (!(rate(p, start, to) < CliffDetector.DROP_RATIO * before)) {
                return false;
            }
            start = to;
        }
        return windows > 0;
    }

    /** Bytes per second of intervals {@code [from, to)}. */
    private static double rate(List<TimelinePoint> p, int from, int to) {
        long bytes = 0;
        for (int i = from; i < to; i++) {
            bytes += p.get(i).bytes();
        }
        long nanos = p.get(to - 1).endNanos() - p.get(from).startNanos();
        return nanos <= 0 ? Double.POSITIVE_INFINITY : bytes * 1e9 / nanos;
    }
}
