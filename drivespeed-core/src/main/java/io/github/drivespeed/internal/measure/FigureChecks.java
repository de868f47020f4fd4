package io.github.drivespeed.internal.measure;

import io.github.drivespeed.internal.figures.Thresholds;
import io.github.drivespeed.report.DeviceIo;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.warning.Warning;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The warnings a pass's runs call for by what they were rather than by what a cache did: a write
 * whose durability no disk was asked for ({@link Warning#FLUSH_NOT_SENT}), and a run too short for
 * its figure to be stable ({@link Warning#PASS_TOO_SHORT}).
 */
public final class FigureChecks {

    private FigureChecks() {
    }

    /**
     * {@return {@link Warning#FLUSH_NOT_SENT} when a run of a write pass that asked for durability
     * (every timed write pass ends in fdatasync) wrote to a disk at the bottom of the target's
     * chain that was not asked to make it durable ({@link DeviceIo#unflushed}); empty otherwise,
     * and where the disks' counters were not read}
     *
     * @param writes the runs of a write pass (or a workload's writes)
     * @param dsync whether the writes were O_DSYNC (a FUA write then asks with the write itself)
     */
    public static Set<Warning> flushWarnings(List<Sample> writes, boolean dsync) {
        for (Sample s : writes) {
            if (s.accounting().deviceIo().filter(d -> !d.unflushed(dsync).isEmpty()).isPresent()) {
                return EnumSet.of(Warning.FLUSH_NOT_SENT);
            }
        }
        return EnumSet.noneOf(Warning.class);
    }

    /**
     * {@return {@link Warning#PASS_TOO_SHORT} when a timed run lasted less than
     * {@value Warning#MIN_PASS_MILLIS} ms or moved fewer than {@value Warning#MIN_PASS_BLOCKS}
     * blocks ({@link Thresholds#passTooShort}); empty otherwise}
     *
     * @param runs the timed runs of one pass (never a warm-up's)
     */
    public static Set<Warning> lengthWarnings(List<Sample> runs) {
        return runs.stream().anyMatch(s -> Thresholds.passTooShort(s.elapsedNanos(), s.ios()))
                ? EnumSet.of(Warning.PASS_TOO_SHORT) : EnumSet.noneOf(Warning.class);
    }
}
