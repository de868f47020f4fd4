package io.github.drivespeed.test;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.parameters.SustainedParameters;
import io.github.drivespeed.report.medium.CacheCliff;
import io.github.drivespeed.report.medium.RateDrop;
import io.github.drivespeed.report.CacheHandling;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.SustainedReport;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.unit.Throughput;
import io.github.drivespeed.warning.Warning;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Builds a {@link SustainedReport} (see {@link TestReports}): the pass is required, given as its
 * rate and, for a drive whose rate fell, where it fell
 * ({@link #cacheExceeded(DataSize, Throughput, Throughput)}); the rest defaults to
 * {@link io.github.drivespeed.SustainedPlan}'s settings on {@link TestReports#DIRECTORY}.
 *
 * @since 0.1.0
 */
public final class SustainedReportBuilder extends ReportBuilder<SustainedReportBuilder,
        TargetInfo, SustainedParameters, SustainedReport> {

    private Sample write;
    private SustainedReport.Stop stop = SustainedReport.Stop.DURATION;
    private final Set<Warning> warnings = EnumSet.noneOf(Warning.class);

    SustainedReportBuilder() {
        super(TestReports.target(TestReports.DIRECTORY),
                DriveSpeed.sustained(TestReports.DIRECTORY).parameters());
    }

    /**
     * A pass whose rate did not fall: {@code rate} held for the whole time bound (the
     * parameters' duration, 120 s by default), where it ended. It went as far as a sustained
     * write goes, so {@link SustainedReport#sustained()} is {@code rate}; for a write cut short,
     * give its pass to {@link #write(Sample, SustainedReport.Stop)}.
     *
     * @param rate the pass's rate
     * @return this builder
     * @throws IllegalArgumentException if the rate is not available
     */
    public SustainedReportBuilder rate(Throughput rate) {
        if (!(rate.bytesPerSecond() > 0) || Double.isInfinite(rate.bytesPerSecond())) {
            throw new IllegalArgumentException("rate must be finite and > 0: " + rate);
        }
        long nanos = parameters.duration().toNanos();
        long bytes = Math.round(rate.bytesPerSecond() * nanos / 1e9);
        return write(Sample.of(1, bytes, nanos).withAccounting(CacheHandling.DIRECT_IO,
                Optional.empty()), SustainedReport.Stop.DURATION);
    }

    /**
     * A pass that wrote {@code cache} at {@code burst}, then fell to {@code sustained} and held
     * it for the steady time: {@link Warning#WRITE_CACHE_CLIFF}, stopped
     * {@link SustainedReport.Stop#STEADY_AFTER_DROP}.
     *
     * @param cache bytes written before the rate fell
     * @param burst the rate before
     * @param sustained the rate after, below half the burst rate
     * @return this builder
     * @throws IllegalArgumentException if the rates are not available or do not fall by half
     */
    public SustainedReportBuilder cacheExceeded(DataSize cache, Throughput burst,
            Throughput sustained) {
        if (!(sustained.bytesPerSecond() >= 0
                && sustained.bytesPerSecond() < burst.bytesPerSecond() / 2)) {
            throw new IllegalArgumentException("a cache is exceeded where the rate falls below"
                    + " half the burst rate: " + burst + ", then " + sustained);
        }
        long burstNanos = Math.round(cache.bytes() / burst.bytesPerSecond() * 1e9);
        long steadyNanos = parameters.steadyFor().toNanos();
        long after = Math.round(sustained.bytesPerSecond() * steadyNanos / 1e9);
        CacheCliff cliff = new CacheCliff(new RateDrop(cache.bytes(), burstNanos,
                burst.bytesPerSecond(), sustained.bytesPerSecond()),
                CacheCliff.Cause.DRIVE_WRITE_CACHE);
        warnings.add(Warning.WRITE_CACHE_CLIFF);
        return write(Sample.of(1, cache.bytes() + after, burstNanos + steadyNanos)
                .withAccounting(CacheHandling.DIRECT_IO, Optional.empty())
                .withCacheCliff(Optional.of(cliff)), SustainedReport.Stop.STEADY_AFTER_DROP);
    }

    /**
     * Sets the sustained write pass and why it stopped.
     *
     * @param pass the pass as one run (with its cliff, if any)
     * @param why why it ended
     * @return this builder
     */
    public SustainedReportBuilder write(Sample pass, SustainedReport.Stop why) {
        this.write = Objects.requireNonNull(pass, "write");
        this.stop = Objects.requireNonNull(why, "stop");
        return this;
    }

    /**
     * Adds a warning to those the builder gives the report.
     *
     * @param warning a warning of the pass or target, beyond those the builder adds
     * @return this builder
     */
    public SustainedReportBuilder warning(Warning warning) {
        warnings.add(Objects.requireNonNull(warning, "warning"));
        return this;
    }

    @Override
    public SustainedReport build() {
        Set<Warning> all = EnumSet.noneOf(Warning.class);
        all.addAll(target.warnings());
        all.addAll(warnings);
        return new SustainedReport(target, parameters, backend, required(write, "rate"), stop,
                all, startedAt);
    }
}
