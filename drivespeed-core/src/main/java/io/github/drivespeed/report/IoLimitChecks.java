package io.github.drivespeed.report;

import io.github.drivespeed.target.CgroupLimits;
import io.github.drivespeed.target.IoLimit;
import io.github.drivespeed.target.IoLimitReached;
import java.util.ArrayList;
import java.util.List;

/**
 * Which of a cgroup's I/O caps a pass's figures reached ({@link PassResult#ioLimitsReached},
 * {@link SustainedReport}): the reports' judgement, not a part of the target's description.
 */
final class IoLimitChecks {

    /**
     * A figure at or above this share of a cap is taken as held to it, as
     * {@link io.github.drivespeed.target.Link#SATURATION_RATIO} is for a link: a throttled stream
     * runs a little below its cap (the throttle's time slices, the pass's own set-up and
     * fdatasync inside its time).
     */
    static final double REACHED_RATIO = 0.9;

    /**
     * A figure above this share of a cap was not held to it: the throttle lets the start of a
     * stream through faster, a time slice's worth at once (kernel {@code block/blk-throttle.c},
     * slices of 100 ms), so a short pass can run well above its cap, and a figure well above it
     * is not the cap's. Measured on this project's test machine: a 16 MiB direct read under a cap
     * of 400 I/Os per second completed its 16 requests in 13 ms.
     */
    static final double OVERSHOOT_RATIO = 1.1;

    private IoLimitChecks() {
    }

    /**
     * Whether a figure is held to a cap: at least {@link #REACHED_RATIO} of it and at most
     * {@link #OVERSHOOT_RATIO}.
     *
     * @param limit the cap
     * @param figurePerSecond bytes or I/Os per second, in the cap's unit ({@link IoLimit#kind()})
     * @return true when the figure reached the cap; false for NaN
     */
    static boolean isReachedBy(IoLimit limit, double figurePerSecond) {
        return figurePerSecond >= REACHED_RATIO * limit.perSecond()
                && figurePerSecond <= OVERSHOOT_RATIO * limit.perSecond();
    }

    /**
     * The caps of a direction that a pass's figures reached ({@link #isReachedBy}): each byte cap
     * by the throughput, each I/O cap by the IOPS, or where those fall short, by the requests per
     * second the device completed (the throttle counts the I/Os the block layer split a large
     * block into). An I/O cap the device's requests per second passed by more than
     * {@link #OVERSHOOT_RATIO} did not hold the pass, whatever its IOPS (4 MiB blocks read at 362
     * per second, each split into 7 requests, are not held by a cap of 400 IOPS). A figure that
     * is NaN reaches nothing.
     *
     * @param limits the target's cgroup limits
     * @param direction the pass's direction
     * @param bytesFigure which figure {@code bytesPerSecond} is
     * @param bytesPerSecond the pass's throughput
     * @param iosFigure which figure {@code iosPerSecond} is
     * @param iosPerSecond the pass's IOPS
     * @param deviceRequestsPerSecond the device's requests per second, or NaN
     * @return the figures at a cap, in the caps' order
     */
    static List<IoLimitReached> reachedBy(CgroupLimits limits, IoLimit.Direction direction,
            IoLimitReached.Figure bytesFigure, double bytesPerSecond,
            IoLimitReached.Figure iosFigure, double iosPerSecond, double deviceRequestsPerSecond) {
        List<IoLimitReached> found = new ArrayList<>();
        for (IoLimit l : limits.io()) {
            if (l.direction() != direction) {
                continue;
            }
            boolean bytes = l.kind() == IoLimit.Kind.BANDWIDTH;
            double figure = bytes ? bytesPerSecond : iosPerSecond;
            if (!bytes && deviceRequestsPerSecond > OVERSHOOT_RATIO * l.perSecond()) {
                continue; // the device did more I/Os than the cap lets through: it did not hold
            }
            if (isReachedBy(l, figure)) {
                found.add(new IoLimitReached(bytes ? bytesFigure : iosFigure, figure, l));
            } else if (!bytes && isReachedBy(l, deviceRequestsPerSecond)) {
                found.add(new IoLimitReached(IoLimitReached.Figure.DEVICE_REQUESTS,
                        deviceRequestsPerSecond, l));
            }
        }
        return found;
    }
}
