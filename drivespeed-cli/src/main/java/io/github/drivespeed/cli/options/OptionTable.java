package io.github.drivespeed.cli.options;

import static io.github.drivespeed.cli.options.Form.CAPACITY_CHECK;
import static io.github.drivespeed.cli.options.Form.CAPACITY_PROBE;
import static io.github.drivespeed.cli.options.Form.DEVICE;
import static io.github.drivespeed.cli.options.Form.PRESET;
import static io.github.drivespeed.cli.options.Form.PROBE;
import static io.github.drivespeed.cli.options.Form.REQUIREMENT_WORKLOADS;
import static io.github.drivespeed.cli.options.Form.SEQUENTIAL;
import static io.github.drivespeed.cli.options.Form.SUSTAINED;
import static io.github.drivespeed.cli.options.Form.SWEEP;
import static io.github.drivespeed.cli.options.Form.WORKLOAD;

import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which option goes with which {@link Form}, and which options exclude each other whatever the
 * form: the one place these rules are written. {@link OptionPlacement} reads it and words the
 * refusals.
 */
public final class OptionTable {

    /**
     * One row of the table.
     *
     * @param option the option, by the name the messages give it (its first long name)
     * @param forms the forms it goes with
     */
    public record Row(String option, Set<Form> forms) {

        /**
         * Copies the forms.
         *
         * @param option the option, by the name the messages give it
         * @param forms the forms it goes with
         */
        public Row {
            forms = Set.copyOf(forms);
        }

        /**
         * @param form a form
         * @return whether the option goes with it
         */
        public boolean goesWith(Form form) {
            return forms.contains(form);
        }

        /** @return whether the option goes with one of the workload forms */
        public boolean goesWithAWorkload() {
            return forms.stream().anyMatch(Form::isWorkload);
        }
    }

    /**
     * The rows, in the order the refusals look at them: where several options given do not go
     * with the form, the first of them in this order is named.
     */
    private static final List<Row> ROWS = List.of(
            //   option                  the forms it goes with
            row("--probe",               PROBE),
            row("--verify-capacity",     CAPACITY_CHECK, CAPACITY_PROBE),
            row("--sustained",           SUSTAINED),
            row("--no-verify",           SEQUENTIAL, DEVICE),
            row("--dsync",               SEQUENTIAL),
            row("--zeros",               SEQUENTIAL),
            row("--direct-or-buffered",  SEQUENTIAL),
            row("--require",             SEQUENTIAL, WORKLOAD, PRESET, SWEEP, SUSTAINED),
            row("--json",                PROBE, SEQUENTIAL, WORKLOAD, PRESET, SWEEP, SUSTAINED,
                                         CAPACITY_CHECK, CAPACITY_PROBE),
            row("--csv",                 PROBE, SEQUENTIAL, WORKLOAD, PRESET, SWEEP, SUSTAINED,
                                         CAPACITY_CHECK, CAPACITY_PROBE),
            row("--output",              PROBE, SEQUENTIAL, WORKLOAD, PRESET, SWEEP, SUSTAINED,
                                         CAPACITY_CHECK, CAPACITY_PROBE),
            row("--chart",               SEQUENTIAL, WORKLOAD, PRESET, SWEEP),
            row("--overwrite",           PROBE, SEQUENTIAL, WORKLOAD, PRESET, SWEEP, SUSTAINED,
                                         CAPACITY_CHECK, CAPACITY_PROBE),
            row("--quiet",               PROBE, SEQUENTIAL, WORKLOAD, PRESET, SWEEP, DEVICE,
                                         SUSTAINED, CAPACITY_CHECK, CAPACITY_PROBE),
            row("--block-size",          SEQUENTIAL, WORKLOAD, DEVICE, SUSTAINED),
            row("--count",               SEQUENTIAL, WORKLOAD, PRESET, SWEEP, DEVICE),
            row("--runs",                SEQUENTIAL, WORKLOAD, PRESET, SWEEP, DEVICE),
            row("--buffered",            SEQUENTIAL, WORKLOAD, PRESET, SWEEP, DEVICE, SUSTAINED),
            row("--backend",             SEQUENTIAL, WORKLOAD, PRESET, SWEEP, DEVICE, SUSTAINED,
                                         CAPACITY_CHECK, CAPACITY_PROBE),
            row("--cached-read",         SEQUENTIAL, DEVICE),
            row("--drop-caches",         SEQUENTIAL, DEVICE),
            row("--write",               DEVICE),
            row("--allow-writes-to",     DEVICE, CAPACITY_PROBE),
            row("--force",               DEVICE, CAPACITY_PROBE),
            row("--preset",              PRESET),
            row("--rw",                  WORKLOAD, SWEEP),
            row("--sweep",               SWEEP),
            row("--rwmixread",           WORKLOAD, SWEEP),
            row("--iodepth",             WORKLOAD, SWEEP),
            row("--threads",             WORKLOAD, SWEEP),
            row("--size",                WORKLOAD, PRESET, SWEEP, REQUIREMENT_WORKLOADS, SUSTAINED,
                                         CAPACITY_CHECK),
            row("--duration",            WORKLOAD, PRESET, SWEEP, REQUIREMENT_WORKLOADS, DEVICE,
                                         SUSTAINED, CAPACITY_CHECK),
            row("--ramp-time",           WORKLOAD, PRESET, SWEEP, REQUIREMENT_WORKLOADS),
            row("--seed",                WORKLOAD, PRESET, SWEEP),
            row("--norandommap",         WORKLOAD, PRESET, SWEEP, REQUIREMENT_WORKLOADS));

    /**
     * Pairs of options that exclude each other in every form that takes both. Each is checked
     * where its options are read (the output options, and the plans as they are built), after the
     * checks of the values before it.
     */
    public enum Exclusion {
        /** One machine-readable format at a time. */
        JSON_CSV("--json", "--csv", "; run twice, or give one"),
        /** A workload's or a device's run is size-based or time-based. */
        COUNT_DURATION("--count", "--duration", ": a run is size-based or time-based"),
        /** The fallback to buffered I/O needs O_DIRECT to fall back from. */
        BUFFERED_FALLBACK("--buffered", "--direct-or-buffered", "");

        private final String first;
        private final String second;
        private final String reason;

        Exclusion(String first, String second, String reason) {
            this.first = first;
            this.second = second;
            this.reason = reason;
        }

        /**
         * @param firstGiven whether the first option of the pair was given
         * @param secondGiven whether the second was
         * @throws IllegalArgumentException naming both when both were given
         */
        public void check(boolean firstGiven, boolean secondGiven) {
            if (firstGiven && secondGiven) {
                throw new IllegalArgumentException(excludeEachOther(first, second) + reason);
            }
        }
    }

    private OptionTable() {
    }

    /** @return the rows, in the order the refusals look at them */
    public static List<Row> rows() {
        return ROWS;
    }

    /**
     * @param names the names of an option, as picocli knows them
     * @return the option's row, if the table has one (the help options have none)
     */
    public static Optional<Row> find(Collection<String> names) {
        return ROWS.stream().filter(r -> names.contains(r.option())).findFirst();
    }

    /**
     * @param option an option by the name the table gives it
     * @return its row
     * @throws IllegalArgumentException if the table has none
     */
    public static Row get(String option) {
        return find(List.of(option)).orElseThrow(
                () -> new IllegalArgumentException("no such option in the table: " + option));
    }

    /**
     * @param first an option, as the user typed it
     * @param second another
     * @return {@code options 'FIRST' and 'SECOND' exclude each other}
     */
    static String excludeEachOther(String first, String second) {
        return "options '" + first + "' and '" + second + "' exclude each other";
    }

    private static Row row(String option, Form first, Form... more) {
        return new Row(option, EnumSet.of(first, more));
    }
}
