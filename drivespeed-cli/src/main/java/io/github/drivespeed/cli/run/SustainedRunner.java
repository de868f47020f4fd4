package io.github.drivespeed.cli.run;

import io.github.drivespeed.SustainedPlan;
import io.github.drivespeed.cli.options.Form;
import io.github.drivespeed.cli.options.GivenOptions;
import io.github.drivespeed.cli.options.OptionSetters;
import io.github.drivespeed.cli.options.RequirementReach;
import io.github.drivespeed.cli.options.WorkloadOptions;
import io.github.drivespeed.cli.progress.BeforeFirstPass;
import io.github.drivespeed.cli.progress.Listeners;
import io.github.drivespeed.cli.progress.ProgressBar;
import io.github.drivespeed.fio.internal.Results;
import io.github.drivespeed.cli.text.Headers;
import io.github.drivespeed.cli.text.TextSummary;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.SustainedReport;
import io.github.drivespeed.requirement.StorageRequirement;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import io.github.drivespeed.unit.DataSize;
import java.time.Duration;
import java.util.List;

/**
 * {@code drivespeed DIR --sustained}: a write past the drive's write cache, no warm-up first;
 * prints the burst rate, the cache size and the sustained rate. A {@code --require} with a
 * sustained minimum (every SD class) is judged on the sustained rate (not judged, burst only,
 * where a smaller {@code --size} or {@code --duration} cut the write short with no drop).
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
        String unmeasured = RequirementReach.refusal(context.given(), context.form(),
                List.of(plan.parameters()));
        if (unmeasured != null) {
            return context.fail(unmeasured, ExitCode.BAD_INPUT);
        }
        SustainedReport report;
        try {
            report = measure(context, plan, "");
        } catch (IllegalArgumentException | IOException e) {
            return context.failed(e, "buffered");
        }
        return Completion.finish(context, Results.of(report), requirement, null);
    }

    /**
     * Runs a sustained write with a progress bar, its header printed once the checks before
     * writing have passed (so that a refusal comes before it), then prints its report.
     *
     * @param context where the text and the progress go
     * @param plan the sustained write
     * @param why after the header's bounds, why it runs (for example
     *     {@code " (for the requirement)"}), or empty
     * @return the report
     * @throws IOException as {@link SustainedPlan#run()}
     * @throws IllegalArgumentException as {@link SustainedPlan#run()}
     */
    static SustainedReport measure(RunContext context, SustainedPlan plan, String why)
            throws IOException {
        return measure(context, plan, why, () -> { });
    }

    /**
     * As {@link #measure(RunContext, SustainedPlan, String)}, with {@code first} run when the
     * pass is about to start, after the plan's checks and before anything is written: what it
     * throws aborts the run (the test file removed) and comes out of this method.
     */
    static SustainedReport measure(RunContext context, SustainedPlan plan, String why,
            Runnable first) throws IOException {
        PrintWriter text = context.outputs().text();
        ProgressListener header = new BeforeFirstPass(() -> {
            first.run();
            text.println(Headers.on(context.target()) + "sustained write, no warm-up, until the"
                    + " rate holds steady after a drop, " + bounds(context) + why);
            text.flush();
        });
        SustainedReport report;
        try (ProgressBar bar = context.progressBar(1)) {
            report = plan.listener(bar == null ? header : new Listeners(header, bar)).run();
        }
        TextSummary.print(text, report, context.verbose());
        return report;
    }

    /**
     * {@code at most 120 s and 8 GiB (and half the free space)}, with the bounds given (those
     * of {@code --sustained}; the sustained write of a requirement takes the defaults).
     */
    static String bounds(RunContext context) {
        GivenOptions given = context.given();
        boolean own = context.form() == Form.SUSTAINED;
        // the bounds in the units the rest of the output uses (10 s, 256 MiB), not as typed
        Duration duration = own ? given.value(WorkloadOptions.DURATION) : null;
        String time = duration == null ? SustainedPlan.DEFAULT_DURATION.toSeconds() + " s"
                : duration.toNanosPart() % 1_000_000 == 0 && duration.toMillisPart() != 0
                        ? duration.toMillis() + " ms" : duration.toSeconds() + " s";
        DataSize typedSize = own ? given.value(WorkloadOptions.SIZE) : null;
        String size = typedSize != null ? typedSize.toString()
                : SustainedPlan.DEFAULT_MAX_SIZE + " and half the free space";
        return "at most " + time + " and " + size + ", 5 % of the file system (16 MiB to 1 GiB)"
                + " always left free";
    }
}
