package io.github.drivespeed.report;

import io.github.drivespeed.report.medium.CacheCliff;
import io.github.drivespeed.parameters.SustainedParameters;
import io.github.drivespeed.report.text.ReportText;
import io.github.drivespeed.target.CgroupLimits;
import io.github.drivespeed.target.IoLimit;
import io.github.drivespeed.target.IoLimitReached;
import io.github.drivespeed.target.IoLimitReached.Figure;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.unit.Nanoseconds;
import io.github.drivespeed.unit.Throughput;
import io.github.drivespeed.warning.Warning;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The result of a sustained write ({@link io.github.drivespeed.DriveSpeed#sustained}): one long
 * write pass, with no warm-up writes before it, that ran past the drive's write cache. It says the
 * burst rate (while the cache took the writes), the cache size (bytes written before the rate
 * fell, located from each block's completion time) and the sustained rate after it, which is what
 * the SD Association's speed classes (C, U, V) promise. Immutable.
 *
 * @param target what was measured
 * @param parameters the settings the pass ran with: block size, bounds, idle time, O_DIRECT
 * @param backend the backend that ran
 * @param write the whole pass: bytes, time (every write and the closing fdatasync), latency,
 *     timeline and the cliff, if the rate fell
 * @param stop why the pass ended
 * @param warnings the target's warnings and the pass's
 * @param startedAt when the test started
 * @since 0.1.0
 */
public record SustainedReport(TargetInfo target, SustainedParameters parameters,
        BackendInfo backend, Sample write, Stop stop, Set<Warning> warnings, Instant startedAt)
        implements Report {

    /**
     * Why the pass ended.
     *
     * @since 0.1.0
     */
    public enum Stop {
        /** The rate fell and then held steady for the steady time: the sustained rate is known. */
        STEADY_AFTER_DROP,
        /** The time bound was reached first. */
        DURATION,
        /** The size bound (the size given, 8 GiB, or the free space allowed) was reached first. */
        SIZE
    }

    /**
     * Checks that every value is there.
     *
     * @param target what was measured
     * @param parameters the settings used
     * @param backend the backend that ran
     * @param write the pass
     * @param stop why it ended
     * @param warnings what may make the figures differ from the drive's own
     * @param startedAt when the test started
     * @throws NullPointerException if a value is null
     */
    public SustainedReport {
        ReportChecks.requireCommon(target, parameters, backend, startedAt);
        Objects.requireNonNull(write, "write");
        Objects.requireNonNull(stop, "stop");
        warnings = Collections.unmodifiableSet(warnings.isEmpty()
                ? EnumSet.noneOf(Warning.class) : EnumSet.copyOf(warnings));
    }

    /** {@return bytes per write: {@link SustainedParameters#blockSize()}} */
    public DataSize blockSize() {
        return parameters.blockSize();
    }

    /** {@return whether the writes were O_DIRECT: {@link SustainedParameters#direct()}} */
    public boolean direct() {
        return parameters.direct();
    }

    /** {@return the verdict on the pass: flagged when a cache served it or the drive was shared} */
    @Override
    public Verdict verdict() {
        return Verdict.of(warnings);
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visit(this);
    }

    /**
     * {@return the burst or sustained rate, or the pass's IOPS, held to a write cap of the
     * cgroup (from 90 % to 110 % of a cap); {@link Warning#CGROUP_IO_LIMIT} is then among the
     * warnings}
     */
    public List<IoLimitReached> ioLimitsReached() {
        CgroupLimits limits = target.cgroupLimits();
        IoLimit.Direction w = IoLimit.Direction.WRITE;
        List<IoLimitReached> found = new ArrayList<>(IoLimitChecks.reachedBy(limits, w,
                Figure.BURST, burst().bytesPerSecond(), Figure.OVERALL,
                write.ios() == 0 ? Double.NaN : write.iops(), Double.NaN));
        sustained().ifPresent(s -> found.addAll(IoLimitChecks.reachedBy(limits, w,
                Figure.SUSTAINED, s.bytesPerSecond(), Figure.OVERALL, Double.NaN, Double.NaN)));
        return found;
    }

    /** {@return whether the rate fell below half and stayed there: the cache was exceeded} */
    public boolean cacheExceeded() {
        return write.findings().cacheCliff().isPresent();
    }

    /**
     * {@return bytes written before the rate fell (the write cache's size); empty when the cache
     * was not exceeded within the bounds}
     */
    public OptionalLong cacheBytes() {
        return write.findings().cacheCliff().map(c -> OptionalLong.of(c.drop().bytesBeforeDrop()))
                .orElse(OptionalLong.empty());
    }

    /** {@return the rate before the drop; the whole pass's rate when there was none} */
    public Throughput burst() {
        return write.findings().cacheCliff().map(c -> c.drop().before()).orElseGet(write::throughput);
    }

    /**
     * The drive's sustained write speed, where this write shows it (rule 8: a sustained figure
     * comes only from a write past the drive's write cache):
     * <ul>
     *   <li>the rate fell ({@link #cacheExceeded()}): the rate after the drop;</li>
     *   <li>it did not, and the write {@linkplain #heldToTheDefaultExtent() held its rate as
     *       far as a sustained write of the default bounds goes}: the whole write's rate. No
     *       cache showed in all of it, so the rate it held is the one the drive sustains;</li>
     *   <li>it did not, and a smaller size or time given cut the write short: empty. Its rate is
     *       a burst figure: a cache larger than what it wrote would not have shown.</li>
     * </ul>
     *
     * @return the sustained rate, or empty when this write does not show it
     */
    public Optional<Throughput> sustained() {
        if (cacheExceeded()) {
            return write.findings().cacheCliff().map(c -> c.drop().after());
        }
        return heldToTheDefaultExtent() ? Optional.of(write.throughput()) : Optional.empty();
    }

    /**
     * Whether the write, with no drop, went as far as a sustained write of the default bounds:
     * it wrote at least {@linkplain SustainedParameters#defaultExtentBytes(long) 8 GiB or half the
     * free space before it} (whichever is less; the free space as {@link TargetInfo#usableSpaceBytes()}
     * recorded it, less one block for the whole blocks written), or it wrote for at least
     * {@link SustainedParameters#DEFAULT_DURATION 120 s}. Why that far: a flash drive's dynamic
     * write cache is its free space written one bit per cell, so on the TLC and QLC flash of
     * today's cards and SSDs (three or four bits per cell) it holds at most a third of the free
     * space, less than this write. No bounded write can tell a cache larger than itself from the
     * drive's own rate; a larger size or longer time given reaches further.
     *
     * @return true when the rate did not fall and the write went that far
     */
    public boolean heldToTheDefaultExtent() {
        if (cacheExceeded()) {
            return false;
        }
        long extent = SustainedParameters.defaultExtentBytes(target.usableSpaceBytes());
        return write.bytes() + blockSize().bytes() > extent
                || write.elapsedNanos() >= SustainedParameters.DEFAULT_DURATION.toNanos();
    }

    /**
     * For example {@code sustained write 20.1 MB/s after a 100.7 MB (96.0 MiB) cache at 201.3
     * MB/s (O_DIRECT, 1 MiB blocks, 2147.5 MB (2048.0 MiB) in 60.000 s)}; where no cache was
     * found, {@code sustained
     * write 80.2 MB/s, no cache found (...)}; where the write stopped before the rate fell,
     * {@code write 80.2 MB/s, cache not exceeded: sustained rate not known (...)}.
     */
    @Override
    public String summary() {
        String figures;
        if (cacheExceeded()) {
            CacheCliff c = write.findings().cacheCliff().get();
            figures = "sustained write " + ReportText.megabytesPerSecond(c.drop().after())
                    + " after a " + DeviceIo.formatBytes(c.drop().bytesBeforeDrop())
                    + " cache at " + ReportText.megabytesPerSecond(c.drop().before());
        } else if (heldToTheDefaultExtent()) {
            figures = "sustained write " + ReportText.megabytesPerSecond(write.throughput())
                    + ", no cache found";
        } else {
            figures = "write " + ReportText.megabytesPerSecond(write.throughput())
                    + ", cache not exceeded: sustained rate not known";
        }
        return ReportText.oneLine(figures, (direct() ? "O_DIRECT" : "buffered") + ", "
                + blockSize() + " blocks, " + DeviceIo.formatBytes(write.bytes()) + " in "
                + Nanoseconds.format(write.elapsedNanos()), verdict(),
                target.warnings());
    }

    /** {@return {@link #summary()}: the answer in one line} */
    @Override
    public String toString() {
        return summary();
    }

    /** For example {@code sustained write: burst 201.3 MB/s (...), cache 100.7 MB (96.0 MiB), ...}. */
    @Override
    public String details() {
        StringBuilder sb = new StringBuilder(target.details());
        long idleBeforeNanos = parameters.idleFirst().toNanos();
        sb.append("parameters: sustained write, ").append(blockSize()).append(" blocks, ")
                .append(direct() ? "O_DIRECT" : "buffered").append(", no warm-up, random data")
                .append(idleBeforeNanos > 0 ? ", idle " + Nanoseconds.format(idleBeforeNanos)
                        + " before" : "").append('\n');
        sb.append("backend:    ").append(backend).append('\n');
        sb.append("written:    ").append(DeviceIo.formatBytes(write.bytes())).append(" in ")
                .append(Nanoseconds.format(write.elapsedNanos())).append(" (")
                .append(write.throughput()).append(" overall), ended: ")
                .append(stop.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '))
                .append('\n');
        if (cacheExceeded()) {
            CacheCliff c = write.findings().cacheCliff().get();
            sb.append("burst:      ").append(c.drop().before()).append('\n');
            sb.append("cache:      ").append(DeviceIo.formatBytes(c.drop().bytesBeforeDrop()))
                    .append(" written before the rate fell, after ")
                    .append(Nanoseconds.format(c.drop().nanosBeforeDrop())).append('\n');
            sb.append("sustained:  ").append(c.drop().after()).append('\n');
        } else if (heldToTheDefaultExtent()) {
            sb.append("burst:      ").append(write.throughput()).append('\n');
            sb.append("cache:      none found: the rate held over the whole write, as far as a"
                    + " sustained test goes (8 GiB or half the free space, or 120 s)\n");
            sb.append("sustained:  ").append(write.throughput()).append('\n');
        } else {
            sb.append("burst:      ").append(write.throughput()).append('\n');
            sb.append("cache:      not exceeded: the rate did not fall within the bounds given,"
                    + " short of a sustained test's (8 GiB or half the free space, or 120 s), so"
                    + " the sustained rate is not known (at least the rate above)\n");
        }
        ReportText.appendWarnings(sb, warnings, target.link(), List.of(), Optional.empty(),
                target.removedLeftovers(), ioLimitsReached());
        return sb.toString();
    }
}
