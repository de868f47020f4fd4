package io.github.drivespeed.test;

import io.github.drivespeed.parameters.CapacityProbeParameters;
import io.github.drivespeed.report.CapacityProbeReport;
import io.github.drivespeed.report.medium.DataLossKind;
import io.github.drivespeed.report.medium.FirstLoss;
import io.github.drivespeed.report.medium.CacheEstimate;
import io.github.drivespeed.report.medium.MediumKind;
import io.github.drivespeed.target.DeviceInfo;
import io.github.drivespeed.unit.DataSize;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Builds a {@link CapacityProbeReport} (see {@link TestReports}): by default the probe of a
 * genuine 32 GB device ({@link TestReports#DEVICE}), one round of 4 KiB units, 2 MiB written and
 * read back in one second; {@link #wrapsAround(DataSize)}, {@link #keepsOnly(DataSize,
 * DataLossKind)} and {@link #damagedFrom(DataSize, DataLossKind)} make it a medium that does not
 * hold what it claims.
 *
 * @since 0.1.0
 */
public final class CapacityProbeReportBuilder extends ReportBuilder<CapacityProbeReportBuilder,
        DeviceInfo, CapacityProbeParameters, CapacityProbeReport> {

    private MediumKind kind = MediumKind.GENUINE;
    private long usableBytes = -1;
    private Optional<FirstLoss> firstLoss = Optional.empty();
    private Optional<CacheEstimate> cacheEstimate = Optional.empty();

    CapacityProbeReportBuilder() {
        super(TestReports.device(TestReports.DEVICE), new CapacityProbeParameters(false,
                CapacityProbeParameters.DEFAULT_CACHE_BOUND));
    }

    /**
     * A counterfeit medium that wraps around: offsets from {@code period} on alias the ones below,
     * so it holds {@code period} bytes ({@link MediumKind#WRAP}).
     *
     * @param period the real capacity
     * @return this builder
     */
    public CapacityProbeReportBuilder wrapsAround(DataSize period) {
        return found(MediumKind.WRAP, period.bytes(), DataLossKind.ALIASED);
    }

    /**
     * A counterfeit medium that drops what is written past its real capacity
     * ({@link MediumKind#LIMBO}).
     *
     * @param usable the real capacity
     * @param how how the data written past it reads back, for example {@link DataLossKind#ZEROS}
     * @return this builder
     */
    public CapacityProbeReportBuilder keepsOnly(DataSize usable, DataLossKind how) {
        return found(MediumKind.LIMBO, usable.bytes(), how);
    }

    /**
     * A damaged medium: data is lost from {@code firstBad} on, below offsets that hold theirs
     * ({@link MediumKind#DAMAGED}).
     *
     * @param firstBad the lowest offset that does not hold its data
     * @param how how it reads back
     * @return this builder
     */
    public CapacityProbeReportBuilder damagedFrom(DataSize firstBad, DataLossKind how) {
        return found(MediumKind.DAMAGED, firstBad.bytes(), how);
    }

    /**
     * Sets the size of the cache of recent writes the probe found past the usable size (none by
     * default), as f3probe's "Approximate cache size"; with {@link #keepsOnly} or
     * {@link #wrapsAround} only.
     *
     * @param cache the estimate, for example {@code new CacheEstimate(192 << 20, 4096, 256 << 20)}
     * @return this builder
     */
    public CapacityProbeReportBuilder cacheEstimate(CacheEstimate cache) {
        this.cacheEstimate = Optional.of(cache);
        return this;
    }

    private CapacityProbeReportBuilder found(MediumKind medium, long badFrom, DataLossKind how) {
        this.kind = medium;
        this.usableBytes = badFrom;
        this.firstLoss = Optional.of(FirstLoss.at(badFrom, Objects.requireNonNull(how, "how")));
        return this;
    }

    /**
     * {@return the capacity probe's report}
     *
     * @throws IllegalArgumentException if the medium holds more than the target's size, or a
     *     cache estimate was set on a medium that neither drops nor wraps what is written past it
     */
    @Override
    public CapacityProbeReport build() {
        long usable = kind == MediumKind.GENUINE ? target.sizeBytes() : usableBytes;
        long twoMebibytes = 2 * DataSize.MEBIBYTE;
        return new CapacityProbeReport(target, parameters, backend, usable, kind,
                kind == MediumKind.WRAP ? OptionalLong.of(usableBytes) : OptionalLong.empty(),
                new CapacityProbeReport.Loss(firstLoss, OptionalLong.empty(),
                        firstLoss.map(f -> List.of(new CapacityProbeReport.BadRange(
                                f.offsetBytes(), target.sizeBytes() - f.offsetBytes())))
                                .orElse(List.of())),
                new CapacityProbeReport.Effort(4096, twoMebibytes, twoMebibytes, 1,
                        1_000_000_000L), startedAt, CapacityProbeParameters.DEFAULT_CACHE_BOUND.bytes(),
                cacheEstimate);
    }
}
