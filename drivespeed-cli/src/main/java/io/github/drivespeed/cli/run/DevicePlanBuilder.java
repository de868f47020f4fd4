package io.github.drivespeed.cli.run;

import static io.github.drivespeed.cli.run.ErrorMessages.optionIfGiven;

import io.github.drivespeed.DevicePlan;
import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.cli.options.DeviceWriteOptions;
import io.github.drivespeed.cli.options.MeasurementOptions;
import io.github.drivespeed.cli.options.OptionTable.Exclusion;
import io.github.drivespeed.cli.options.ReadModeOptions;
import java.nio.file.Path;

/**
 * The device test's plan from the options given (named as {@code --block-size}, not as typed);
 * {@code duration} is {@code --duration} as given, or null; {@code noVerify} is
 * {@code --no-verify}.
 */
record DevicePlanBuilder(MeasurementOptions measurement, String duration,
        ReadModeOptions readModes, DeviceWriteOptions deviceWrite, boolean noVerify) {

    /**
     * @throws IllegalArgumentException naming the option and value a setter refused
     */
    DevicePlan build(Path device) {
        MeasurementOptions m = measurement;
        DevicePlan t = DriveSpeed.onDevice(device);
        t = optionIfGiven(t, "--block-size", m.blockSize(), DevicePlan::blockSize);
        Exclusion.COUNT_DURATION.check(m.count() != null, duration != null);
        t = optionIfGiven(t, "--count", m.count(), DevicePlan::count);
        t = optionIfGiven(t, "--duration", duration,
                (p, d) -> p.duration(WorkloadPlanBuilder.parseDuration(d)));
        t = optionIfGiven(t, "--runs", m.runs(), DevicePlan::runs);
        if (m.buffered()) {
            t = t.buffered();
        }
        if (readModes.dropCaches()) {
            if (!m.buffered()) {
                throw new IllegalArgumentException(ErrorMessages.DROP_CACHES_NEEDS_BUFFERED);
            }
            t = t.dropCaches();
        }
        if (readModes.cachedRead()) {
            t = t.cachedRead();
        }
        DeviceWriteOptions w = deviceWrite;
        if (w.write()) {
            t = t.write();
        } else if (w.deviceWriteOption() != null) {
            throw new IllegalArgumentException("option '" + w.deviceWriteOption()
                    + "' needs --write");
        }
        if (w.allowWritesTo() != null) {
            t = t.allowWritesTo(Path.of(w.allowWritesTo()));
        }
        if (w.force()) {
            t = t.force();
        }
        if (noVerify) {
            if (!w.write()) {
                throw new IllegalArgumentException("option '--no-verify' needs --write: a"
                        + " read-only test reads what drivespeed did not write, and checks"
                        + " nothing");
            }
            t = t.noVerify();
        }
        t = optionIfGiven(t, "--backend", m.backend(), DevicePlan::backend);
        return t;
    }
}
