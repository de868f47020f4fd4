package io.github.drivespeed.cli.run;

import io.github.drivespeed.DevicePlan;
import io.github.drivespeed.cli.options.OptionSetters;
import io.github.drivespeed.fio.internal.Results;
import io.github.drivespeed.cli.text.Headers;
import io.github.drivespeed.cli.text.RunLinePrinter;
import io.github.drivespeed.cli.text.TextSummary;
import io.github.drivespeed.report.DeviceReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * {@code drivespeed /dev/sdX}: the read-only device test, as {@code hdparm -t} (with
 * {@code -T}, also {@code hdparm -T}'s cached reads), or, with the opt-ins, a write test whose
 * read-back is checked (exit code 1 when data was lost). The text, or with {@code --json} /
 * {@code --csv} drivespeed's own schema, as for a directory.
 */
public final class DeviceRunner {

    private final RunContext context;

    /**
     * A runner of the device test on the context's block device.
     *
     * @param context the target (a block device), the options given, where the text goes
     */
    public DeviceRunner(RunContext context) {
        this.context = context;
    }

    /** {@return the exit code of the device test, one of {@link ExitCode}'s} */
    public int run() {
        Path device = context.target();
        PrintWriter out = context.outputs().text();
        DevicePlan plan;
        try {
            plan = OptionSetters.DEVICE_TEST.build(device, context.given());
        } catch (IllegalArgumentException e) {
            return context.refuse(e);
        }
        DeviceReport report;
        try {
            report = plan.listener(RunLinePrinter.detailed(out, Headers.on(device)
                    + plan.parameters())).run();
        } catch (IllegalArgumentException e) {
            return context.refuse(e);
        } catch (IOException e) {
            return context.failed(e, "buffered");
        }
        TextSummary.print(out, report, context.verbose());
        return Completion.finish(context, Results.of(report), null, null);
    }
}
