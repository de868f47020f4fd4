package io.github.drivespeed.test;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.parameters.CapacityParameters;
import io.github.drivespeed.report.CacheHandling;
import io.github.drivespeed.report.CapacityCheckReport;
import io.github.drivespeed.report.medium.DataLossKind;
import io.github.drivespeed.report.medium.FirstLoss;
import io.github.drivespeed.report.medium.Verification;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.unit.DataSize;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Builds a {@link CapacityCheckReport} (see {@link TestReports}): by default a check of 1 GiB in
 * one file, at 10 MB/s writing and 20 MB/s reading, that lost nothing, on
 * {@link TestReports#DIRECTORY} with {@link io.github.drivespeed.CapacityPlan}'s settings.
 *
 * @since 0.1.0
 */
public final class CapacityCheckReportBuilder extends ReportBuilder<CapacityCheckReportBuilder,
        TargetInfo, CapacityParameters, CapacityCheckReport> {

    private static final long FILE_BYTES = DataSize.GIBIBYTE;

    private long writtenBytes = DataSize.GIBIBYTE;
    private long lostBytes;
    private Optional<FirstLoss> firstLoss = Optional.empty();

    CapacityCheckReportBuilder() {
        super(TestReports.target(TestReports.DIRECTORY),
                DriveSpeed.verifyCapacity(TestReports.DIRECTORY).parameters());
    }

    /**
     * Sets how much was written and read back.
     *
     * @param written bytes written and read back
     * @return this builder
     */
    public CapacityCheckReportBuilder written(DataSize written) {
        this.writtenBytes = written.bytes();
        return this;
    }

    /**
     * Lost data: everything from {@code firstBadOffset} on read back as {@code how}, as on a
     * medium whose real capacity ends there (aliased data found holding offset 0's, as on a
     * medium that wraps around).
     *
     * @param firstBadOffset the first byte that did not read back as written, from the start of
     *     the fill
     * @param how how it read back
     * @return this builder
     */
    public CapacityCheckReportBuilder lostFrom(DataSize firstBadOffset, DataLossKind how) {
        this.firstLoss = Optional.of(new FirstLoss(firstBadOffset.bytes(), how,
                how == DataLossKind.ALIASED ? OptionalLong.of(0) : OptionalLong.empty()));
        return this;
    }

    /**
     * {@return the capacity check's report}
     *
     * @throws IllegalArgumentException if the loss starts past what was written
     */
    @Override
    public CapacityCheckReport build() {
        long lost = firstLoss.map(f -> writtenBytes - f.offsetBytes()).orElse(0L);
        Verification found = new Verification(writtenBytes, lost, firstLoss,
                firstLoss.map(f -> Map.of(f.kind(), lost)).orElse(Map.of()));
        long files = Math.max(1, (writtenBytes + FILE_BYTES - 1) / FILE_BYTES);
        CapacityCheckReport.Fill fill = new CapacityCheckReport.Fill(writtenBytes, FILE_BYTES,
                (int) files, true, writtenBytes * 100, parameters.size().isPresent()
                        ? CapacityCheckReport.Stop.SIZE : CapacityCheckReport.Stop.FREE_SPACE);
        return new CapacityCheckReport(target, parameters, backend, fill,
                new CapacityCheckReport.ReadBack(found, writtenBytes * 50,
                        CacheHandling.DIRECT_IO, 0), writtenBytes * 150, startedAt);
    }
}
