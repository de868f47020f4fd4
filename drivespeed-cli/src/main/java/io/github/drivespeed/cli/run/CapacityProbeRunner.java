package io.github.drivespeed.cli.run;

import io.github.drivespeed.DevicePlan;
import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.cli.options.DeviceWriteOptions;
import io.github.drivespeed.cli.options.MeasurementOptions;
import io.github.drivespeed.cli.progress.BeforeFirstPass;
import io.github.drivespeed.cli.progress.Listeners;
import io.github.drivespeed.cli.progress.ProgressBar;
import io.github.drivespeed.cli.results.Results;
import io.github.drivespeed.cli.text.Headers;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.CapacityProbeReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * {@code drivespeed DEVICE --verify-capacity --allow-writes-to DEVICE [--force]}: the
 * destructive probe of a block device's real capacity, as {@code f3probe --destructive}, with the
 * device write test's opt-ins; seconds, a few MiB written. Exit code 1 when the medium stores less
 * than it claims. A progress bar on a terminal, round by round.
 */
public final class CapacityProbeRunner {

    private final RunContext context;
    private final MeasurementOptions measurement;
    private final DeviceWriteOptions deviceWrite;

    /**
     * @param context the target (a block device), where the text and the results go
     * @param measurement the backend
     * @param deviceWrite the write opt-ins
     */
    public CapacityProbeRunner(RunContext context, MeasurementOptions measurement,
            DeviceWriteOptions deviceWrite) {
        this.context = context;
        this.measurement = measurement;
        this.deviceWrite = deviceWrite;
    }

    /** @return the exit code */
    public int run() {
        Path device = context.target();
        DevicePlan plan;
        try {
            plan = DriveSpeed.onDevice(device);
            if (deviceWrite.allowWritesTo() != null) {
                plan = plan.allowWritesTo(Path.of(deviceWrite.allowWritesTo()));
            }
            if (deviceWrite.force()) {
                plan = plan.force();
            }
            plan = ErrorMessages.optionIfGiven(plan, "--backend", measurement.backend(),
                    DevicePlan::backend);
        } catch (IllegalArgumentException e) {
            return context.refuse(e);
        }
        PrintWriter text = context.outputs().text();
        // the header once every check has passed, so a refusal comes before it
        ProgressListener header = new BeforeFirstPass(() -> {
            text.println(Headers.on(device) + "capacity probe (destructive: stamped 4 KiB units"
                    + " written across the whole device; its contents are lost)");
            text.flush();
        });
        CapacityProbeReport report;
        try (ProgressBar bar = context.progressBar(ProgressBar.CAPACITY_PROBE, -1)) {
            report = plan.listener(bar == null ? header : new Listeners(header, bar))
                    .probeCapacity();
        } catch (IllegalArgumentException | IOException e) {
            return context.failed(e);
        }
        text.println();
        text.println(report);
        text.flush();
        return Completion.finish(context, Results.of(report), null, null);
    }
}
