package io.github.drivespeed.report.medium;

import io.github.drivespeed.internal.figures.SizeText;
import io.github.drivespeed.unit.Nanoseconds;
import java.util.Locale;

/**
 * The longest time a pass made no progress, when it was a stall: no block completed for at least
 * 1 s and for at least 10 times the pass's
 * median block time. A drive-managed SMR disk cleaning its media cache, an SSD's garbage
 * collection or a card's housekeeping holds writes for seconds this way; the pass's rate hides
 * it, and for a recorder whose buffer holds a few seconds of data it is the figure that matters.
 * An immutable value.
 *
 * <p>Why 1 s: the SD Physical Layer Specification lets a card be busy with one write block for
 * at most 250 ms (SDSC, SDHC) or 500 ms (SDXC) before the host may treat it as failed, and a
 * hard disk's seek plus a rotation is tens of milliseconds: 1 s without a completion is past what
 * any healthy medium needs for one request. Why 10 times the median: a pass of large blocks on a
 * slow medium takes long per block by design (a 64 MiB block at 30 MB/s takes 2.2 s), and a
 * healthy drive's slowest block of a pass (a seek, a remapped sector, its DRAM buffer written
 * out) stays within a few times its median; only a pause an order of magnitude beyond the pass's
 * own pace is a stall. (20 times missed a 1.5 s stall among 4 MiB blocks that took 86 ms each.)
 *
 * @param noProgressNanos the longest interval without a completed block, nanoseconds: from the
 *     previous block's completion (or the pass's start) to the stalled block's
 * @param startedAtNanos when that interval began, nanoseconds from the start of the pass
 * @param offsetBytes the offset, in the file or device, of the block that was in flight
 * @param medianBlockNanos the pass's median time between two completed blocks, nanoseconds
 * @param worstBlockNanos the longest single block's latency in the pass (fio's {@code lat} max),
 *     nanoseconds
 * @since 0.1.0
 */
public record Stall(long noProgressNanos, long startedAtNanos, long offsetBytes,
        long medianBlockNanos, long worstBlockNanos) {

    /**
     * Checks the values.
     *
     * @param noProgressNanos the longest interval without progress, {@code > 0}
     * @param startedAtNanos its start, {@code >= 0}
     * @param offsetBytes the stalled block's offset, {@code >= 0}
     * @param medianBlockNanos the median block time, {@code >= 0}
     * @param worstBlockNanos the worst block's latency, {@code >= 0}
     * @throws IllegalArgumentException if a figure is out of range
     */
    public Stall {
        if (noProgressNanos <= 0 || startedAtNanos < 0 || offsetBytes < 0
                || medianBlockNanos < 0 || worstBlockNanos < 0) {
            throw new IllegalArgumentException("a stall needs a duration, a start, an offset and"
                    + " block times: " + noProgressNanos + " ns at " + startedAtNanos + " ns, "
                    + offsetBytes + " B, " + medianBlockNanos + " ns, " + worstBlockNanos + " ns");
        }
    }

    /**
     * For example {@code no block completed for 2.00 s from 1.03 s into the pass, at offset
     * 33.6 MB (32.0 MiB); the worst block took 2.00 s against a median of 31.25 ms}.
     */
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "no block completed for %s from %s into the pass, at"
                + " offset %s; the worst block took %s against a median of %s",
                Nanoseconds.format(noProgressNanos), Nanoseconds.format(startedAtNanos),
                SizeText.megabytes(offsetBytes), Nanoseconds.format(worstBlockNanos),
                Nanoseconds.format(medianBlockNanos));
    }
}
