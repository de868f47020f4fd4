package io.github.drivespeed.cli.run;

import io.github.drivespeed.CapacityPlan;
import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.cli.options.OptionSetters;
import io.github.drivespeed.cli.options.WorkloadOptions;
import io.github.drivespeed.cli.progress.BeforeFirstPass;
import io.github.drivespeed.cli.progress.CapacityEstimate;
import io.github.drivespeed.cli.progress.Listeners;
import io.github.drivespeed.cli.progress.ProgressBar;
import io.github.drivespeed.fio.internal.Results;
import io.github.drivespeed.cli.text.Headers;
import io.github.drivespeed.cli.text.TextSummary;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.CapacityCheckReport;
import io.github.drivespeed.unit.DataSize;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * {@code drivespeed DIR --verify-capacity [--size SIZE] [--duration TIME]}: the capacity check,
 * as f3write + f3read: fills the free space (or SIZE, or what it writes in TIME) with test files,
 * reads them all back, checks every byte, removes them. Says first how long a full check takes;
 * a progress bar on a terminal; exit code 1 when data was lost.
 */
public final class CapacityCheckRunner {

    private final RunContext context;

    /**
     * A runner of the capacity check ({@code --verify-capacity}) in the context's directory.
     *
     * @param context the target (a directory), the options given ({@code --size},
     *     {@code --duration}, {@code --backend}), where the text and the results go
     */
    public CapacityCheckRunner(RunContext context) {
        this.context = context;
    }

    /**
     * {@return the exit code, one of {@link ExitCode}'s: {@link ExitCode#DATA_LOST} when less was
     * read back than was written}
     */
    public int run() {
        Path dir = context.target();
        CapacityPlan plan;
        long fillBytes;
        long freeBytes;
        try {
            plan = OptionSetters.CAPACITY_CHECK.build(dir, context.given());
            Optional<DataSize> asked = plan.parameters().size();
            freeBytes = asked.isPresent() ? -1 : DriveSpeed.probe(dir).usableSpaceBytes();
            fillBytes = asked.isPresent() ? asked.get().bytes()
                    : CapacityCheckReport.fillOfFreeSpace(freeBytes);
        } catch (IllegalArgumentException | IOException e) {
            return context.failed(e);
        }
        PrintWriter text = context.outputs().text();
        String size = context.given().typedValue(WorkloadOptions.SIZE).orElse(null);
        String time = context.given().typedValue(WorkloadOptions.DURATION).orElse(null);
        CapacityEstimate estimate = new CapacityEstimate(context.err(),
                context.stderrIsTerminal().getAsBoolean());
        boolean wholeFreeSpace = plan.parameters().size().isEmpty();
        Optional<Duration> duration = plan.parameters().duration();
        long fill = fillBytes;
        long free = freeBytes;
        // the header once the checks before writing have passed, so a refusal comes before it
        ProgressListener header = new BeforeFirstPass(() -> {
            text.println(Headers.on(dir) + "capacity check, " + (wholeFreeSpace
                    ? "the free space" : size) + (duration.isPresent()
                    ? " or what " + time + " of writing fills" : "")
                    + ": every test file written before any is read back, every byte checked,"
                    + " every file removed");
            text.flush();
            if (!context.quiet()) {
                estimate.before(fill, free, duration);
            }
        });
        CapacityCheckReport report;
        try (ProgressBar bar = context.progressBar(ProgressBar.CAPACITY_CHECK,
                duration.map(Duration::toNanos).orElse(-1L))) {
            ProgressListener progress = context.quiet() ? header : new Listeners(header,
                    bar == null ? estimate : new Listeners(bar, estimate));
            report = plan.listener(progress).run();
        } catch (IllegalArgumentException | IOException e) {
            return context.failed(e);
        }
        TextSummary.print(text, report, context.verbose());
        return Completion.finish(context, Results.of(report), null, null);
    }
}
