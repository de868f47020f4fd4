package io.github.drivespeed.report;

import io.github.drivespeed.report.medium.DataLossKind;
import io.github.drivespeed.report.medium.FirstLoss;
import io.github.drivespeed.parameters.CapacityProbeParameters;
import io.github.drivespeed.report.medium.CacheEstimate;
import io.github.drivespeed.report.medium.MediumKind;
import io.github.drivespeed.report.text.ReportText;
import io.github.drivespeed.target.DeviceInfo;
import io.github.drivespeed.unit.Nanoseconds;
import io.github.drivespeed.warning.Warning;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * What the destructive capacity probe of a block device found
 * ({@link io.github.drivespeed.CapacityProbePlan#run()}): the highest offset that holds its own
 * data, the kind of medium, the wrap-around period of one that wraps, and what the probe cost.
 * Offsets and sizes in bytes, time in nanoseconds. Immutable.
 *
 * @param target the device probed (as given), with the size it reports
 * @param parameters the settings the probe ran with
 * @param backend the I/O backend that ran
 * @param usableBytes bytes from offset 0 that hold their own data: the real capacity, to within
 *     one probe unit ({@code unitBytes}); for {@link MediumKind#ALIASED} only its upper bound
 *     (of any two offsets found sharing a place, the higher lies at or past the real size, so
 *     the least such higher offset; how much below it holds its data a probe of units at no one
 *     period does not tell)
 * @param kind what the medium is
 * @param wrapPeriodBytes for {@link MediumKind#WRAP}, the period in bytes after which offsets
 *     alias: every offset found holding another's data was a whole number of periods from it;
 *     empty for every other kind
 * @param loss where the medium lost what was written: the first bad offset, the first failed
 *     write, the bad regions; none of them (empty) for a genuine medium
 * @param effort what the probe cost: its unit, the bytes it wrote and read, its rounds and time
 * @param startedAt when it started
 * @param cacheRuledOutBytes the least the probe wrote elsewhere between writing any unit it
 *     judged and reading it back: a cache of recent writes up to this size cannot have served
 *     the read-back (f3probe's method); a larger one is not ruled out
 * @param cacheEstimate for {@link MediumKind#LIMBO} and {@link MediumKind#WRAP}, how much of the
 *     most recent writes past the usable size read back as written (f3probe's "Approximate cache
 *     size"); empty for other kinds, or where writing past the usable size failed
 * @since 0.1.0
 */
public record CapacityProbeReport(DeviceInfo target, CapacityProbeParameters parameters,
        BackendInfo backend, long usableBytes, MediumKind kind, OptionalLong wrapPeriodBytes,
        Loss loss,
        Effort effort, Instant startedAt, long cacheRuledOutBytes,
        Optional<CacheEstimate> cacheEstimate) implements Report {

    /**
     * The bad regions whose both edges the probe narrows to one unit (all of them in the same
     * rounds); the others to a grid step.
     */
    public static final int REFINED_RANGES = 64;

    /**
     * A region that does not hold what is written there.
     *
     * @param offsetBytes where it starts, bytes from the start of the device
     * @param lengthBytes how long it is, bytes
     * @since 0.1.0
     */
    public record BadRange(long offsetBytes, long lengthBytes) {
        /**
         * Checks the values.
         *
         * @param offsetBytes where it starts, at least 0
         * @param lengthBytes how long, more than 0
         * @throws IllegalArgumentException if either is out of range
         */
        public BadRange {
            if (offsetBytes < 0 || lengthBytes <= 0) {
                throw new IllegalArgumentException("need offsetBytes >= 0 and lengthBytes > 0: "
                        + offsetBytes + ", " + lengthBytes);
            }
        }

        /** {@return where it ends: one past its last byte} */
        public long endBytes() {
            return offsetBytes + lengthBytes;
        }
    }

    /**
     * Where a probed medium lost what was written.
     *
     * @param firstLoss the lowest offset found not to hold its own data, how its data came
     *     back and, for {@link DataLossKind#ALIASED}, the offset whose data it held; empty when
     *     none was bad
     * @param firstWriteFailureOffsetBytes the lowest offset, in bytes, whose write failed with
     *     EIO; empty when none did
     * @param badRanges the regions found not to hold their data, lowest first: for a counterfeit
     *     medium one, from the usable size to the end; for a damaged one each hole, its edges
     *     within one unit where refined ({@link #REFINED_RANGES}), within a grid step elsewhere
     *
     * @since 0.1.0
     */
    public record Loss(Optional<FirstLoss> firstLoss, OptionalLong firstWriteFailureOffsetBytes,
            List<BadRange> badRanges) {

        /**
         * Checks the values.
         *
         * @param firstLoss the first bad offset and how it came back, or empty
         * @param firstWriteFailureOffsetBytes the lowest offset whose write failed, or empty
         * @param badRanges the regions that lose their data
         * @throws NullPointerException if an object field is null
         */
        public Loss {
            Objects.requireNonNull(firstLoss, "firstLoss");
            Objects.requireNonNull(firstWriteFailureOffsetBytes, "firstWriteFailureOffsetBytes");
            badRanges = List.copyOf(badRanges);
        }

        /**
         * {@return bytes in the regions found bad ({@link #badRanges()}): for a damaged medium
         * less than {@link CapacityProbeReport#missingBytes()}, as the regions after a hole hold
         * their data}
         */
        public long lostBytes() {
            return badRanges.stream().mapToLong(BadRange::lengthBytes).sum();
        }
    }

    /**
     * What a probe cost.
     *
     * @param unitBytes bytes per probe (the smallest region written and checked)
     * @param writtenBytes bytes the probe wrote
     * @param readBytes bytes it read back
     * @param rounds write-then-read rounds (each writes all its probes before reading any)
     * @param elapsedNanos the probe's running time
     *
     * @since 0.1.0
     */
    public record Effort(long unitBytes, long writtenBytes, long readBytes, int rounds,
            long elapsedNanos) { }

    /**
     * Checks the values.
     *
     * @param target the device probed
     * @param parameters the settings used
     * @param backend the I/O backend that ran
     * @param usableBytes bytes that hold their own data
     * @param kind what the medium is
     * @param wrapPeriodBytes the wrap-around period, or empty
     * @param loss where the medium lost what was written
     * @param effort what the probe cost
     * @param startedAt when it started
     * @param cacheRuledOutBytes the cache of recent writes ruled out, bytes
     * @param cacheEstimate the cache of recent writes found, or empty
     * @throws IllegalArgumentException if the figures contradict each other
     * @throws NullPointerException if an object field is null
     */
    public CapacityProbeReport {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(parameters, "parameters");
        Objects.requireNonNull(backend, "backend");
        long claimedBytes = target.sizeBytes();
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(loss, "loss");
        Objects.requireNonNull(effort, "effort");
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(cacheEstimate, "cacheEstimate");
        if (cacheEstimate.isPresent() && kind != MediumKind.LIMBO && kind != MediumKind.WRAP) {
            throw new IllegalArgumentException("a cache estimate goes with LIMBO and WRAP only: "
                    + kind);
        }
        if (cacheRuledOutBytes < 0) {
            throw new IllegalArgumentException("need cacheRuledOutBytes >= 0: "
                    + cacheRuledOutBytes);
        }
        if (usableBytes < 0 || usableBytes > claimedBytes) {
            throw new IllegalArgumentException("need 0 <= usableBytes <= claimedBytes: "
                    + usableBytes + ", " + claimedBytes);
        }
        Objects.requireNonNull(wrapPeriodBytes, "wrapPeriodBytes");
        if ((kind == MediumKind.WRAP) != (wrapPeriodBytes.orElse(0) > 0)
                || wrapPeriodBytes.orElse(1) <= 0) {
            throw new IllegalArgumentException("a wrap period goes with WRAP only: " + kind + ", "
                    + wrapPeriodBytes);
        }
    }

    /** {@return the device probed, as given: {@link DeviceInfo#device()}} */
    public Path device() {
        return target.device();
    }

    /** {@return the size the device reports: {@link DeviceInfo#sizeBytes()}} */
    public long claimedBytes() {
        return target.sizeBytes();
    }

    /**
     * {@return {@link Warning#DATA_LOSS} when the medium does not hold what it claims; else none
     * (the device's own warnings, {@link DeviceInfo#warnings()}, are about speed figures, which a
     * probe has none of)}
     */
    @Override
    public Set<Warning> warnings() {
        return genuine() ? Set.of() : Set.of(Warning.DATA_LOSS);
    }

    /**
     * {@return {@link Verdict.Outcome#COUNTERFEIT} for a medium that wraps, aliases or drops what
     * is written past its real size, {@link Verdict.Outcome#DATA_LOST} for a damaged one, measured
     * for a genuine one}
     */
    @Override
    public Verdict verdict() {
        return switch (kind) {
            case GENUINE -> Verdict.MEASURED;
            case WRAP, LIMBO, ALIASED -> new Verdict(Verdict.Outcome.COUNTERFEIT, warnings());
            case DAMAGED -> new Verdict(Verdict.Outcome.DATA_LOST, warnings());
        };
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visit(this);
    }

    /** {@return whether the medium holds what it claims} */
    public boolean genuine() {
        return kind == MediumKind.GENUINE;
    }

    /**
     * {@return bytes claimed but not usable from offset 0 on: all after {@link #usableBytes()}
     * (for {@link MediumKind#ALIASED}, all past its bound, which alias for certain)}
     */
    public long missingBytes() {
        return claimedBytes() - usableBytes;
    }

    /**
     * {@return whether the probe wrote
     * {@link CapacityProbeParameters#DEFAULT_CACHE_BOUND} or more between each
     * unit and its read-back; when not (a small device, or writes there failed), a cache of
     * recent writes larger than {@link #cacheRuledOutBytes()} could have hidden a loss}
     */
    public boolean defaultCacheRuledOut() {
        return cacheRuledOutBytes >= CapacityProbeParameters.DEFAULT_CACHE_BOUND.bytes();
    }

    /**
     * For example {@code /dev/sdb: usable 67108864 B (64.0 MiB) of 1073741824 B (1024.0 MiB)
     * claimed, kind limbo; first bad offset 67108864: all zeros (never stored); a cache of up to
     * 256.0 MiB ruled out (256.0 MiB written between each unit and its read-back); a cache of the
     * last 192.0 MiB written (to within 4096 B); probed in 5.21 s (3 rounds, ...)}.
     */
    @Override
    public String details() {
        return line() + "\n";
    }

    /**
     * For example {@code /dev/sdb: usable 64.0 MiB of 1024.0 MiB claimed, kind limbo
     * (COUNTERFEIT: see warnings)}.
     */
    @Override
    public String summary() {
        return ReportText.oneLine(String.format(Locale.ROOT,
                "%s: usable %s%.1f MiB of %.1f MiB claimed, kind %s", device(),
                kind == MediumKind.ALIASED ? "at most " : "", usableBytes / 1048576.0,
                claimedBytes() / 1048576.0, kind.label()), "", verdict());
    }

    /** {@return {@link #summary()}: the answer in one line} */
    @Override
    public String toString() {
        return summary();
    }

    private String line() {
        return String.format(Locale.ROOT,
                "%s: usable %s%d B (%.1f MiB) of %d B (%.1f MiB) claimed, kind %s%s%s%s; %s%s;"
                        + " probed in %s (%d round%s, %s written, %s read, %d B units)",
                device(), kind == MediumKind.ALIASED ? "at most " : "", usableBytes,
                usableBytes / 1048576.0, claimedBytes(),
                claimedBytes() / 1048576.0,
                kind.label(), wrapPeriodBytes.isPresent()
                        ? " (period " + wrapPeriodBytes.getAsLong() + " B)" : "",
                loss.firstLoss().map(f -> "; first bad offset " + f.offsetBytes() + ": "
                        + f.kind().description() + (f.foundOffsetBytes().isPresent()
                        ? ", holds the data written at offset " + f.foundOffsetBytes().getAsLong()
                        : "")).orElse(""),
                loss.firstWriteFailureOffsetBytes().isPresent()
                        ? "; writes fail with EIO from offset "
                        + loss.firstWriteFailureOffsetBytes().getAsLong() : "",
                cacheLine(), cacheEstimate.map(c -> "; " + c).orElse(""),
                Nanoseconds.format(effort.elapsedNanos()), effort.rounds(),
                effort.rounds() == 1 ? "" : "s", DeviceIo.formatBytes(effort.writtenBytes()),
                DeviceIo.formatBytes(effort.readBytes()), effort.unitBytes());
    }

    /**
     * {@return what the probe rules out of a cache of recent writes, for example {@code a cache
     * of up to 256.0 MiB ruled out (256.0 MiB written between each unit and its read-back)}; when
     * it wrote less than the bound asked for ({@link CapacityProbeParameters#cacheBound()}),
     * which larger cache it could not rule out and why}
     */
    public String cacheLine() {
        String mib = String.format(Locale.ROOT, "%.1f MiB", cacheRuledOutBytes / 1048576.0);
        String bound = String.format(Locale.ROOT, "%.1f MiB",
                parameters.cacheBound().bytes() / 1048576.0);
        if (cacheRuledOutBytes >= parameters.cacheBound().bytes()) {
            return "a cache of up to " + mib + " ruled out (" + mib
                    + " written between each unit and its read-back)";
        }
        if (cacheRuledOutBytes == 0) {
            return "a cache of recent writes could not be ruled out (every write meant to flush"
                    + " it failed)";
        }
        long unitBytes = effort.unitBytes();
        long smallDevice = claimedBytes() / 4 / unitBytes * unitBytes;
        return "a cache over " + mib + " could not be ruled out (" + (cacheRuledOutBytes
                >= smallDevice ? "the device is too small to write " + bound + " between a unit"
                + " and its read-back" : "writes between a unit and its read-back failed") + ")";
    }
}
