package io.github.drivespeed.test;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.parameters.SequentialParameters;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.medium.WarmUpWrite;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.unit.Throughput;
import java.util.Objects;
import java.util.Optional;

/**
 * Builds a {@link SpeedReport} (see {@link TestReports}): the write and read passes are required,
 * the rest defaults to {@link io.github.drivespeed.SequentialPlan}'s settings on {@link TestReports#DIRECTORY}.
 *
 * @since 0.1.0
 */
public final class SpeedReportBuilder
        extends ReportBuilder<SpeedReportBuilder, TargetInfo, SequentialParameters, SpeedReport> {

    private PassResult write;
    private PassResult read;
    private Optional<PassResult> cachedRead = Optional.empty();
    private Optional<WarmUpWrite> warmUpWrite = Optional.empty();

    SpeedReportBuilder() {
        super(TestReports.target(TestReports.DIRECTORY),
                DriveSpeed.on(TestReports.DIRECTORY).parameters());
    }

    /**
     * Sets the write pass from each run's rate.
     *
     * @param runs the write rate of each run
     * @return this builder
     */
    public SpeedReportBuilder write(Throughput... runs) {
        return write(TestReports.pass(PassKind.WRITE, runs));
    }

    /**
     * Sets the write pass.
     *
     * @param pass the write pass
     * @return this builder
     */
    public SpeedReportBuilder write(PassResult pass) {
        this.write = Objects.requireNonNull(pass, "write");
        return this;
    }

    /**
     * Sets the read pass from each run's rate.
     *
     * @param runs the read rate of each run
     * @return this builder
     */
    public SpeedReportBuilder read(Throughput... runs) {
        return read(TestReports.pass(PassKind.READ, runs));
    }

    /**
     * Sets the read pass.
     *
     * @param pass the read pass
     * @return this builder
     */
    public SpeedReportBuilder read(PassResult pass) {
        this.read = Objects.requireNonNull(pass, "read");
        return this;
    }

    /**
     * Sets the cached-read pass ({@code hdparm -T}).
     *
     * @param pass the cached-read pass ({@code hdparm -T}), kind {@link PassKind#CACHED_READ}
     * @return this builder
     */
    public SpeedReportBuilder cachedRead(PassResult pass) {
        this.cachedRead = Optional.of(pass);
        return this;
    }

    /**
     * Sets the untimed warm-up's write (none by default), which a medium slow on first writes
     * shows ({@link io.github.drivespeed.warning.Warning#FIRST_WRITES_SLOWER}, which the write
     * pass's warnings must carry for a report to say so).
     *
     * @param warmUp the warm-up's bytes and time, for example {@code new WarmUpWrite(64 << 20,
     *     4_000_000_000L)}
     * @return this builder
     */
    public SpeedReportBuilder warmUpWrite(WarmUpWrite warmUp) {
        this.warmUpWrite = Optional.of(warmUp);
        return this;
    }

    @Override
    public SpeedReport build() {
        return new SpeedReport(target, parameters, backend, required(write, "write"),
                required(read, "read"), cachedRead, startedAt, warmUpWrite, 0);
    }
}
