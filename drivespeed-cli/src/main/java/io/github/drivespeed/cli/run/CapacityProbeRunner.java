package io.github.drivespeed.cli.run;

import io.github.drivespeed.CapacityProbePlan;
import io.github.drivespeed.cli.options.OptionSetters;
import io.github.drivespeed.cli.progress.BeforeFirstPass;
import io.github.drivespeed.cli.progress.Listeners;
import io.github.drivespeed.cli.progress.ProgressBar;
import io.github.drivespeed.fio.internal.Results;
import io.github.drivespeed.cli.text.Headers;
import io.github.drivespeed.cli.text.TextSummary;
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

    /**
     * A runner of the capacity probe on the context's block device.
     *
     * @param context the target (a block device), the options given (the write opt-ins,
     *     {@code --backend}), where the text and the results go
     */
    public CapacityProbeRunner(RunContext context) {
        this.context = context;
    }

    /**
     * {@return the exit code, one of {@link ExitCode}'s: {@link ExitCode#DATA_LOST} when the medium
     * holds less than it claims}
     */
    public int run() {
        Path device = context.target();
        CapacityProbePlan plan;
        try {
            plan = OptionSetters.CAPACITY_PROBE.build(device, context.given());
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
                    .run();
        } catch (IllegalArgumentException | IOException e) {
            return context.failed(e);
        }
        TextSummary.print(text, report, context.verbose());
        return Completion.finish(context, Results.of(report), null, null);
    }
}
