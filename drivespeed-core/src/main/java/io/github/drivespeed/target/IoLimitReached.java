package io.github.drivespeed.target;

import java.util.Locale;
import java.util.Objects;

/**
 * A figure held to an I/O cap of the process's cgroup: from 90 % to 110 % of the cap
 * ({@link io.github.drivespeed.warning.Warning#CGROUP_IO_LIMIT}), so the cap, not the drive, is
 * the limit of that figure. The pass is the cap's direction: reads for a read cap,
 * writes for a write cap. An immutable value.
 *
 * @param figure which figure of the pass
 * @param perSecond the figure, in the cap's unit: bytes per second for a byte cap, I/Os (or the
 *     device's requests) per second for an I/O cap
 * @param limit the cap it reached
 * @since 0.1.0
 */
public record IoLimitReached(Figure figure, double perSecond, IoLimit limit) {

    /**
     * Which figure of a pass reached the cap.
     *
     * @since 0.1.0
     */
    public enum Figure {
        /** The median of the runs: throughput for a byte cap, IOPS for an I/O cap. */
        MEDIAN("median"),
        /**
         * The requests per second the device completed in the pass's direction (the median of
         * the runs, from its kernel counters): the throttle counts I/Os after the block layer
         * splits them (kernel 5.19 on), which a large block's one I/O is not.
         */
        DEVICE_REQUESTS("device requests"),
        /** A sustained write's rate before its cache filled, or its whole rate without a drop. */
        BURST("burst"),
        /** A sustained write's rate after its cache filled. */
        SUSTAINED("sustained"),
        /** A sustained write's IOPS over the whole pass. */
        OVERALL("overall");

        private final String label;

        Figure(String label) {
            this.label = label;
        }

        /** {@return the figure's name for people, for example {@code device requests}} */
        public String label() {
            return label;
        }
    }

    /**
     * Checks the values.
     *
     * @param figure which figure
     * @param perSecond the figure, finite and not negative
     * @param limit the cap
     * @throws IllegalArgumentException if the figure is not finite or negative
     * @throws NullPointerException if an object is null
     */
    public IoLimitReached {
        Objects.requireNonNull(figure, "figure");
        Objects.requireNonNull(limit, "limit");
        if (!(perSecond >= 0) || Double.isInfinite(perSecond)) {
            throw new IllegalArgumentException("perSecond must be finite and >= 0: " + perSecond);
        }
    }

    /** {@return the figure over the cap: 1.0 at the cap} */
    public double ratio() {
        return perSecond / limit.perSecond();
    }

    /**
     * For example {@code write median 8.38 MB/s (7.99 MiB/s) is 100 % of the cap: writes capped
     * at 8.39 MB/s (8.00 MiB/s) on loop1 (7:1) by cgroup v1 /app
     * (blkio.throttle.write_bps_device)}.
     */
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s %s %s is %.0f %% of the cap: %s",
                limit.direction().name().toLowerCase(Locale.ROOT), figure.label(),
                limit.format(perSecond), 100 * ratio(), limit);
    }
}
