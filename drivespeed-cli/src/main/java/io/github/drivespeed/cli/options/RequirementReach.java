package io.github.drivespeed.cli.options;

import io.github.drivespeed.parameters.Parameters;
import io.github.drivespeed.requirement.StorageRequirement;
import io.github.drivespeed.requirement.StorageRequirement.Criterion;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A {@code --require} held against what the command line is about to run, before anything
 * runs: a term none of whose runs measures a figure it is judged on ({@code randread=} beside
 * {@code --rw randrw}, {@code read=} beside {@code --sustained}) would only be reported as not
 * judged after the run, so it is refused, naming the term as typed, what judges it, and that
 * without the option that chose the form drivespeed runs what the requirement needs.
 * Which run measures which figure is the library's rule ({@link Criterion#measuredBy}).
 */
public final class RequirementReach {

    /** The options that choose a workload form, in the order they are named. */
    private static final List<OptionRow<?>> WORKLOAD_CHOOSERS = List.of(WorkloadOptions.PRESET,
            WorkloadOptions.SWEEP, WorkloadOptions.RW);

    private RequirementReach() {
    }

    /**
     * {@return the refusal of the first {@code --require} term that none of {@code runs}
     * measures, or null where each is measured, or no requirement was given}
     *
     * @param given the options given, {@code --require} among them
     * @param form what the command line runs: a workload form or the sustained write
     * @param runs the settings of every run planned
     */
    public static String refusal(GivenOptions given, Form form, List<? extends Parameters> runs) {
        String typed = given.typedValue(OutputOptions.REQUIRE).orElse(null);
        if (typed == null) {
            return null;
        }
        for (String term : typed.split(",")) {
            StorageRequirement bounds;
            try {
                bounds = StorageRequirement.parse(term.strip());
            } catch (IllegalArgumentException e) {
                continue;
            }
            List<Criterion> missed = bounds.bounds().keySet().stream()
                    .filter(c -> runs.stream().noneMatch(c::measuredBy)).toList();
            if (!missed.isEmpty()) {
                return refusal(given, form, term.strip(), missed);
            }
        }
        return null;
    }

    /**
     * {@code invalid value for option '--require': 'randread=1000' is judged on pure random 4 KiB
     * reads (--rw randread --bs 4K), and the workload given (--rw randrw) measures none; without
     * --rw, drivespeed runs RND4K Q1T1 for it}.
     */
    private static String refusal(GivenOptions given, Form form, String term,
            List<Criterion> missed) {
        Set<String> runners = new LinkedHashSet<>();
        List<String> judgedOn = new ArrayList<>();
        for (Criterion c : missed) {
            judgedOn.add(judgedOn(c));
            runners.add(runner(c));
        }
        String chooser = form.isWorkload() ? WORKLOAD_CHOOSERS.stream().filter(given::has)
                .map(given::typed).collect(Collectors.joining(" and "))
                : form.choosingOption().map(given::typed).orElse("this test");
        return "invalid value for option '" + given.typed(OutputOptions.REQUIRE) + "': '" + term
                + "' is judged on " + String.join(" and ", judgedOn) + ", and " + ran(given, form)
                + (form.isWorkload() && form != Form.WORKLOAD ? " measure " : " measures ")
                + (missed.size() == 1 ? "none" : "none of these") + "; without "
                + chooser + ", drivespeed runs " + String.join(" and ", runners) + " for it";
    }

    /** What the form runs: {@code the workload given (--rw randrw --bs 4K)}, or its option. */
    private static String ran(GivenOptions given, Form form) {
        if (!form.isWorkload()) {
            return form.choosingOption().map(given::typed).orElse("this test");
        }
        List<OptionRow<?>> shaping = new ArrayList<>(WORKLOAD_CHOOSERS);
        shaping.add(MeasurementOptions.BLOCK_SIZE);
        String options = shaping.stream().filter(given::has)
                .map(r -> given.typed(r) + given.typedValue(r).map(v -> " " + v).orElse(""))
                .collect(Collectors.joining(" "));
        return (form == Form.WORKLOAD ? "the workload given (" : "the workloads given (")
                + options + ")";
    }

    /** What judges a criterion, in the command line's words. */
    private static String judgedOn(Criterion c) {
        String rw = WorkloadOptions.RW.option();
        String bs = MeasurementOptions.BLOCK_SIZE.option();
        switch (c) {
            case SEQUENTIAL_WRITE:
                return "the sequential test's write (drivespeed DIR, as dd's; not a workload's"
                        + " sequential write) or a sustained write";
            case SEQUENTIAL_READ:
                return "the sequential test's read (drivespeed DIR, as dd's; not a workload's"
                        + " sequential read)";
            case SUSTAINED_WRITE:
                return "a sustained write past the drive's write cache";
            case RANDOM_4K_READ_IOPS:
                return "pure random 4 KiB reads (" + rw + " randread " + bs + " 4K)";
            case RANDOM_4K_WRITE_IOPS:
                return "pure random 4 KiB writes (" + rw + " randwrite " + bs + " 4K)";
            default:
                return "pure random 4 KiB reads or writes (" + rw + " randread or randwrite "
                        + bs + " 4K)";
        }
    }

    /** What drivespeed runs for a criterion where no option chose the form. */
    private static String runner(Criterion c) {
        switch (c) {
            case SEQUENTIAL_WRITE:
            case SEQUENTIAL_READ:
                return "the sequential test";
            case SUSTAINED_WRITE:
                return "a sustained write";
            default:
                return "RND4K Q1T1";
        }
    }
}
