package io.github.drivespeed.cli.run;

import io.github.drivespeed.SequentialPlan;
import io.github.drivespeed.SustainedPlan;
import io.github.drivespeed.WorkloadPlan;
import io.github.drivespeed.cli.options.FormOptions;
import io.github.drivespeed.cli.options.OptionRow;
import io.github.drivespeed.cli.options.OptionSetters;
import io.github.drivespeed.cli.options.OutputOptions;
import io.github.drivespeed.cli.progress.Listeners;
import io.github.drivespeed.cli.progress.ProgressBar;
import io.github.drivespeed.fio.internal.Results;
import io.github.drivespeed.cli.text.Headers;
import io.github.drivespeed.cli.text.RunLinePrinter;
import io.github.drivespeed.cli.text.TablePrinter;
import io.github.drivespeed.cli.text.TextSummary;
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
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code drivespeed [DIR]}: the sequential write and read test, one line per run like the classic
 * test-drive-speed script, then the summary; with a {@code --require}, what the requirement needs
 * (only that, when it bounds no sequential figure): first, for a sustained minimum (every SD
 * class), a sustained write past the drive's write cache (before anything else writes, as a
 * warm-up would spend the cache it measures); the sequential test for sequential bounds; the
 * random 4 KiB workloads for random ones. Where the sustained write cannot run (the plan refused
 * before writing: a memory file system, O_DIRECT refused, too little free space), the
 * sequential test runs in its place and says so, and the sustained minimum is not judged: burst
 * only. Options only the sequential test takes, beside a requirement that runs a sustained write
 * and no sequential test, are refused when that write is about to start (exit code 2, nothing
 * written): they ask for a test that does not run, and the write runs up to 8 GiB.
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
     * the requirement is not met or data was lost, {@link ExitCode#NOT_JUDGED} when it could not
     * be judged}
     */
    public int run() {
        Plans plans;
        try {
            plans = plans();
        } catch (IllegalArgumentException e) {
            return context.refuse(e);
        }
        Results results = null;
        SequentialPlan test = plans.test();
        boolean workloads = plans.random() != null;
        List<String> unused = test == null ? unusedSequentialOptions(workloads) : List.of();
        if (plans.sustained() == null && !unused.isEmpty()) {
            sayUnusedSequentialOptions(unused);
        }
        if (plans.sustained() != null) {
            try {
                results = Results.of(SustainedRunner.measure(context, plans.sustained(),
                        " (for the requirement)", () -> refuseUnused(unused, workloads)));
            } catch (UnusedOptions e) {
                return context.fail(e.getMessage(), ExitCode.BAD_INPUT);
            } catch (IllegalArgumentException | IOException e) {
                RunContext.Failure why = context.failure(e);
                if (!why.beforeAnyWrite()) {
                    return context.fail(why.message(), why.exitCode());
                }
                try {
                    test = burstInstead(why, test);
                } catch (IllegalArgumentException refused) {
                    return context.refuse(refused);
                }
            }
        }
        try {
            results = measure(test, plans.random(), results);
        } catch (IllegalArgumentException e) {
            return context.refuse(e);
        } catch (LateFailure e) {
            return Completion.failedLate(context, e.completed(),
                    context.failure(e.failure(), "buffered", "directOrBuffered"));
        } catch (IOException e) {
            return context.failed(e, "buffered", "directOrBuffered");
        }
        return Completion.finish(context, results, requirement, null);
    }

    /** What the command line runs: each plan, or null where it does not run. */
    private record Plans(SustainedPlan sustained, SequentialPlan test, WorkloadPlan random) { }

    /** The plans the requirement needs (the sequential test alone without one), checked. */
    private Plans plans() {
        Path dir = context.target();
        SustainedPlan sustained = requirement != null && requirement.needsSustainedWrite()
                ? OptionSetters.REQUIREMENT_SUSTAINED_WRITE.build(dir, context.given()) : null;
        SequentialPlan test = requirement == null || requirement.needsSequentialTest()
                ? OptionSetters.SEQUENTIAL_TEST.build(dir, context.given()) : null;
        WorkloadPlan random = RequirementChecker.needsWorkloads(requirement)
                ? OptionSetters.REQUIREMENT_WORKLOADS.build(dir, context.given()) : null;
        return new Plans(sustained, test, random);
    }

    /**
     * The options of the sequential test given (as typed, quoted) that a requirement running no
     * sequential test (an SD class alone, judged on the sustained write with its own bounds;
     * random 4 KiB figures alone) leaves unused: they are read only where the sustained write
     * cannot run and the sequential test runs in its place.
     *
     * @param workloads whether the requirement's random workloads run (they take some options)
     */
    private List<String> unusedSequentialOptions(boolean workloads) {
        Set<OptionRow<?>> used =
                new HashSet<>(OptionSetters.REQUIREMENT_SUSTAINED_WRITE.options());
        if (workloads) {
            used.addAll(OptionSetters.REQUIREMENT_WORKLOADS.options());
        }
        List<String> unused = new ArrayList<>();
        for (OptionRow<?> row : OptionSetters.SEQUENTIAL_TEST.options()) {
            if (context.given().has(row) && !used.contains(row)) {
                unused.add("'" + context.given().typed(row) + "'");
            }
        }
        return unused;
    }

    /** {@code option '--runs' sets} or {@code options '--count', '--runs' set}. */
    private static String optionsSet(List<String> options) {
        return (options.size() == 1 ? "option " : "options ") + String.join(", ", options)
                + (options.size() == 1 ? " sets" : " set");
    }

    /**
     * Says which options of the sequential test a requirement of random figures alone leaves
     * unused: its figures come from random 4 KiB workloads, which write little.
     */
    private void sayUnusedSequentialOptions(List<String> unused) {
        PrintWriter text = context.outputs().text();
        text.println(Headers.on(context.target()) + optionsSet(unused)
                + " the sequential test, which " + OutputOptions.REQUIRE.option() + " "
                + requirement.name() + " does not run: its figures come from random 4 KiB"
                + " workloads; add a sequential minimum (read=... or write=...) to run it too");
        text.flush();
    }

    /**
     * Refuses the sequential test's options beside a requirement judged on a sustained write
     * alone, once that write is about to start (its checks passed, nothing written yet): a
     * {@code --count 4} asks for a small test, and the sustained write would write up to
     * gigabytes. Where the sustained write cannot run, the sequential test runs in its place with
     * these options, and this is never reached.
     *
     * @param workloads whether the requirement's random workloads run as well
     * @throws UnusedOptions when options were given
     */
    private void refuseUnused(List<String> unused, boolean workloads) {
        if (unused.isEmpty()) {
            return;
        }
        String require = OutputOptions.REQUIRE.option() + " " + requirement.name();
        throw new UnusedOptions(optionsSet(unused) + " the sequential test, which " + require
                + " does not run: it is judged on a sustained write past the drive's write cache, "
                + SustainedRunner.bounds(context) + (workloads ? ", and random 4 KiB workloads"
                        : "") + ", whatever " + String.join(", ", unused)
                + (unused.size() == 1 ? " says" : " say") + "; drop " + String.join(", ", unused)
                + " to run " + (workloads ? "those" : "that sustained write") + " alone, or add a sequential minimum to "
                + OutputOptions.REQUIRE.option() + " (read=... or write=...) to run the"
                + " sequential test as well, with " + String.join(", ", unused));
    }

    /** The refusal of {@link #refuseUnused}, out of the sustained write's listener. */
    private static final class UnusedOptions extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UnusedOptions(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * Says that the requirement's sustained write cannot run, and why; returns the sequential
     * test to run in its place (the one planned, or one of the options given).
     */
    private SequentialPlan burstInstead(RunContext.Failure why, SequentialPlan planned) {
        PrintWriter text = context.outputs().text();
        text.println(Headers.on(context.target()) + "the sustained write the requirement needs"
                + " cannot run here, as " + FormOptions.SUSTAINED.option() + " says: "
                + why.message() + "; the sequential test runs in its place, and the sustained"
                + " minimum is judged on it: burst only");
        text.flush();
        return planned != null ? planned
                : OptionSetters.SEQUENTIAL_TEST.build(context.target(), context.given());
    }

    /**
     * Runs the sequential test and the random workloads, where planned, after what was measured
     * before (the sustained write), and prints each.
     *
     * @return the results so far, these added
     */
    private Results measure(SequentialPlan test, WorkloadPlan random, Results before)
            throws IOException {
        Path dir = context.target();
        PrintWriter text = context.outputs().text();
        Results results = before;
        try (ProgressBar bar = context.progressBar(test == null ? 0 : test.parameters().runs())) {
            if (test != null) {
                SequentialParameters asked = test.parameters();
                String gap = results == null ? "" : "\n";
                ProgressListener lines = new RunLinePrinter(text, direct -> gap + Headers.on(dir)
                        + Headers.sequential(asked, direct));
                SpeedReport report;
                try {
                    // the chart's clock read first, before the bar and the lines do their work
                    report = test.listener(new Listeners(context.outputs().chartListener(),
                            bar == null ? lines : new Listeners(bar, lines))).run();
                } catch (IOException e) {
                    throw LateFailure.keepingCompleted(e, results, text, context.verbose());
                }
                TextSummary.print(text, report, context.verbose());
                results = results == null ? Results.of(report) : results.and(report);
            }
            if (random != null) {
                List<Preset> rnd = List.of(Preset.RND4K_Q1T1);
                WorkloadPlan plan = random.listener(bar == null ? WorkloadListener.NONE : bar);
                text.println((results == null ? "" : "\n") + Headers.on(dir)
                        + Headers.presets(rnd, plan) + " (for the requirement)");
                text.flush();
                WorkloadTable table;
                try {
                    table = plan.runPresets(rnd);
                } catch (IOException e) {
                    throw LateFailure.keepingCompletedRows(e, results,
                            LateFailure.presetRows(rnd), false, text, context.verbose());
                }
                TablePrinter.print(text, table, false, context.verbose());
                results = results == null ? Results.of(table) : results.and(table);
            }
        }
        return results;
    }
}
