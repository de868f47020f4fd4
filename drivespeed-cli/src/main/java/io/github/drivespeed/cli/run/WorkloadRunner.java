package io.github.drivespeed.cli.run;

import io.github.drivespeed.WorkloadPlan;
import io.github.drivespeed.cli.options.GivenOptions;
import io.github.drivespeed.cli.options.OptionSetters;
import io.github.drivespeed.cli.options.RequirementReach;
import io.github.drivespeed.cli.options.WorkloadOptions;
import io.github.drivespeed.cli.progress.ProgressBar;
import io.github.drivespeed.fio.internal.Results;
import io.github.drivespeed.cli.text.HeaderPrinter;
import io.github.drivespeed.cli.text.Headers;
import io.github.drivespeed.cli.text.TablePrinter;
import io.github.drivespeed.cli.text.TextSummary;
import io.github.drivespeed.parameters.Preset;
import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.progress.WorkloadListener;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.report.WorkloadTable;
import io.github.drivespeed.requirement.StorageRequirement;
import java.io.IOException;
import java.io.PrintWriter;
import io.github.drivespeed.unit.DataSize;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code drivespeed [DIR] --rw MODE | --preset NAME | --sweep}: a fio-style workload (its report),
 * a preset suite or a block-size sweep (a table).
 */
public final class WorkloadRunner {

    private final RunContext context;
    private final StorageRequirement requirement;

    /**
     * A runner of workloads, presets and the sweep in the context's directory.
     *
     * @param context the target (a directory), the options given, where the text and the results go
     * @param requirement {@code --require}, or null
     */
    public WorkloadRunner(RunContext context, StorageRequirement requirement) {
        this.context = context;
        this.requirement = requirement;
    }

    /**
     * {@return the exit code, one of {@link ExitCode}'s: {@link ExitCode#REQUIREMENT_FAILED} when
     * the requirement is not met}
     */
    public int run() {
        Path dir = context.target();
        GivenOptions given = context.given();
        WorkloadPlan plan;
        List<Preset> chosen;
        boolean sweep = given.has(WorkloadOptions.SWEEP);
        try {
            plan = OptionSetters.WORKLOADS.build(dir, given);
            chosen = given.has(WorkloadOptions.PRESET) ? given.value(WorkloadOptions.PRESET)
                    : List.of();
            String unmeasured = RequirementReach.refusal(given, context.form(),
                    runs(plan, chosen, sweep));
            if (unmeasured != null) {
                return context.fail(unmeasured, ExitCode.BAD_INPUT);
            }
        } catch (IllegalArgumentException e) {
            return context.refuse(e);
        }
        PrintWriter out = context.outputs().text();
        Results results;
        WorkloadTable sweepTable = null;
        try (ProgressBar bar = context.progressBar(0)) {
            // printed when the first stage starts: the plan's own checks come first
            plan = plan.listener(new HeaderPrinter(out, Headers.on(dir) + (!chosen.isEmpty()
                            ? Headers.presets(chosen, plan)
                            : sweep ? Headers.sweep(plan, given.has(WorkloadOptions.RW))
                            : plan.parameters().toString()),
                    bar == null ? WorkloadListener.NONE : bar));
            if (!chosen.isEmpty() || sweep) {
                WorkloadTable table;
                try {
                    table = chosen.isEmpty() ? plan.runSweep() : plan.runPresets(chosen);
                } catch (IOException e) {
                    throw LateFailure.keepingCompletedRows(e, null, chosen.isEmpty()
                            ? LateFailure.sweepRows(WorkloadPlan.DEFAULT_SWEEP)
                            : LateFailure.presetRows(chosen), sweep, out, context.verbose());
                }
                TablePrinter.print(out, table, sweep, context.verbose());
                results = Results.of(table);
                sweepTable = chosen.isEmpty() ? table : null;
            } else {
                WorkloadReport report;
                try {
                    report = plan.run();
                } catch (IOException e) {
                    throw LateFailure.keepingCompleted(e, null, out, context.verbose());
                }
                TextSummary.print(out, report, context.verbose());
                results = Results.of(report);
            }
        } catch (IllegalArgumentException e) {
            return context.refuse(e);
        } catch (LateFailure e) {
            return Completion.failedLate(context, e.completed(),
                    context.failure(e.failure(), "buffered"));
        } catch (IOException e) {
            return context.failed(e, "buffered");
        }
        return Completion.finish(context, results, requirement, sweepTable);
    }

    /**
     * The settings of every workload the plan will run: each preset read and written, each
     * block size of the sweep, or the plan itself.
     */
    private static List<WorkloadParameters> runs(WorkloadPlan plan, List<Preset> presets,
            boolean sweep) {
        List<WorkloadParameters> runs = new ArrayList<>();
        for (Preset p : presets) {
            runs.add(plan.preset(p).read().parameters());
            runs.add(plan.preset(p).write().parameters());
        }
        if (sweep && presets.isEmpty()) {
            for (DataSize b : WorkloadPlan.DEFAULT_SWEEP) {
                runs.add(plan.blockSize(b).parameters());
            }
        }
        if (runs.isEmpty()) {
            runs.add(plan.parameters());
        }
        return runs;
    }
}
