package io.github.drivespeed.report.medium;

import io.github.drivespeed.unit.Throughput;

/**
 * Where a write pass's rate fell and stayed low: the point after which every part of the pass ran
 * below half the rate before it, as when a fast write cache fills. Which cache it was is the
 * {@link #cause()}: with O_DIRECT (or O_DSYNC) the drive's own (an SLC cache, a DRAM buffer); with
 * buffered writes the page cache, whose writer the kernel starts to throttle once its dirty limit
 * is reached ({@code vm.dirty_bytes} or {@code vm.dirty_ratio}, or the device's write-back limit
 * {@code /sys/class/bdi/MAJ:MIN/max_bytes} / {@code max_ratio}; kernel doc
 * Documentation/admin-guide/sysctl/vm.rst and ABI/testing/sysfs-class-bdi). Located from the
 * completion time of every block written (the closing fdatasync left out), not from the 500 ms
 * timeline. An immutable value.
 *
 * @param bytesBeforeDrop bytes written before the drop: the cache's size, as far as this pass shows
 * @param nanosBeforeDrop time from the start of the pass to the drop, nanoseconds
 * @param bytesPerSecondBefore the rate before the drop, bytes per second (the burst rate)
 * @param bytesPerSecondAfter the rate after it, bytes per second
 * @param cause which cache filled
 * @since 0.1.0
 */
public record CacheCliff(long bytesBeforeDrop, long nanosBeforeDrop, double bytesPerSecondBefore,
        double bytesPerSecondAfter, Cause cause) {

    /**
     * Which cache filled.
     *
     * @since 0.1.0
     */
    public enum Cause {
        /** The drive's write cache (the pass wrote with O_DIRECT or O_DSYNC). */
        DRIVE_WRITE_CACHE("the drive's write cache filled"),
        /**
         * The page cache's dirty limit (the pass wrote buffered): from there on the writer runs at
         * the device's write-back rate, whatever cache the drive has.
         */
        PAGE_CACHE("the page cache's dirty limit was reached");

        private final String description;

        Cause(String description) {
            this.description = description;
        }

        /** {@return what happened, for example {@code the drive's write cache filled}} */
        public String description() {
            return description;
        }
    }

    /**
     * {@return a cliff of {@code cause} at a drop}
     *
     * @param drop where the write rate fell
     * @param cause which cache filled
     */
    public static CacheCliff of(RateDrop drop, Cause cause) {
        return new CacheCliff(drop.bytesBeforeDrop(), drop.nanosBeforeDrop(),
                drop.bytesPerSecondBefore(), drop.bytesPerSecondAfter(), cause);
    }

    /**
     * Checks the values.
     *
     * @param bytesBeforeDrop bytes written before the drop, {@code > 0}
     * @param nanosBeforeDrop time to the drop, {@code > 0}
     * @param bytesPerSecondBefore the rate before, {@code > 0}
     * @param bytesPerSecondAfter the rate after, {@code >= 0}
     * @param cause which cache filled
     * @throws IllegalArgumentException if a figure is out of range
     */
    public CacheCliff {
        java.util.Objects.requireNonNull(cause, "cause");
        // the same figures, checked as a drop's
        new RateDrop(bytesBeforeDrop, nanosBeforeDrop, bytesPerSecondBefore, bytesPerSecondAfter);
    }

    /** {@return the same figures as a rate drop} */
    public RateDrop drop() {
        return new RateDrop(bytesBeforeDrop, nanosBeforeDrop, bytesPerSecondBefore,
                bytesPerSecondAfter);
    }

    /** {@return the rate before the drop} */
    public Throughput before() {
        return drop().before();
    }

    /** {@return the rate after the drop} */
    public Throughput after() {
        return drop().after();
    }

    /** {@return how many times slower the pass ran after the drop: before / after} */
    public double dropFactor() {
        return drop().dropFactor();
    }

    /**
     * For example {@code fell after 100.7 MB (96.0 MiB) (0.48 s) from 201.3 MB/s (192.0 MiB/s) to 10.5 MB/s
     * (10.0 MiB/s), 19.2x slower}.
     */
    @Override
    public String toString() {
        return drop().toString();
    }
}
