package io.github.drivespeed.report;

import io.github.drivespeed.unit.Nanoseconds;
import io.github.drivespeed.unit.Throughput;

/**
 * Where a write pass's rate fell and stayed low: the point after which every part of the pass ran
 * below half the rate before it, as when a drive's fast write cache (an SLC cache, a DRAM buffer,
 * the page cache's dirty limit) fills. Located from the completion time of every block written
 * (the closing fdatasync left out), not from the 500 ms timeline. An immutable value.
 *
 * @param bytesBeforeDrop bytes written before the drop: the cache's size, as far as this pass shows
 * @param nanosBeforeDrop time from the start of the pass to the drop, nanoseconds
 * @param bytesPerSecondBefore the rate before the drop, bytes per second (the burst rate)
 * @param bytesPerSecondAfter the rate after it, bytes per second
 */
public record CacheCliff(long bytesBeforeDrop, long nanosBeforeDrop, double bytesPerSecondBefore,
        double bytesPerSecondAfter) {

    /**
     * Checks the values.
     *
     * @param bytesBeforeDrop bytes written before the drop, {@code > 0}
     * @param nanosBeforeDrop time to the drop, {@code > 0}
     * @param bytesPerSecondBefore the rate before, {@code > 0}
     * @param bytesPerSecondAfter the rate after, {@code >= 0}
     * @throws IllegalArgumentException if a figure is out of range
     */
    public CacheCliff {
        if (bytesBeforeDrop <= 0 || nanosBeforeDrop <= 0 || !(bytesPerSecondBefore > 0)
                || !(bytesPerSecondAfter >= 0)) {
            throw new IllegalArgumentException("a cliff needs bytes and time before it and rates:"
                    + " " + bytesBeforeDrop + " B, " + nanosBeforeDrop + " ns, "
                    + bytesPerSecondBefore + " B/s, " + bytesPerSecondAfter + " B/s");
        }
    }

    /** {@return the rate before the drop} */
    public Throughput before() {
        return Throughput.ofBytesPerSecond(bytesPerSecondBefore);
    }

    /** {@return the rate after the drop} */
    public Throughput after() {
        return Throughput.ofBytesPerSecond(bytesPerSecondAfter);
    }

    /** {@return how many times slower the pass ran after the drop: before / after} */
    public double dropFactor() {
        return bytesPerSecondAfter == 0 ? Double.POSITIVE_INFINITY
                : bytesPerSecondBefore / bytesPerSecondAfter;
    }

    /**
     * For example {@code fell after 100.7 MB (96.0 MiB) (0.48 s) from 201.3 MB/s (192.0 MiB/s) to 10.5 MB/s
     * (10.0 MiB/s), 19.2x slower}.
     */
    @Override
    public String toString() {
        return String.format(java.util.Locale.ROOT, "fell after %s (%s) from %s to %s, %.1fx slower",
                DeviceIo.formatBytes(bytesBeforeDrop), Nanoseconds.format(nanosBeforeDrop),
                before(), after(), dropFactor());
    }
}
