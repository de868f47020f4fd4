package io.github.drivespeed.report;

import io.github.drivespeed.parameters.SequentialParameters;
import io.github.drivespeed.report.medium.WarmUpWrite;
import io.github.drivespeed.report.text.ReportText;
import io.github.drivespeed.target.IoLimitReached;
import io.github.drivespeed.target.Link;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.warning.Warning;
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
 * The result of a sequential test ({@link io.github.drivespeed.SequentialPlan}): what was
 * measured, how, by which backend, and the write and read figures with everything that may make
 * them differ from the drive's own speed. Immutable.
 *
 * @param target what was measured: directory, mount, block devices, link, target warnings
 * @param parameters the settings the measurement ran with
 * @param backend the I/O backend that ran, and why a preferred one did not
 * @param write the write pass: new file, every write and the closing fdatasync timed
 * @param read the read pass: the file the write pass wrote, read from first to last byte
 * @param cachedRead the cached-read pass ({@code hdparm -T}, kind {@link PassKind#CACHED_READ}),
 *     or empty when not measured
 * @param startedAt when the measurement started
 * @param warmUpWrite the untimed warm-up's write: the pass that wrote blocks the test had not
 *     used before ({@link Warning#FIRST_WRITES_SLOWER} compares it with the measured runs);
 *     empty where it wrote too little to be timed
 * @param closeFailuresAfterLoss how many times closing a test file failed with EIO after a
 *     read-back had found data lost (in the warm-up or a run): the file system's own data (its
 *     metadata, which exFAT over FUSE reads back at close) was lost as the test file's was, so
 *     the failure is part of the loss ({@link Warning#DATA_LOSS}), not the end of the test; an
 *     EIO at close with no loss found before it ends the test as an I/O error
 * @since 0.1.0
 */
public record SpeedReport(TargetInfo target, SequentialParameters parameters, BackendInfo backend,
        PassResult write, PassResult read, Optional<PassResult> cachedRead, Instant startedAt,
        Optional<WarmUpWrite> warmUpWrite, int closeFailuresAfterLoss)
        implements Report {

    /**
     * Checks that every value is there.
     *
     * @param target what was measured
     * @param parameters the settings used
     * @param backend the I/O backend that ran
     * @param write the write pass
     * @param read the read pass
     * @param cachedRead the cached-read pass, or empty
     * @param startedAt when the measurement started
     * @param warmUpWrite the warm-up's write, or empty
     * @param closeFailuresAfterLoss failed closes after a loss, at least 0, and 0 unless the
     *     read pass carries {@link Warning#DATA_LOSS}
     * @throws NullPointerException if a value is null
     * @throws IllegalArgumentException if {@code closeFailuresAfterLoss} is negative, or positive
     *     without a loss
     */
    public SpeedReport {
        ReportChecks.requireCommon(target, parameters, backend, startedAt);
        Objects.requireNonNull(write, "write");
        Objects.requireNonNull(read, "read");
        Objects.requireNonNull(cachedRead, "cachedRead");
        Objects.requireNonNull(warmUpWrite, "warmUpWrite");
        if (closeFailuresAfterLoss < 0 || (closeFailuresAfterLoss > 0
                && !read.warnings().contains(Warning.DATA_LOSS))) {
            throw new IllegalArgumentException("closeFailuresAfterLoss goes with DATA_LOSS on the"
                    + " read pass, and is at least 0: " + closeFailuresAfterLoss);
        }
    }

    /**
     * The cached-read figure, as {@code hdparm -T} prints it: a small region re-read from the page
     * cache, the speed of the cache and memory, never the drive's. Measured when asked for with
     * {@link io.github.drivespeed.SequentialPlan#cachedRead()}; the read figure is then checked against it
     * ({@link Warning#FASTER_THAN_CACHED_READS}).
     *
     * @return the cached-read pass (kind {@link PassKind#CACHED_READ}), or empty when not measured
     */
    @Override
    public Optional<PassResult> cachedRead() {
        return cachedRead;
    }

    /**
     * Every warning of the target and of the passes, and the verdicts on the figures:
     * {@link Warning#LINK_LIMITED} when a pass's median reached {@value Link#SATURATION_RATIO} of
     * the target's link ceiling ({@link TargetInfo#link()}), {@link Warning#ABOVE_LINK_CEILING}
     * when a run was faster than that ceiling, {@link Warning#FASTER_THAN_CACHED_READS} when a
     * read run was faster than the cached-read figure, {@link Warning#CGROUP_IO_LIMIT} when a
     * figure reached a cap of the process's cgroup ({@link #ioLimitsReached()}).
     *
     * @return the warnings in declaration order; empty when nothing is known to distort the
     *     figures
     */
    @Override
    public Set<Warning> warnings() {
        return ReportChecks.warnings(target, List.of(write, read), cachedRead, Set.of(),
                ioLimitsReached());
    }

    /** {@return the passes' figures held to a cap of the cgroup ({@link PassResult#ioLimitsReached})} */
    public List<IoLimitReached> ioLimitsReached() {
        return ReportText.ioLimitsReached(target.cgroupLimits(), List.of(write, read));
    }

    /**
     * The verdict on the write and read figures (the cached-read figure is the page cache's by
     * design): {@link Verdict.Outcome#DATA_LOST} when the read-back found lost data, flagged
     * when a cache served a figure or the drive was shared.
     *
     * @return the verdict
     */
    @Override
    public Verdict verdict() {
        return Verdict.ofPasses(List.of(write, read), Set.of());
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visit(this);
    }

    /**
     * For example {@code write 489.2 MB/s, read 856.1 MB/s (median of 3, O_DIRECT, 256 MiB per
     * pass)}; with a cached-read pass, its figure after the read's.
     */
    @Override
    public String summary() {
        List<PassResult> passes = onTheLine();
        return ReportText.oneLine(ReportText.oneLineFigures(passes, false), "median of "
                + write.runs() + ", " + (parameters.direct() ? "O_DIRECT" : "buffered") + ", "
                + parameters.bytesPerPass() + " per pass", verdict(), target.warnings(), passes);
    }

    /** The passes the one-line summary gives: write, read, then the cached read if measured. */
    private List<PassResult> onTheLine() {
        List<PassResult> passes = new ArrayList<>(List.of(write, read));
        cachedRead.ifPresent(passes::add);
        return passes;
    }

    /** {@return {@link #summary()}: the answer in one line} */
    @Override
    public String toString() {
        return summary();
    }

    /**
     * A human summary, every unit named: the target (mount, devices, link), parameters, backend,
     * each pass's statistics with what was done about the page cache and what the device moved,
     * the cached-read figure if measured, and the warnings.
     */
    @Override
    public String details() {
        StringBuilder sb = new StringBuilder();
        sb.append(target.details());
        sb.append("parameters: ").append(parameters).append('\n');
        sb.append("backend:    ").append(backend).append('\n');
        appendPass(sb, write);
        appendPass(sb, read);
        cachedRead.ifPresent(c -> appendPass(sb, c));
        ReportText.appendWarnings(sb, warnings(), target.link(), List.of(write, read),
                cachedRead, target.removedLeftovers(), ioLimitsReached(), warningLines());
        return sb.toString();
    }

    /** The report's own lines under its warnings: the warm-up's rate, the failed closes. */
    private Map<Warning, List<String>> warningLines() {
        Map<Warning, List<String>> lines = new EnumMap<>(Warning.class);
        if (write.warnings().contains(Warning.FIRST_WRITES_SLOWER)) {
            warmUpWrite.ifPresent(w -> lines.put(Warning.FIRST_WRITES_SLOWER, List.of(
                    String.format(Locale.ROOT, "%s, into blocks not written before; the runs,"
                            + " into the blocks it freed: median %s (%.1fx faster)", w,
                            write.median(), write.median().bytesPerSecond()
                                    / w.throughput().bytesPerSecond()))));
        }
        if (closeFailuresAfterLoss > 0) {
            lines.put(Warning.DATA_LOSS, List.of("then closing the test file failed with EIO ("
                    + closeFailuresAfterLoss + (closeFailuresAfterLoss == 1 ? " time" : " times")
                    + "): the file system's own data was lost as well"));
        }
        lines.putAll(ReportText.passTooShort(warnings(), "a larger count or block size (each"
                + " pass moved " + parameters.count() + " x " + parameters.blockSize() + ")"));
        return lines;
    }

    /**
     * Appends a pass's statistics line and the line saying how it dealt with the page cache and
     * what the device moved.
     */
    static void appendPass(StringBuilder sb, PassResult pass) {
        String label = pass.kind() + ":";
        sb.append(label.length() < 12 ? String.format("%-12s", label) : label + " ")
                .append(ReportText.marker(pass))
                .append("median ").append(pass.median())
                .append(", min ").append(pass.min())
                .append(", max ").append(pass.max())
                .append(", stdev ").append(pass.standardDeviation())
                .append(", mean ").append(pass.mean())
                .append(", overall ").append(pass.overall())
                .append(", n=").append(pass.runs()).append('\n');
        String accounting = ReportText.accounting(pass);
        if (!accounting.isEmpty()) {
            sb.append("            ").append(accounting).append('\n');
        }
    }
}
