package io.github.drivespeed;

import java.time.Instant;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The result of a measurement: what was measured, how, by which backend, and the write and read
 * figures with everything that may make them differ from the drive's own speed. Immutable.
 */
public final class SpeedReport {

    private final TargetInfo target;
    private final TestParameters parameters;
    private final BackendInfo backend;
    private final PassResult write;
    private final PassResult read;
    private final Instant startedAt;

    /**
     * @param target what was measured
     * @param parameters the settings used
     * @param backend the I/O backend that ran
     * @param write the write pass
     * @param read the read pass
     * @param startedAt when the measurement started
     */
    public SpeedReport(TargetInfo target, TestParameters parameters, BackendInfo backend,
            PassResult write, PassResult read, Instant startedAt) {
        this.target = Objects.requireNonNull(target, "target");
        this.parameters = Objects.requireNonNull(parameters, "parameters");
        this.backend = Objects.requireNonNull(backend, "backend");
        this.write = Objects.requireNonNull(write, "write");
        this.read = Objects.requireNonNull(read, "read");
        this.startedAt = Objects.requireNonNull(startedAt, "startedAt");
    }

    /** @return what was measured: directory, mount, block devices, link, target warnings */
    public TargetInfo target() {
        return target;
    }

    /** @return the settings the measurement ran with */
    public TestParameters parameters() {
        return parameters;
    }

    /** @return the I/O backend that ran, and why a preferred one did not */
    public BackendInfo backend() {
        return backend;
    }

    /** @return the write pass: new file, every write and the closing fdatasync timed */
    public PassResult write() {
        return write;
    }

    /** @return the read pass: the file the write pass wrote, read from first to last byte */
    public PassResult read() {
        return read;
    }

    /** @return when the measurement started */
    public Instant startedAt() {
        return startedAt;
    }

    /**
     * Every warning of the target and of both passes, and {@link Warning#LINK_LIMITED} when a
     * pass's median reached {@value Link#SATURATION_RATIO} of the target's link ceiling
     * ({@link TargetInfo#link()}).
     *
     * @return the warnings in declaration order; empty when nothing is known to distort the
     *     figures
     */
    public Set<Warning> warnings() {
        Set<Warning> all = EnumSet.noneOf(Warning.class);
        all.addAll(target.warnings());
        all.addAll(write.warnings());
        all.addAll(read.warnings());
        if (!ReportText.linkLimited(target, List.of(write, read)).isEmpty()) {
            all.add(Warning.LINK_LIMITED);
        }
        return Collections.unmodifiableSet(all);
    }

    /**
     * A human summary, every unit named: the target (mount, devices, link), parameters, backend,
     * each pass's statistics and the warnings.
     */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        sb.append(target.summary());
        sb.append("parameters: ").append(parameters).append('\n');
        sb.append("backend:    ").append(backend).append('\n');
        appendPass(sb, write);
        appendPass(sb, read);
        ReportText.appendWarnings(sb, warnings(), target, List.of(write, read));
        return sb.toString();
    }

    private static void appendPass(StringBuilder sb, PassResult pass) {
        sb.append(String.format("%-12s", pass.kind() + ":"))
                .append("median ").append(pass.median())
                .append(", min ").append(pass.min())
                .append(", max ").append(pass.max())
                .append(", stdev ").append(pass.standardDeviation())
                .append(", mean ").append(pass.mean())
                .append(", overall ").append(pass.overall())
                .append(", n=").append(pass.count()).append('\n');
    }
}
