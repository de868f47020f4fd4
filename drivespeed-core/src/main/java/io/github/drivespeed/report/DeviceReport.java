package io.github.drivespeed.report;

import io.github.drivespeed.parameters.DeviceParameters;
import io.github.drivespeed.report.medium.ConstantFill;
import io.github.drivespeed.report.text.ReportText;
import io.github.drivespeed.target.BlockDevice;
import io.github.drivespeed.target.DeviceInfo;
import io.github.drivespeed.target.IoLimitReached;
import io.github.drivespeed.target.Link;
import io.github.drivespeed.warning.Warning;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The result of a block-device test ({@link io.github.drivespeed.DevicePlan}): the device, how it
 * was measured, the read figures (and write figures, when it was written), the cached-read figure
 * when asked for, and everything that may make them differ from the drive's own speed. Immutable.
 *
 * @param target the device measured (symbolic links resolved): its size, logical block size,
 *     sysfs description and warnings
 * @param parameters the settings the test ran with
 * @param backend the I/O backend that ran
 * @param write the write pass, present only when the device was written
 *     ({@link io.github.drivespeed.DevicePlan#write()})
 * @param read the read pass: {@code hdparm -t}'s "Timing buffered disk reads" figure
 * @param cachedRead the cached-read pass, {@code hdparm -T}'s "Timing cached reads" figure: the
 *     page cache's and memory's speed, never the drive's; empty when not measured
 * @param startedAt when the test started
 * @param constantFill of a read-only test, what its timed read passes read as blocks of one byte
 *     repeated (never written, discarded or erased: {@link Warning#READ_CONSTANT_FILL}); empty
 *     for a write test, which checks what it wrote instead
 * @since 0.1.0
 */
public record DeviceReport(DeviceInfo target, DeviceParameters parameters, BackendInfo backend,
        Optional<PassResult> write, PassResult read, Optional<PassResult> cachedRead,
        Instant startedAt, Optional<ConstantFill> constantFill) implements Report {

    /**
     * Checks that every value is there.
     *
     * @param target the device measured
     * @param parameters the settings used
     * @param backend the I/O backend that ran
     * @param write the write pass, when the device was written
     * @param read the read pass
     * @param cachedRead the cached-read pass, if measured
     * @param startedAt when the test started
     * @param constantFill what a read-only test read as constant-fill blocks, or empty
     * @throws NullPointerException if a value is null
     */
    public DeviceReport {
        Objects.requireNonNull(constantFill, "constantFill");
        ReportChecks.requireCommon(target, parameters, backend, startedAt);
        Objects.requireNonNull(write, "write");
        Objects.requireNonNull(read, "read");
        Objects.requireNonNull(cachedRead, "cachedRead");
    }

    /** {@return the device node measured, symbolic links resolved, for example {@code /dev/sdb}} */
    public Path device() {
        return target.device();
    }

    /** {@return the device as sysfs describes it, with the devices below it; empty if not found} */
    public Optional<BlockDevice> blockDevice() {
        return target.blockDevice();
    }

    /** {@return the device's size in bytes} */
    public long sizeBytes() {
        return target.sizeBytes();
    }

    /** {@return the device's logical block size in bytes} */
    public int logicalBlockBytes() {
        return target.logicalBlockBytes();
    }

    /**
     * The link that bounds every transfer to the device: its single whole disk's link, if known.
     *
     * @return the link
     */
    public Optional<Link> link() {
        return target.link();
    }

    private List<PassResult> passes() {
        List<PassResult> passes = new ArrayList<>(2);
        write.ifPresent(passes::add);
        passes.add(read);
        return passes;
    }

    /**
     * The device's warnings, every pass's, and the verdicts on the figures
     * ({@link Warning#LINK_LIMITED}, {@link Warning#ABOVE_LINK_CEILING},
     * {@link Warning#FASTER_THAN_CACHED_READS}, {@link Warning#CGROUP_IO_LIMIT}).
     *
     * @return the warnings in declaration order; empty when nothing is known to distort the
     *     figures
     */
    @Override
    public Set<Warning> warnings() {
        return ReportChecks.warnings(target, passes(), cachedRead, Set.of(), ioLimitsReached());
    }

    /** {@return the passes' figures held to a cap of the cgroup ({@link PassResult#ioLimitsReached})} */
    public List<IoLimitReached> ioLimitsReached() {
        return ReportText.ioLimitsReached(target.cgroupLimits(), passes());
    }

    /**
     * The verdict on the write and read figures (the cached-read figure is the page cache's by
     * design): {@link Verdict.Outcome#DATA_LOST} when a write test's read-back found lost data,
     * flagged when a cache served a figure or the drive was shared.
     *
     * @return the verdict
     */
    @Override
    public Verdict verdict() {
        return Verdict.ofPasses(passes(), Set.of());
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visit(this);
    }

    /**
     * For example {@code read 245.3 MB/s (median of 3, O_DIRECT, 3.000 s per run, read-only)}: the
     * write figure first where the device was written, the cached-read figure last where measured.
     */
    @Override
    public String summary() {
        List<PassResult> passes = onTheLine();
        String length = parameters.timeBased()
                ? io.github.drivespeed.unit.Nanoseconds.format(
                        parameters.duration().get().toNanos()) + " per run"
                : parameters.blockSize().times(parameters.count().getAsLong()) + " per run";
        return ReportText.oneLine(ReportText.oneLineFigures(passes, false), "median of "
                + read.runs() + ", " + (parameters.direct() ? "O_DIRECT" : "buffered") + ", "
                + length + (write.isPresent() ? "" : ", read-only"), verdict(), target.warnings(),
                passes);
    }

    /** The passes the one-line summary gives: write if made, read, then the cached read. */
    private List<PassResult> onTheLine() {
        List<PassResult> passes = new ArrayList<>(passes());
        cachedRead.ifPresent(passes::add);
        return passes;
    }

    /** {@return {@link #summary()}: the answer in one line} */
    @Override
    public String toString() {
        return summary();
    }

    /**
     * A human summary: the device, settings, backend, each pass (with what was done about the page
     * cache and what the device moved), the cached-read figure and the warnings.
     */
    @Override
    public String details() {
        StringBuilder sb = new StringBuilder(target.details());
        long rest = sizeBytes() % parameters.blockSize().bytes();
        if (rest > 0) {
            sb.append(String.format(Locale.ROOT, "  rest:     the last %d B, after the last whole"
                    + " block, %s%n", rest, write.isPresent()
                            ? "were neither written nor read (a write test moves whole blocks)"
                            : "are read as one smaller last request by a pass that reaches the"
                                    + " device's end and is to go on"));
        }
        sb.append("parameters: ").append(parameters).append('\n');
        sb.append("backend:    ").append(backend).append('\n');
        write.ifPresent(w -> SpeedReport.appendPass(sb, w));
        SpeedReport.appendPass(sb, read);
        cachedRead.ifPresent(c -> SpeedReport.appendPass(sb, c));
        Map<Warning, List<String>> lines = new EnumMap<>(Warning.class);
        constantFill.filter(f -> warnings().contains(Warning.READ_CONSTANT_FILL))
                .ifPresent(f -> lines.put(Warning.READ_CONSTANT_FILL, List.of("read: " + f)));
        lines.putAll(ReportText.passTooShort(warnings(), parameters.timeBased()
                ? "a longer duration, where a run did not stop at the device's end (a device read"
                        + " whole in under " + Warning.MIN_PASS_MILLIS + " ms gives no longer pass)"
                : "a larger count or block size, within the device"));
        ReportText.appendWarnings(sb, warnings(), link(), passes(), cachedRead, List.of(),
                ioLimitsReached(), lines);
        return sb.toString();
    }
}
