package io.github.drivespeed.report.medium;

import java.util.Objects;

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
 * @param drop where the rate fell: bytes and time before the drop (the cache's size, as far as
 *     this pass shows), the rate before it (the burst rate) and after it
 * @param cause which cache filled
 * @since 0.1.0
 */
public record CacheCliff(RateDrop drop, Cause cause) {

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
     * Checks the values.
     *
     * @param drop where the write rate fell
     * @param cause which cache filled
     * @throws NullPointerException if either is null
     */
    public CacheCliff {
        Objects.requireNonNull(drop, "drop");
        Objects.requireNonNull(cause, "cause");
    }

    /**
     * For example {@code fell after 100.7 MB (96.0 MiB) (0.48 s) from 201.3 MB/s (192.0 MiB/s) to 10.5 MB/s
     * (10.0 MiB/s), 19.2x slower}.
     */
    @Override
    public String toString() {
        return drop.toString();
    }
}
