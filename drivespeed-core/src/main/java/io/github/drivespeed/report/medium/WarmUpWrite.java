package io.github.drivespeed.report.medium;

import io.github.drivespeed.internal.figures.SizeText;
import io.github.drivespeed.unit.Nanoseconds;
import io.github.drivespeed.unit.Throughput;
import io.github.drivespeed.warning.Warning;
import java.util.Locale;

/**
 * The untimed warm-up's write pass of a sequential test (rule 4: the same code path, run first
 * on a file of its own, min(pass, 64 MiB), deleted before the measured runs): its bytes and its
 * time, every write and the closing fdatasync, as a measured write pass is timed. Its figure is
 * left out of every statistic (the code was not yet compiled), but it wrote blocks the test file
 * had not used before; the measured runs' files then mostly take the blocks it freed. On a medium
 * slow only on the first write to a block (thin provisioning, flash that erases before its first
 * write), the warm-up is therefore the one pass that writes new blocks, and
 * {@link Warning#FIRST_WRITES_SLOWER} compares it with the measured runs ({@link #slowerThan}):
 * a medium that wrote the warm-up's new blocks at a slower rate than the runs rewrote them, by a
 * second or more in all.
 * Immutable.
 *
 * @param bytes bytes the warm-up wrote
 * @param elapsedNanos its time, from its first write to the end of its fdatasync
 * @since 0.1.0
 */
public record WarmUpWrite(long bytes, long elapsedNanos) {

    /**
     * The least a warm-up must write for its rate to be compared: 8 MiB, what a write cliff needs
     * before it ({@code CliffDetector}); less is a drive's DRAM buffer, or a hiccup.
     */
    public static final long MIN_COMPARED_BYTES = 8L << 20;

    /**
     * Checks the values.
     *
     * @param bytes more than 0
     * @param elapsedNanos more than 0
     * @throws IllegalArgumentException if not
     */
    public WarmUpWrite {
        if (bytes <= 0 || elapsedNanos <= 0) {
            throw new IllegalArgumentException("need bytes > 0 and elapsedNanos > 0: " + bytes
                    + ", " + elapsedNanos);
        }
    }

    /** {@return its rate: bytes over time} */
    public Throughput throughput() {
        return Throughput.ofBytesOverNanos(bytes, elapsedNanos);
    }

    /**
     * The least time the warm-up must have lost against the measured runs' rate for
     * {@link #slowerThan} to count it: 1 s. A warm-up pays once for what no measured run pays
     * again (the pass's code compiled, the file system's block bitmaps loaded): on the
     * development machine 0.1 to 0.2 s over what the runs' median predicts for its bytes (a
     * loop device over memory at 1 to 3 GB/s, a virtual disk at 0.5 to 0.9 GB/s), where it
     * wrote at 0.2 to 1.2 times the runs' median; a second is five times that, as a stall is a
     * second without a completion.
     */
    public static final long MIN_LOST_NANOS = 1_000_000_000L;

    /**
     * {@return whether the warm-up (new blocks) wrote clearly slower than the measured runs'
     * median: below {@value Warning#FIRST_WRITES_SLOWER_PERCENT} % of it (half, the rule of a
     * write cliff), having written at least {@link #MIN_COMPARED_BYTES} and taken at least
     * {@link #MIN_LOST_NANOS} longer than the median rate gives for its bytes (what a warm-up
     * pays once does not add up to that)}
     *
     * @param timedMedian the measured write passes' median
     */
    public boolean slowerThan(Throughput timedMedian) {
        double median = timedMedian.bytesPerSecond();
        return bytes >= MIN_COMPARED_BYTES
                && throughput().bytesPerSecond() * 100 < median * Warning.FIRST_WRITES_SLOWER_PERCENT
                && elapsedNanos - bytes / median * 1e9 >= MIN_LOST_NANOS;
    }

    /** For example {@code warm-up wrote 67.1 MB (64.0 MiB) in 4.001 s: 16.8 MB/s (16.0 MiB/s)}. */
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "warm-up wrote %s in %s: %s",
                SizeText.megabytes(bytes), Nanoseconds.format(elapsedNanos), throughput());
    }
}
