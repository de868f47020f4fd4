package io.github.drivespeed.cli.options;

import io.github.drivespeed.SustainedPlan;
import io.github.drivespeed.requirement.StorageRequirement;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Reads {@link OptionTable} for one command line: the first option given that does not go with
 * its form, as the one-line refusal that names it.
 */
public final class OptionPlacement {

    private final GivenOptions given;

    /**
     * The placement of the options one command line gave.
     *
     * @param given the options the command line gave
     */
    public OptionPlacement(GivenOptions given) {
        this.given = given;
    }

    /**
     * Checked first, before any value: the options that {@code --probe} (any measuring option),
     * {@code --sustained} and {@code --verify-capacity} (any they do not take), {@code --preset}
     * (what a preset fixes) and {@code --sweep} (the block size) exclude, the first one in the
     * order given, as typed.
     *
     * @param form the form
     * @return {@code options '--probe' and '--count' exclude each other: ...}, or null
     */
    public String exclusion(Form form) {
        Optional<OptionRow<?>> choosing = form.excludingOption();
        if (choosing.isEmpty()) {
            return null;
        }
        for (OptionRow<?> row : given.inOrder()) {
            boolean excluded = !row.goesWith(form)
                    && (form.excludesEveryOther() || row.goesWithAWorkload());
            if (excluded) {
                return OptionTable.excludeEachOther(choosing.get().option(), given.typed(row))
                        + ": " + form.exclusionReason()
                        + (form == Form.PROBE ? " (it takes " + taken(form) + ")" : "");
            }
        }
        return null;
    }

    /**
     * Checked once the outputs and the requirement are known, before the plan is built: an option
     * given that the form does not take, the first in the table's order.
     *
     * @param form the form
     * @param requirement {@code --require}, or null
     * @param requirementWorkloads whether a requirement runs random 4 KiB workloads in a
     *     directory (they take {@code --size}, {@code --duration}, {@code --ramp-time} and
     *     {@code --ioengine})
     * @param target the path given, for messages
     * @return the refusal, or null when every option given goes with the form
     */
    public String misplaced(Form form, StorageRequirement requirement,
            boolean requirementWorkloads, Path target) {
        List<OptionRow<?>> given = this.given.inOrder();
        List<OptionRow<?>> misplaced = OptionTable.rows().stream()
                .filter(r -> given.contains(r) && !r.goesWith(form)
                        && !(requirementWorkloads && r.goesWith(Form.REQUIREMENT_WORKLOADS)))
                .toList();
        if (misplaced.isEmpty()) {
            return null;
        }
        OptionRow<?> first = misplaced.get(0);
        String typed = this.given.typed(first);
        switch (form) {
            case WORKLOAD:
            case PRESET:
            case SWEEP:
                List<OptionRow<?>> notForWorkloads = misplaced.stream()
                        .filter(OptionPlacement::readOrDeviceOnly).toList();
                if (!notForWorkloads.isEmpty()) {
                    return (notForWorkloads.size() == 1 ? "option " : "options ")
                            + quotedList(notForWorkloads) + (notForWorkloads.size() == 1
                                    ? " applies" : " apply")
                            + " to the sequential and device tests, not to workloads";
                }
                return "option '" + typed + "' applies to the sequential test only, not to"
                        + " workloads";
            case DEVICE:
                return "option '" + typed + "' does not apply to a block device test";
            case FIO_JOB:
                return "option '" + typed + "' does not apply to fio jobs (a job file or"
                        + " fio's spellings: docs/fio.md lists what they take)";
            case SEQUENTIAL:
                for (OptionRow<?> r : misplaced) {
                    if (readOrDeviceOnly(r)) {
                        return "option '" + this.given.typed(r) + "' applies to a block"
                                + " device only, and " + target.toAbsolutePath().normalize()
                                + " is not one";
                    }
                }
                if (requirement != null && requirement.needsSustainedWrite()
                        && first.goesWith(Form.SUSTAINED)) {
                    return unboundedSustainedWrite(first);
                }
                return "option '" + typed + "' needs " + formsOf(first)
                        + (first == WorkloadOptions.SIZE ? SequentialSize.instead(this.given) : "");
            default:
                // the forms whose option excludes every other were refused by exclusion()
                return "option '" + typed + "' does not apply to "
                        + form.choosingOption().map(OptionRow::option).orElse("this form");
        }
    }

    /**
     * {@code --size} or {@code --duration} beside a {@code --require} whose sustained minimum
     * (an SD class) runs the sustained write with {@code --sustained}'s default bounds, and no
     * random 4 KiB workload that would take the option: the option bounds only a write of
     * {@code --sustained}'s own, which is named, with the whole command line to type.
     */
    private String unboundedSustainedWrite(OptionRow<?> row) {
        String typed = given.typed(row);
        String sustained = FormOptions.SUSTAINED.option();
        String require = given.typed(OutputOptions.REQUIRE) + " "
                + given.typedValue(OutputOptions.REQUIRE).orElse("");
        return "option '" + typed + "' does not bound the sustained write " + require
                + " runs, which goes past the drive's write cache with " + sustained + "'s"
                + " default bounds (at most " + SustainedPlan.DEFAULT_DURATION.toSeconds()
                + " s, " + SustainedPlan.DEFAULT_MAX_SIZE + " or half the free space); add "
                + sustained + " to bound it: " + sustained + " " + typed + " "
                + given.typedValue(row).orElse("") + " " + require + " (a write that stops"
                + " within the cache leaves the class not judged: burst only)";
    }

    /** {@code --json, --csv and --output}: the options a form takes besides its own. */
    private static String taken(Form form) {
        return joined(OptionTable.rows().stream()
                .filter(r -> r.goesWith(form) && !r.chooses(form)).map(OptionRow::option)
                .toList(), " and ");
    }

    /**
     * What an option the sequential test does not take goes with, for example {@code a workload
     * (--rw, --preset or --sweep), --sustained, --verify-capacity or a --require with random 4 KiB
     * figures} for {@code --size}, {@code ... or a block device as the target} for an option of
     * the device test too: every form it goes with, so that the refusal names each way to use it.
     */
    private static String formsOf(OptionRow<?> row) {
        List<String> forms = new ArrayList<>();
        if (row.goesWithAWorkload()) {
            forms.add("a workload (" + workloadChoosers(row) + ")");
        }
        for (Form form : List.of(Form.SUSTAINED, Form.CAPACITY_CHECK)) {
            if (row.goesWith(form)) {
                forms.add(choosing(form));
            }
        }
        if (row.goesWith(Form.REQUIREMENT_WORKLOADS)) {
            forms.add("a " + OutputOptions.REQUIRE.option() + " with random 4 KiB figures");
        }
        if (row.goesWith(Form.DEVICE)) {
            forms.add("a block device as the target");
        } else if (row.goesWith(Form.CAPACITY_PROBE)) {
            forms.add(choosing(Form.CAPACITY_CHECK) + " on a block device (the capacity probe)");
        }
        if (forms.isEmpty()) {
            return "another form of the test (drivespeed --help lists them)";
        }
        return joined(forms, " or ");
    }

    /**
     * {@code --rw, --preset or --sweep}: the options that choose a workload form {@code row} goes
     * with ({@code --rw} alone for {@code --rwmixread}, which a preset or sweep does not take).
     */
    private static String workloadChoosers(OptionRow<?> row) {
        return joined(Stream.of(Form.WORKLOAD, Form.PRESET, Form.SWEEP).filter(row::goesWith)
                .map(OptionPlacement::choosing).toList(), " or ");
    }

    /** {@code a, b or c}: the items, the last joined with {@code last}. */
    private static String joined(List<String> items, String last) {
        return items.size() == 1 ? items.get(0)
                : String.join(", ", items.subList(0, items.size() - 1)) + last
                        + items.get(items.size() - 1);
    }

    private static String choosing(Form form) {
        return form.choosingOption().map(OptionRow::option).orElseThrow();
    }

    /** Whether an option goes with the device test but with no workload. */
    private static boolean readOrDeviceOnly(OptionRow<?> row) {
        return row.goesWith(Form.DEVICE) && !row.goesWithAWorkload();
    }

    /** {@code '-a', '-b' and '-c'}. */
    private String quotedList(List<OptionRow<?>> rows) {
        return joined(rows.stream().map(r -> "'" + given.typed(r) + "'").toList(), " and ");
    }
}
