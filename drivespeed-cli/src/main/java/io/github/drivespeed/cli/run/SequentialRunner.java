package io.github.drivespeed.cli.run;

import io.github.drivespeed.SequentialPlan;
import io.github.drivespeed.WorkloadPlan;
import io.github.drivespeed.cli.options.OptionSetters;
import io.github.drivespeed.cli.progress.Listeners;
import io.github.drivespeed.cli.progress.ProgressBar;
import io.github.drivespeed.cli.results.Results;
import io.github.drivespeed.cli.text.Headers;
import io.github.drivespeed.cli.text.RunLinePrinter;
import io.github.drivespeed.cli.text.TablePrinter;
import io.github.drivespeed.parameters.Preset;
import io.github.drivespeed.parameters.SequentialParameters;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.progress.WorkloadListener;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.WorkloadTable;
import io.github.drivespeed.requirement.StorageRequirement;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code drivespeed [DIR]}: the sequential write and read test, one line per run like the classic
 * test-drive-speed script, then the summary; with a {@code --require} that has random figures,
 * also the random 4 KiB workloads it needs (or only those).
 */
public final class SequentialRunner {

    private final RunContext context;
    private final StorageRequirement requirement;

    /**
     * A runner of the sequential test in the context's directory.
     *
     * @param context the target (a directory), the options given, where the text and the results go
     * @param requirement {@code --require}, or null
     */
    public SequentialRunner(RunContext context, StorageRequirement requirement) {
        this.context = context;
        this.requirement = requirement;
    }

    /**
     * {@return the exit code, one of {@link ExitCode}'s: {@link ExitCode#REQUIREMENT_FAILED} when
     * the requirement is not met or data was lost}
     */
    public int run() {
        Path dir = context.target();
        boolean sequentialNeeded = requirement == null || requirement.needsSequentialTest();
        SequentialPlan test = null;
        WorkloadPlan random = null;
        try {
            if (sequentialNeeded) {
                test = OptionSetters.SEQUENTIAL_TEST.build(dir, context.given());
            }
            if (RequirementChecker.needsWorkloads(requirement)) {
                random = OptionSetters.REQUIREMENT_WORKLOADS.build(dir, context.given());
            }
        } catch (IllegalArgumentException e) {
            return context.refuse(e);
        }
        PrintWriter text = context.outputs().text();
        Results results = null;
        try (ProgressBar bar = context.progressBar(test == null ? 0 : test.parameters().runs())) {
            if (test != null) {
                SequentialParameters asked = test.parameters();
                ProgressListener lines = new RunLinePrinter(text, direct -> Headers.on(dir)
                        + Headers.sequential(asked, direct));
                SpeedReport report = test.listener(bar == null ? lines
                        : new Listeners(bar, lines)).run();
                text.println();
                text.print(report);
                text.flush();
                results = Results.of(report);
            }
            if (random != null) {
                List<Preset> rnd = List.of(Preset.RND4K_Q1T1);
                WorkloadPlan plan = random.listener(bar == null ? WorkloadListener.NONE : bar);
                text.println((results == null ? "" : "\n") + Headers.on(dir)
                        + Headers.presets(rnd, plan) + " (for the requirement)");
                text.flush();
                WorkloadTable table = plan.presets(rnd);
                TablePrinter.print(text, table, false);
                results = results == null ? Results.of(table) : results.and(table);
            }
        } catch (IllegalArgumentException e) {
            return context.refuse(e);
        } catch (IOException e) {
            return context.failed(e, "buffered", "directOrBuffered");
        }
        return Completion.finish(context, results, requirement, null);
    }
}
