package io.github.drivespeed.test;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.parameters.DeviceParameters;
import io.github.drivespeed.report.medium.ConstantFill;
import io.github.drivespeed.report.DeviceReport;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.target.DeviceInfo;
import io.github.drivespeed.unit.Throughput;
import java.util.Objects;
import java.util.Optional;

/**
 * Builds a {@link DeviceReport} (see {@link TestReports}): the read pass is required; the write
 * pass is there for a write test only; the rest defaults to
 * {@link io.github.drivespeed.DevicePlan}'s settings (read-only) on {@link TestReports#DEVICE}.
 *
 * @since 0.1.0
 */
public final class DeviceReportBuilder extends ReportBuilder<DeviceReportBuilder, DeviceInfo,
        DeviceParameters, DeviceReport> {

    private Optional<PassResult> write = Optional.empty();
    private PassResult read;
    private Optional<PassResult> cachedRead = Optional.empty();
    private Optional<ConstantFill> constantFill = Optional.empty();

    DeviceReportBuilder() {
        super(TestReports.device(TestReports.DEVICE),
                DriveSpeed.onDevice(TestReports.DEVICE).parameters());
    }

    /**
     * Sets the read pass from each run's rate.
     *
     * @param runs the read rate of each run
     * @return this builder
     */
    public DeviceReportBuilder read(Throughput... runs) {
        return read(TestReports.pass(PassKind.READ, runs));
    }

    /**
     * Sets the read pass.
     *
     * @param pass the read pass
     * @return this builder
     */
    public DeviceReportBuilder read(PassResult pass) {
        this.read = Objects.requireNonNull(pass, "read");
        return this;
    }

    /**
     * Sets the write pass, which makes the report a write test's.
     *
     * @param pass the write pass of a write test (give parameters that say {@code write} too)
     * @return this builder
     */
    public DeviceReportBuilder write(PassResult pass) {
        this.write = Optional.of(pass);
        return this;
    }

    /**
     * Sets the cached-read pass ({@code hdparm -T}).
     *
     * @param pass the cached-read pass ({@code hdparm -T}), kind {@link PassKind#CACHED_READ}
     * @return this builder
     */
    public DeviceReportBuilder cachedRead(PassResult pass) {
        this.cachedRead = Optional.of(pass);
        return this;
    }

    /**
     * Sets what a read-only test read as blocks of one byte repeated (none by default).
     *
     * @param fill the count, for example {@code ConstantFill.of(readBytes, bytesByFill)}
     * @return this builder
     */
    public DeviceReportBuilder constantFill(ConstantFill fill) {
        this.constantFill = Optional.of(fill);
        return this;
    }

    @Override
    public DeviceReport build() {
        return new DeviceReport(target, parameters, backend, write, required(read, "read"),
                cachedRead, startedAt, constantFill);
    }
}
