package io.github.drivespeed.cli.run;

import static io.github.drivespeed.cli.run.ErrorMessages.optionIfGiven;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.SustainedPlan;
import io.github.drivespeed.cli.options.GivenOptions;
import io.github.drivespeed.cli.options.MeasurementOptions;
import io.github.drivespeed.cli.options.WorkloadOptions;
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
    private final MeasurementOptions measurement;
    private final WorkloadOptions bounds;
    private final StorageRequirement requirement;

    /**
     * @param context the target (a directory), where the text and the results go
     * @param measurement block size, buffered, backend
     * @param bounds {@code --size} and {@code --duration}
     * @param requirement {@code --require}, or null
     */
    public SustainedRunner(RunContext context, MeasurementOptions measurement,
            WorkloadOptions bounds, StorageRequirement requirement) {
        this.context = context;
        this.measurement = measurement;
        this.bounds = bounds;
        this.requirement = requirement;
    }

    /** @return the exit code */
    public int run() {
        Path dir = context.target();
        SustainedPlan plan;
        try {
            plan = build(dir, context.given());
        } catch (IllegalArgumentException e) {
            return context.fail(e.getMessage(), ExitCode.BAD_INPUT);
        }
        PrintWriter text = context.outputs().text();
        text.println(Headers.on(dir) + "sustained write, no warm-up, until the rate holds steady"
                + " after a drop, " + bounds());
        text.flush();
        SustainedReport report;
        try (ProgressBar bar = context.progressBar(1)) {
            report = plan.listener(bar == null ? ProgressListener.NONE : bar).run();
        } catch (IllegalArgumentException | IOException e) {
            return context.fail(e);
        }
        text.println();
        text.print(report);
        text.flush();
        return Completion.finish(context, Results.of(report), requirement, null);
    }

    /** {@code at most 120 s and 8 GiB (and half the free space)}, with the bounds given. */
    private String bounds() {
        String time = bounds.duration() == null
                ? SustainedPlan.DEFAULT_DURATION.toSeconds() + " s" : bounds.duration();
        String size = bounds.size() == null
                ? SustainedPlan.DEFAULT_MAX_SIZE + " and half the free space" : bounds.size();
        return "at most " + time + " and " + size + ", 1 GiB always left free";
    }

    private SustainedPlan build(Path dir, GivenOptions given) {
        MeasurementOptions m = measurement;
        SustainedPlan p = DriveSpeed.sustained(dir);
        p = optionIfGiven(p, given.typed("--block-size"), m.blockSize(), SustainedPlan::blockSize);
        p = optionIfGiven(p, given.typed("--size"), bounds.size(), SustainedPlan::size);
        p = optionIfGiven(p, given.typed("--duration"), bounds.duration(),
                (t, d) -> t.duration(WorkloadPlanBuilder.parseDuration(d)));
        if (m.buffered()) {
            p = p.buffered();
        }
        return optionIfGiven(p, given.typed("--backend"), m.backend(), SustainedPlan::backend);
    }
}
