package io.github.drivespeed.report.medium;

import io.github.drivespeed.internal.figures.SizeText;
import io.github.drivespeed.unit.Nanoseconds;
import io.github.drivespeed.unit.Throughput;
import java.util.Locale;

/**
 * Where a pass's rate fell below half of what it was and stayed there until the pass ended: for a
 * read pass, thermal throttling, a drive's background work (garbage collection, a media scan) or a
 * slower zone; located from the completion time of every block (see {@link CacheCliff} for the
 * write pass's counterpart). An immutable value.
 *
 * <p>The rule (half, and every part after it below half) is the write-cache cliff's: a steady
 * medium varies by a few percent from window to window, so a fall to under half that lasts to the
 * end of the pass is a second speed, not noise; a dip that recovers is not a drop (a long one is a
 * {@link Stall}).
 *
 * @param bytesBeforeDrop bytes moved before the drop: its offset from the pass's first block
 * @param nanosBeforeDrop time from the start of the pass to the drop, nanoseconds
 * @param bytesPerSecondBefore the rate before the drop, bytes per second
 * @param bytesPerSecondAfter the rate after it, bytes per second
 * @since 0.1.0
 */
public record RateDrop(long bytesBeforeDrop, long nanosBeforeDrop, double bytesPerSecondBefore,
        double bytesPerSecondAfter) {

    /**
     * Checks the values.
     *
     * @param bytesBeforeDrop bytes moved before the drop, {@code > 0}
     * @param nanosBeforeDrop time to the drop, {@code > 0}
     * @param bytesPerSecondBefore the rate before, {@code > 0}
     * @param bytesPerSecondAfter the rate after, {@code >= 0}
     * @throws IllegalArgumentException if a figure is out of range
     */
    public RateDrop {
        if (bytesBeforeDrop <= 0 || nanosBeforeDrop <= 0 || !(bytesPerSecondBefore > 0)
                || !(bytesPerSecondAfter >= 0)) {
            throw new IllegalArgumentException("a rate drop needs bytes and time before it and"
                    + " rates: " + bytesBeforeDrop + " B, " + nanosBeforeDrop + " ns, "
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
     * For example {@code fell after 67.1 MB (64.0 MiB) (2.00 s) from 33.6 MB/s (32.0 MiB/s) to
     * 3.4 MB/s (3.2 MiB/s), 10.0x slower}.
     */
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "fell after %s (%s) from %s to %s, %.1fx slower",
                SizeText.megabytes(bytesBeforeDrop), Nanoseconds.format(nanosBeforeDrop),
                before(), after(), dropFactor());
    }
}
