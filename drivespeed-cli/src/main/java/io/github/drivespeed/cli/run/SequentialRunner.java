package io.github.drivespeed.cli.run;

import io.github.drivespeed.SequentialPlan;
import io.github.drivespeed.WorkloadPlan;
import io.github.drivespeed.cli.options.GenuineOptions;
import io.github.drivespeed.cli.options.MeasurementOptions;
import io.github.drivespeed.cli.options.ReadModeOptions;
import io.github.drivespeed.cli.options.SequentialOptions;
import io.github.drivespeed.cli.options.WorkloadOptions;
import io.github.drivespeed.cli.progress.Listeners;
import io.github.drivespeed.cli.progress.ProgressBar;
import io.github.drivespeed.cli.results.Results;
import io.github.drivespeed.cli.text.Headers;
import io.github.drivespeed.cli.text.RunLinePrinter;
import io.github.drivespeed.cli.text.TablePrinter;
import io.github.drivespeed.error.InsufficientSpaceException;
import io.github.drivespeed.error.TargetNotFoundException;
import io.github.drivespeed.error.TargetNotWritableException;
import io.github.drivespeed.error.UnsupportedTargetException;
import io.github.drivespeed.parameters.Preset;
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
    private final MeasurementOptions measurement;
    private final WorkloadOptions workload;
    private final StorageRequirement requirement;
    private final SequentialPlanBuilder sequentialPlans;
    private final WorkloadPlanBuilder workloadPlans;

    /**
     * @param context the target (a directory), where the text and the results go
     * @param measurement block size, count, runs, buffered, backend
     * @param sequential the sequential test's own options
     * @param readModes cached reads, drop_caches
     * @param workload the options of the requirement's workloads (size, duration, ramp time)
     * @param requirement {@code --require}, or null
     * @param genuine {@code --no-verify}
     */
    public SequentialRunner(RunContext context, MeasurementOptions measurement,
            SequentialOptions sequential, ReadModeOptions readModes, WorkloadOptions workload,
            StorageRequirement requirement, GenuineOptions genuine) {
        this.context = context;
        this.measurement = measurement;
        this.workload = workload;
        this.requirement = requirement;
        this.sequentialPlans = new SequentialPlanBuilder(measurement, sequential, readModes,
                context.given(), genuine.noVerify());
        this.workloadPlans = new WorkloadPlanBuilder(measurement, workload, context.given());
    }

    /** @return the exit code */
    public int run() {
        Path dir = context.target();
        boolean sequentialNeeded = requirement == null || requirement.needsSequentialTest();
        SequentialPlan test = null;
        WorkloadPlan random = null;
        try {
            if (sequentialNeeded) {
                test = sequentialPlans.build(dir);
            }
            if (RequirementChecker.needsWorkloads(requirement)) {
                random = workloadPlans.requirementWorkloads(dir);
            }
        } catch (IllegalArgumentException e) {
            return context.fail(e.getMessage(), ExitCode.BAD_INPUT);
        }
        PrintWriter text = context.outputs().text();
        Results results = null;
        try (ProgressBar bar = context.progressBar(test == null ? 0 : test.parameters().runs())) {
            if (test != null) {
                ProgressListener lines = new RunLinePrinter(text, Headers.on(dir)
                        + test.parameters());
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
            return context.fail(test == null ? e.getMessage()
                    : ErrorMessages.sequentialBlockSize(e.getMessage(),
                            context.typed("--block-size"), blockSize()), ExitCode.BAD_INPUT);
        } catch (TargetNotFoundException | UnsupportedTargetException
                | TargetNotWritableException e) {
            return context.fail(e.getMessage(), ExitCode.BAD_INPUT);
        } catch (InsufficientSpaceException e) {
            // the sequential test runs first: no results yet means it was the one
            return context.fail(ErrorMessages.noSpace(e, test != null && results == null
                    ? context.typed("--block-size") + " (" + blockSize() + ") or "
                            + context.typed("--count") + " (" + (measurement.count() == null
                                    ? SequentialPlan.DEFAULT_COUNT : measurement.count()) + ")"
                    : context.typed("--size") + ErrorMessages.sizeGiven(workload.size())),
                    ExitCode.IO_ERROR);
        } catch (IOException e) {
            return context.fail(e.getMessage(), ExitCode.IO_ERROR);
        }
        return Completion.finish(context, results, requirement, null);
    }

    /** The block size given, or the default. */
    private Object blockSize() {
        return measurement.blockSize() == null ? SequentialPlan.DEFAULT_BLOCK_SIZE
                : measurement.blockSize();
    }
}
