package io.github.drivespeed.cli.options;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The one table of the command's options. Each {@link OptionRow} holds an option's names
 * (drivespeed's, and fio's where fio's jobs take it), the forms it goes with, its conversion, the
 * plan setting the library's refusals name it by, and its help; the rows are declared by theme in
 * {@link FormOptions}, {@link MeasurementOptions}, {@link OutputOptions} and
 * {@link WorkloadOptions}, and the plan setter each calls is its entry in {@link OptionSetters}.
 * It is read by picocli's declarations (one {@code OptionSpec} per row), {@code --help}, the
 * conflict rules ({@link OptionPlacement}, {@link Exclusion}), the plans' setters, the wording
 * of the library's refusals and the fio job-file mapping; no other class spells an option.
 */
public final class OptionTable {

    /** What starts an option's long name. */
    public static final String LONG_PREFIX = "--";

    /** The argument after which there are no options, only arguments (POSIX, picocli). */
    public static final String END_OF_OPTIONS = "--";

    /**
     * The rows, in the order the refusals look at them: where several options given do not go
     * with the form, the first of them in this order is named.
     */
    private static final List<OptionRow<?>> ROWS = List.of(
            FormOptions.PROBE,
            FormOptions.VERIFY_CAPACITY,
            FormOptions.SUSTAINED,
            MeasurementOptions.NO_VERIFY,
            MeasurementOptions.DSYNC,
            MeasurementOptions.ZEROS,
            MeasurementOptions.DIRECT_OR_BUFFERED,
            OutputOptions.REQUIRE,
            OutputOptions.JSON,
            OutputOptions.CSV,
            OutputOptions.OUTPUT_FORMAT,
            OutputOptions.OUTPUT,
            OutputOptions.CHART,
            OutputOptions.PROMETHEUS,
            OutputOptions.OVERWRITE,
            OutputOptions.QUIET,
            OutputOptions.VERBOSE,
            MeasurementOptions.BLOCK_SIZE,
            MeasurementOptions.COUNT,
            MeasurementOptions.RUNS,
            MeasurementOptions.BUFFERED,
            MeasurementOptions.BACKEND,
            MeasurementOptions.CACHED_READ,
            MeasurementOptions.DROP_CACHES,
            MeasurementOptions.WRITE,
            MeasurementOptions.ALLOW_WRITES_TO,
            MeasurementOptions.FORCE,
            MeasurementOptions.CACHE_BOUND,
            WorkloadOptions.PRESET,
            WorkloadOptions.RW,
            WorkloadOptions.SWEEP,
            WorkloadOptions.RWMIXREAD,
            WorkloadOptions.IODEPTH,
            WorkloadOptions.IOENGINE,
            WorkloadOptions.THREADS,
            WorkloadOptions.SIZE,
            WorkloadOptions.DURATION,
            WorkloadOptions.RAMP_TIME,
            WorkloadOptions.SEED,
            WorkloadOptions.NORANDOMMAP,
            WorkloadOptions.SQTHREAD_POLL,
            FormOptions.JOB,
            FormOptions.ALLOW_OVERWRITE);

    /**
     * Pairs of options that exclude each other in every form that takes both. Each is checked
     * where its options are read (the output options, and the plans as they are built), after the
     * checks of the values before it.
     */
    public enum Exclusion {
        /** One machine-readable format at a time. */
        JSON_CSV(OutputOptions.JSON, OutputOptions.CSV, "; run twice, or give one"),
        /** drivespeed's JSON or fio's formats. */
        JSON_OUTPUT_FORMAT(OutputOptions.JSON, OutputOptions.OUTPUT_FORMAT, ": "
                + OutputOptions.JSON.option() + " is drivespeed's own JSON, "
                + OutputOptions.OUTPUT_FORMAT.option() + " fio's; give one"),
        /** CSV or fio's formats. */
        CSV_OUTPUT_FORMAT(OutputOptions.CSV, OutputOptions.OUTPUT_FORMAT, "; give one"),
        /** A workload's or a device's run is size-based or time-based. */
        COUNT_DURATION(MeasurementOptions.COUNT, WorkloadOptions.DURATION,
                ": a run is size-based or time-based"),
        /** The fallback to buffered I/O needs O_DIRECT to fall back from. */
        BUFFERED_FALLBACK(MeasurementOptions.BUFFERED, MeasurementOptions.DIRECT_OR_BUFFERED, "");

        private final OptionRow<?> first;
        private final OptionRow<?> second;
        private final String reason;

        Exclusion(OptionRow<?> first, OptionRow<?> second, String reason) {
            this.first = first;
            this.second = second;
            this.reason = reason;
        }

        /**
         * Refuses the pair if both were given.
         *
         * @param firstGiven whether the first option of the pair was given
         * @param secondGiven whether the second was
         * @throws IllegalArgumentException naming both when both were given
         */
        public void check(boolean firstGiven, boolean secondGiven) {
            if (firstGiven && secondGiven) {
                throw new IllegalArgumentException(excludeEachOther(first.option(),
                        second.option()) + reason);
            }
        }

        /**
         * Refuses the pair if a command line gave both, naming them as typed ({@code --runtime}
         * for {@code --duration}).
         *
         * @param given the options a command line gave
         * @throws IllegalArgumentException naming both when both were given
         */
        public void check(GivenOptions given) {
            if (given.has(first) && given.has(second)) {
                throw new IllegalArgumentException(excludeEachOther(given.typed(first),
                        given.typed(second)) + reason);
            }
        }

        /** {@return the pair's options} */
        public List<OptionRow<?>> options() {
            return List.of(first, second);
        }
    }

    private OptionTable() {
    }

    /** {@return the rows, in the order the refusals look at them} */
    public static List<OptionRow<?>> rows() {
        return ROWS;
    }

    /**
     * {@return the row of an option, if the table has one (the help options have none)}
     *
     * @param names the names of the option, as picocli knows them
     */
    public static Optional<OptionRow<?>> find(Collection<String> names) {
        return ROWS.stream().filter(r -> names.contains(r.option())).findFirst();
    }

    /**
     * {@return {@code options 'FIRST' and 'SECOND' exclude each other}}
     *
     * @param first an option, as the user typed it
     * @param second another
     */
    public static String excludeEachOther(String first, String second) {
        return "options '" + first + "' and '" + second + "' exclude each other";
    }

    /**
     * {@return the option that sets a plan's setting ({@link MeasurementOptions#BLOCK_SIZE} sets
     * {@code blockSize}); empty for a setting no option sets}
     *
     * @param setting a plan's setting, by its API name, for example {@code blockSize}
     */
    public static Optional<OptionRow<?>> rowFor(String setting) {
        return ROWS.stream().filter(r -> r.setting().filter(setting::equals).isPresent())
                .findFirst();
    }

    /**
     * {@return the option that sets a plan's setting, by the name the table gives it
     * ({@code --block-size}); empty for a setting no option sets}
     *
     * @param setting a plan's setting, by its API name, for example {@code blockSize}
     */
    public static Optional<String> optionFor(String setting) {
        return rowFor(setting).map(OptionRow::option);
    }

    /**
     * {@return the option that chooses a form ({@code --probe}, {@code --rw}, ...); empty for the
     * forms the target chooses (the sequential test, the device test) or the command line's
     * spelling (fio's jobs)}
     *
     * @param form a form
     */
    public static Optional<OptionRow<?>> choosing(Form form) {
        return ROWS.stream().filter(r -> r.chooses(form)).findFirst();
    }

    /**
     * {@return the rows fio's jobs take in fio's spelling ({@code --bs}, {@code --numjobs}), in
     * the table's order}
     */
    public static List<OptionRow<?>> fioSpelled() {
        return ROWS.stream().filter(r -> r.fio().isPresent()).toList();
    }
}
