package io.github.drivespeed.cli.options;

import static io.github.drivespeed.cli.options.Form.CAPACITY_CHECK;
import static io.github.drivespeed.cli.options.Form.CAPACITY_PROBE;
import static io.github.drivespeed.cli.options.Form.DEVICE;
import static io.github.drivespeed.cli.options.Form.FIO_JOB;
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
 * Which option goes with which {@link Form}, which plan setting each sets (so that a refusal of
 * the library's, which names its setting, names the option instead), and which options exclude
 * each other whatever the form: the one place these rules are written. {@link OptionPlacement}
 * reads it and words the refusals.
 */
public final class OptionTable {

    /**
     * One row of the table.
     *
     * @param option the option, by the name the messages give it (its first long name)
     * @param setting the plans' setting it sets, by its API name ({@code blockSize}), which the
     *     library's {@link io.github.drivespeed.error.InvalidSettingException} names; empty for
     *     an option no plan has (output, requirement, form)
     * @param forms the forms it goes with
     */
    public record Row(String option, Optional<String> setting, Set<Form> forms) {

        /**
         * Copies the forms.
         *
         * @param option the option, by the name the messages give it
         * @param setting the plans' setting it sets, if any
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
            //   option                  setting              the forms it goes with
            row("--probe",              null,                PROBE),
            row("--verify-capacity",    null,                CAPACITY_CHECK, CAPACITY_PROBE),
            row("--sustained",          null,                SUSTAINED),
            row("--no-verify",          "noVerify",          SEQUENTIAL, DEVICE),
            row("--dsync",              "dsync",             SEQUENTIAL),
            row("--zeros",              "dataPattern",       SEQUENTIAL),
            row("--direct-or-buffered", "directOrBuffered",  SEQUENTIAL),
            row("--require",            null,                SEQUENTIAL, WORKLOAD, PRESET, SWEEP, SUSTAINED),
            row("--json",               null,                PROBE, SEQUENTIAL, WORKLOAD, PRESET, SWEEP, DEVICE, SUSTAINED,
                                                             CAPACITY_CHECK, CAPACITY_PROBE, FIO_JOB),
            row("--csv",                null,                PROBE, SEQUENTIAL, WORKLOAD, PRESET, SWEEP, DEVICE, SUSTAINED,
                                                             CAPACITY_CHECK, CAPACITY_PROBE, FIO_JOB),
            row("--output-format",      null,                SEQUENTIAL, WORKLOAD, PRESET, SWEEP, FIO_JOB),
            row("--output",             null,                PROBE, SEQUENTIAL, WORKLOAD, PRESET, SWEEP, DEVICE, SUSTAINED,
                                                             CAPACITY_CHECK, CAPACITY_PROBE, FIO_JOB),
            row("--chart",              null,                SEQUENTIAL, WORKLOAD, PRESET, SWEEP),
            row("--overwrite",          null,                PROBE, SEQUENTIAL, WORKLOAD, PRESET, SWEEP, DEVICE, SUSTAINED,
                                                             CAPACITY_CHECK, CAPACITY_PROBE, FIO_JOB),
            row("--quiet",              null,                PROBE, SEQUENTIAL, WORKLOAD, PRESET, SWEEP, DEVICE, SUSTAINED,
                                                             CAPACITY_CHECK, CAPACITY_PROBE, FIO_JOB),
            row("--block-size",         "blockSize",         SEQUENTIAL, WORKLOAD, DEVICE, SUSTAINED, FIO_JOB),
            row("--count",              "count",             SEQUENTIAL, WORKLOAD, PRESET, SWEEP, DEVICE),
            row("--runs",               "runs",              SEQUENTIAL, WORKLOAD, PRESET, SWEEP, DEVICE),
            row("--buffered",           "buffered",          SEQUENTIAL, WORKLOAD, PRESET, SWEEP, DEVICE, SUSTAINED),
            row("--backend",            "backend",           SEQUENTIAL, WORKLOAD, PRESET, SWEEP, DEVICE, SUSTAINED,
                                                             CAPACITY_CHECK, CAPACITY_PROBE, FIO_JOB),
            row("--cached-read",        "cachedRead",        SEQUENTIAL, DEVICE),
            row("--drop-caches",        "dropCaches",        SEQUENTIAL, DEVICE),
            row("--write",              "write",             DEVICE),
            row("--allow-writes-to",    "allowWritesTo",     DEVICE, CAPACITY_PROBE),
            row("--force",              "force",             DEVICE, CAPACITY_PROBE),
            row("--preset",             "preset",            PRESET),
            row("--rw",                 null,                WORKLOAD, SWEEP, FIO_JOB),
            row("--sweep",              "blockSizes",        SWEEP),
            row("--rwmixread",          "readPercent",       WORKLOAD, SWEEP, FIO_JOB),
            row("--iodepth",            "queueDepth",        WORKLOAD, SWEEP, FIO_JOB),
            row("--ioengine",           "ioEngine",          WORKLOAD, PRESET, SWEEP, REQUIREMENT_WORKLOADS, FIO_JOB),
            row("--threads",            "threads",           WORKLOAD, SWEEP, FIO_JOB),
            row("--size",               "size",              WORKLOAD, PRESET, SWEEP, REQUIREMENT_WORKLOADS, SUSTAINED,
                                                             CAPACITY_CHECK, FIO_JOB),
            row("--duration",           "duration",          WORKLOAD, PRESET, SWEEP, REQUIREMENT_WORKLOADS, DEVICE,
                                                             SUSTAINED, CAPACITY_CHECK, FIO_JOB),
            row("--ramp-time",          "rampTime",          WORKLOAD, PRESET, SWEEP, REQUIREMENT_WORKLOADS),
            row("--seed",               "seed",              WORKLOAD, PRESET, SWEEP),
            row("--norandommap",        "randomMap",         WORKLOAD, PRESET, SWEEP, REQUIREMENT_WORKLOADS, FIO_JOB),
            row("--job",                null,                FIO_JOB),
            row("--allow-overwrite",    null,                FIO_JOB));

    /**
     * Pairs of options that exclude each other in every form that takes both. Each is checked
     * where its options are read (the output options, and the plans as they are built), after the
     * checks of the values before it.
     */
    public enum Exclusion {
        /** One machine-readable format at a time. */
        JSON_CSV("--json", "--csv", "; run twice, or give one"),
        /** drivespeed's JSON or fio's formats. */
        JSON_OUTPUT_FORMAT("--json", "--output-format", ": --json is drivespeed's own JSON,"
                + " --output-format fio's; give one"),
        /** CSV or fio's formats. */
        CSV_OUTPUT_FORMAT("--csv", "--output-format", "; give one"),
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
    public static String excludeEachOther(String first, String second) {
        return "options '" + first + "' and '" + second + "' exclude each other";
    }

    /**
     * @param setting a plan's setting, by its API name, for example {@code blockSize}
     * @return the option that sets it, by the name the table gives it ({@code --block-size});
     *     empty for a setting no option sets
     */
    public static Optional<String> optionFor(String setting) {
        return ROWS.stream().filter(r -> r.setting().filter(setting::equals).isPresent())
                .map(Row::option).findFirst();
    }

    private static Row row(String option, String setting, Form first, Form... more) {
        return new Row(option, Optional.ofNullable(setting), EnumSet.of(first, more));
    }
}
