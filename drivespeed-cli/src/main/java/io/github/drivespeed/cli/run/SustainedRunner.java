package io.github.drivespeed.cli.run;

import io.github.drivespeed.SustainedPlan;
import io.github.drivespeed.cli.options.GivenOptions;
import io.github.drivespeed.cli.options.OptionSetters;
import io.github.drivespeed.cli.options.WorkloadOptions;
import io.github.drivespeed.cli.progress.BeforeFirstPass;
import io.github.drivespeed.cli.progress.Listeners;
import io.github.drivespeed.cli.progress.ProgressBar;
import io.github.drivespeed.cli.results.Results;
import io.github.drivespeed.cli.text.Headers;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.SustainedReport;
import io.github.drivespeed.requirement.StorageRequirement;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * {@code drivespeed DIR --sustained}: a write past the drive's write cache, no warm-up first;
 * prints the burst rate, the cache size and the sustained rate. A {@code --require} with
 * sequential-write minimums (the SD C, U and V classes) is judged on the sustained rate.
 */
public final class SustainedRunner {

    private final RunContext context;
    private final StorageRequirement requirement;

    /**
     * A runner of the sustained write ({@code --sustained}) in the context's directory.
     *
     * @param context the target (a directory), the options given, where the text and the results go
     * @param requirement {@code --require}, or null
     */
    public SustainedRunner(RunContext context, StorageRequirement requirement) {
        this.context = context;
        this.requirement = requirement;
    }

    /**
     * {@return the exit code, one of {@link ExitCode}'s: {@link ExitCode#REQUIREMENT_FAILED} when
     * the requirement is not met}
     */
    public int run() {
        Path dir = context.target();
        SustainedPlan plan;
        try {
            plan = OptionSetters.SUSTAINED_WRITE.build(dir, context.given());
        } catch (IllegalArgumentException e) {
            return context.refuse(e);
        }
        PrintWriter text = context.outputs().text();
        // the header once the checks before writing have passed, so a refusal comes before it
        ProgressListener header = new BeforeFirstPass(() -> {
            text.println(Headers.on(dir) + "sustained write, no warm-up, until the rate holds"
                    + " steady after a drop, " + bounds());
            text.flush();
        });
        SustainedReport report;
        try (ProgressBar bar = context.progressBar(1)) {
            report = plan.listener(bar == null ? header : new Listeners(header, bar)).run();
        } catch (IllegalArgumentException | IOException e) {
            return context.failed(e, "buffered");
        }
        text.println();
        text.print(report);
        text.flush();
        return Completion.finish(context, Results.of(report), requirement, null);
    }

    /** {@code at most 120 s and 8 GiB (and half the free space)}, with the bounds given. */
    private String bounds() {
        GivenOptions given = context.given();
        String time = given.typedValue(WorkloadOptions.DURATION)
                .orElse(SustainedPlan.DEFAULT_DURATION.toSeconds() + " s");
        String size = given.typedValue(WorkloadOptions.SIZE)
                .orElse(SustainedPlan.DEFAULT_MAX_SIZE + " and half the free space");
        return "at most " + time + " and " + size + ", 5 % of the file system (16 MiB to 1 GiB)"
                + " always left free";
    }
}
