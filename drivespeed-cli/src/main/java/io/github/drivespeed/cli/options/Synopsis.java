package io.github.drivespeed.cli.options;

import static io.github.drivespeed.cli.options.MeasurementOptions.ALLOW_WRITES_TO;
import static io.github.drivespeed.cli.options.MeasurementOptions.BLOCK_SIZE;
import static io.github.drivespeed.cli.options.MeasurementOptions.BUFFERED;
import static io.github.drivespeed.cli.options.MeasurementOptions.CACHED_READ;
import static io.github.drivespeed.cli.options.MeasurementOptions.CACHE_BOUND;
import static io.github.drivespeed.cli.options.MeasurementOptions.COUNT;
import static io.github.drivespeed.cli.options.MeasurementOptions.DROP_CACHES;
import static io.github.drivespeed.cli.options.MeasurementOptions.DSYNC;
import static io.github.drivespeed.cli.options.MeasurementOptions.FORCE;
import static io.github.drivespeed.cli.options.MeasurementOptions.NO_VERIFY;
import static io.github.drivespeed.cli.options.MeasurementOptions.RUNS;
import static io.github.drivespeed.cli.options.MeasurementOptions.WRITE;
import static io.github.drivespeed.cli.options.MeasurementOptions.ZEROS;
import static io.github.drivespeed.cli.options.WorkloadOptions.DURATION;
import static io.github.drivespeed.cli.options.WorkloadOptions.IODEPTH;
import static io.github.drivespeed.cli.options.WorkloadOptions.IOENGINE;
import static io.github.drivespeed.cli.options.WorkloadOptions.NORANDOMMAP;
import static io.github.drivespeed.cli.options.WorkloadOptions.RAMP_TIME;
import static io.github.drivespeed.cli.options.WorkloadOptions.RWMIXREAD;
import static io.github.drivespeed.cli.options.WorkloadOptions.SEED;
import static io.github.drivespeed.cli.options.WorkloadOptions.SIZE;
import static io.github.drivespeed.cli.options.WorkloadOptions.SQTHREAD_POLL;
import static io.github.drivespeed.cli.options.WorkloadOptions.THREADS;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The synopsis of {@code --help}, made from the rows of an option table: one block per form, each
 * naming the options of the table that go with the form, then a line for the options every form
 * takes. Each block's lead ({@code drivespeed [DIR] --rw MODE}), the order its first options are
 * shown in and its note are the form's; every other option that goes with the form follows in
 * the table's order, so that an option declared for a form is in its synopsis. Options that
 * exclude each other ({@link OptionTable.Exclusion}) are shown as alternatives,
 * {@code [--duration TIME | --count N]}; lines are wrapped at 80 columns, continuation lines
 * indented under the first option.
 */
final class Synopsis {

    /** The columns of the help. */
    static final int WIDTH = 80;

    /** What picocli puts before the first line ({@code Usage: }), and so before every other. */
    private static final String INDENT = "       ";

    /** Where a form's continuation lines start: under its first option. */
    private static final String CONTINUATION = " ".repeat(18);

    /** Where a form's note starts, where it fits there. */
    private static final int NOTE_COLUMN = 49;

    /** The options of the results, which the lines after the forms give rather than each form. */
    private static final List<OptionRow<?>> REPORT = List.of(OutputOptions.REQUIRE,
            OutputOptions.JSON, OutputOptions.CSV, OutputOptions.OUTPUT_FORMAT,
            OutputOptions.OUTPUT, OutputOptions.CHART, OutputOptions.PROMETHEUS,
            OutputOptions.OVERWRITE,
            OutputOptions.QUIET, OutputOptions.VERBOSE);

    /** What the device test takes to write the device, shown on its own line. */
    private static final List<OptionRow<?>> DEVICE_WRITE = List.of(ALLOW_WRITES_TO, FORCE,
            NO_VERIFY);

    /** The workload line, which the sweep's refers to. */
    private static final Block WORKLOAD = new Block("[DIR]", Form.WORKLOAD)
            .first(RWMIXREAD, BLOCK_SIZE, IODEPTH, IOENGINE, THREADS, SIZE, DURATION, RAMP_TIME,
                    SEED, RUNS, BUFFERED, NORANDOMMAP, SQTHREAD_POLL)
            .spelled(Map.of(BLOCK_SIZE, "--bs"));

    /** The forms, in the order the synopsis gives them. */
    private static final List<Block> BLOCKS = List.of(
            new Block("[DIR]", Form.SEQUENTIAL).first(BLOCK_SIZE, COUNT, RUNS, BUFFERED, DSYNC,
                    ZEROS, CACHED_READ, DROP_CACHES, NO_VERIFY),
            new Block("", Form.PROBE).target("[DIR]"),
            new Block("[DIR]", Form.CAPACITY_CHECK).first(SIZE, DURATION),
            new Block("[DIR]", Form.SUSTAINED).first(SIZE, DURATION, BLOCK_SIZE, BUFFERED),
            new Block("[DIR]", Form.PRESET).first(SIZE, DURATION, RAMP_TIME, COUNT, SEED, RUNS,
                    BUFFERED, IOENGINE, SQTHREAD_POLL),
            WORKLOAD,
            new Block("[DIR]", Form.SWEEP).like(WORKLOAD),
            new Block("DEVICE", Form.DEVICE)
                    .first(BLOCK_SIZE, DURATION, RUNS, BUFFERED, CACHED_READ, DROP_CACHES)
                    .hiding(r -> r == WRITE || DEVICE_WRITE.contains(r))
                    .note("(read-only, as hdparm -t)"),
            new Block("DEVICE", Form.DEVICE).lead(WRITE).only(DEVICE_WRITE)
                    .required(ALLOW_WRITES_TO).tail("...")
                    .note("(destroys DEVICE's contents)"),
            new Block("DEVICE", Form.CAPACITY_PROBE).first(ALLOW_WRITES_TO, FORCE, CACHE_BOUND)
                    .required(ALLOW_WRITES_TO)
                    .note("(probes its real capacity; destroys its contents)"),
            new Block("FILE.fio | --job FILE [DIR]", Form.FIO_JOB)
                    .first(FormOptions.ALLOW_OVERWRITE)
                    .hiding(r -> r == FormOptions.JOB || r.fio().isPresent()));

    /** The form of fio's spellings, whose options are fio's (docs/fio.md), not the table's. */
    private static final List<String> FIO_SPELLINGS = List.of(
            INDENT + "drivespeed [DIR] --name=NAME --rw=MODE --bs=SIZE --size=SIZE --direct=1",
            CONTINUATION + "... (fio's spellings; docs/fio.md)");

    /** What the last lines say of fio's names. */
    private static final List<String> AFTER = List.of(
            "  --bs is --block-size; --iodepth, --threads and --duration have fio's names",
            "  too: --queue-depth, --numjobs and --runtime; --ioengine is fio's.",
            "");

    /** Where the continuation lines of the lines after the forms start. */
    private static final String AFTER_CONTINUATION = "    ";

    private Synopsis() {
    }

    /**
     * The synopsis of a table's options.
     *
     * @param table the rows, in the table's order
     * @return the lines, the first without what picocli puts before it ({@code Usage: })
     */
    static List<String> of(List<OptionRow<?>> table) {
        List<String> lines = new ArrayList<>();
        for (Block block : BLOCKS) {
            lines.addAll(block.lines(table));
        }
        lines.addAll(FIO_SPELLINGS);
        lines.add("  every form: " + String.join(" ", everyForm(table)) + ";");
        lines.addAll(reportLines(table));
        lines.addAll(probeTakes(table));
        lines.addAll(AFTER);
        lines.set(0, lines.get(0).substring(INDENT.length()));
        return List.copyOf(lines);
    }

    /** {@code [--json | --csv] [-o|--output FILE] ...}: the options every form takes. */
    private static List<String> everyForm(List<OptionRow<?>> table) {
        List<OptionRow<?>> rows = table.stream()
                .filter(Synopsis::everyFormTakes).toList();
        List<String> items = new ArrayList<>();
        Set<OptionRow<?>> shown = new LinkedHashSet<>();
        for (OptionRow<?> row : rows) {
            if (shown.add(row)) {
                OptionRow<?> other = alternative(row, rows, shown);
                items.add("[" + everyName(row) + (other == null ? ""
                        : " | " + everyName(other)) + "]");
            }
        }
        return items;
    }

    /**
     * {@code DIR, --rw, --preset, --sweep and --sustained: [--require SPEC];}: the options of the
     * results that not every form takes, a line for each set of forms that take them.
     */
    private static List<String> reportLines(List<OptionRow<?>> table) {
        Map<Set<Form>, List<OptionRow<?>>> byForms = new LinkedHashMap<>();
        for (OptionRow<?> row : table) {
            if (REPORT.contains(row) && !everyFormTakes(row)) {
                Set<Form> forms = EnumSet.noneOf(Form.class);
                forms.addAll(row.forms());
                forms.retainAll(forms());
                byForms.computeIfAbsent(forms, f -> new ArrayList<>()).add(row);
            }
        }
        List<String> lines = new ArrayList<>();
        int left = byForms.size();
        for (Map.Entry<Set<Form>, List<OptionRow<?>>> group : byForms.entrySet()) {
            List<String> items = group.getValue().stream().map(r -> "[" + everyName(r) + "]"
                    + insteadOf(r, table)).toList();
            String forms = joined(group.getKey().stream().map(f -> formName(f, table)).toList());
            lines.addAll(wrap("  " + forms + ":", items, AFTER_CONTINUATION, --left == 0 ? "."
                    : ";"));
        }
        return lines;
    }

    /** {@code --probe takes only --json, --csv, ...}: what the form that measures nothing takes. */
    private static List<String> probeTakes(List<OptionRow<?>> table) {
        List<String> taken = table.stream().filter(r -> r.goesWith(Form.PROBE)
                && !r.chooses(Form.PROBE)).map(OptionRow::option).toList();
        String probe = formName(Form.PROBE, table);
        List<String> words = List.of((joined(taken) + ".").split(" "));
        return wrap("  " + probe + " takes only", words, "  ", "");
    }

    /** {@code  instead of --json/--csv}: the options of every form that exclude {@code row}. */
    private static String insteadOf(OptionRow<?> row, List<OptionRow<?>> table) {
        List<String> others = new ArrayList<>();
        for (OptionTable.Exclusion pair : OptionTable.Exclusion.values()) {
            List<OptionRow<?>> two = pair.options();
            OptionRow<?> other = two.get(0) == row ? two.get(1) : two.get(0);
            if (two.contains(row) && table.contains(other)
                    && everyFormTakes(other)) {
                others.add(other.option());
            }
        }
        return others.isEmpty() ? "" : " instead of " + String.join("/", others);
    }

    /** {@code DIR}, {@code --rw}, {@code --verify-capacity on DEVICE}: a form, as named there. */
    private static String formName(Form form, List<OptionRow<?>> table) {
        String chooser = table.stream().filter(r -> r.chooses(form)).findFirst()
                .map(OptionRow::option).orElse("");
        return switch (form) {
            case SEQUENTIAL -> "DIR";
            case DEVICE -> "DEVICE";
            case FIO_JOB -> "fio jobs";
            case CAPACITY_CHECK -> chooser + " on DIR";
            case CAPACITY_PROBE -> chooser + " on DEVICE";
            default -> chooser;
        };
    }

    /** {@code a, b and c}. */
    private static String joined(List<String> items) {
        return items.size() == 1 ? items.get(0)
                : String.join(", ", items.subList(0, items.size() - 1)) + " and "
                        + items.get(items.size() - 1);
    }

    /**
     * The lead and the items, a space apart, wrapped at {@link #WIDTH}, then the end.
     *
     * @param continuation what starts each line after the first
     */
    private static List<String> wrap(String lead, List<String> items, String continuation,
            String end) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder(lead);
        for (int i = 0; i < items.size(); i++) {
            String item = items.get(i) + (i == items.size() - 1 ? end : "");
            if (line.length() + 1 + item.length() > WIDTH
                    && line.length() > continuation.length()) {
                lines.add(line.toString());
                line = new StringBuilder(continuation).append(item);
            } else {
                line.append(' ').append(item);
            }
        }
        lines.add(line.toString());
        return lines;
    }

    /** Whether every form takes the option: then the line of every form shows it. */
    private static boolean everyFormTakes(OptionRow<?> row) {
        return row.forms().containsAll(forms());
    }

    /** The forms a command line runs ({@link Form#REQUIREMENT_WORKLOADS} is none). */
    private static Set<Form> forms() {
        Set<Form> forms = new LinkedHashSet<>(List.of(Form.values()));
        forms.remove(Form.REQUIREMENT_WORKLOADS);
        return forms;
    }

    /** {@code -o|--output FILE}: every name, the short ones first, and the value. */
    private static String everyName(OptionRow<?> row) {
        List<String> names = new ArrayList<>(row.names());
        names.sort((a, b) -> Boolean.compare(a.startsWith("--"), b.startsWith("--")));
        return withValue(String.join("|", names), row);
    }

    private static String withValue(String name, OptionRow<?> row) {
        return row.takesValue() ? name + " " + row.synopsisValue() : name;
    }

    /**
     * The option that excludes {@code row} and is shown with it, not shown yet (then marked
     * shown); null if none.
     */
    private static OptionRow<?> alternative(OptionRow<?> row, List<OptionRow<?>> rows,
            Set<OptionRow<?>> shown) {
        for (OptionTable.Exclusion pair : OptionTable.Exclusion.values()) {
            List<OptionRow<?>> two = pair.options();
            if (two.contains(row)) {
                OptionRow<?> other = two.get(0) == row ? two.get(1) : two.get(0);
                if (rows.contains(other) && shown.add(other)) {
                    return other;
                }
            }
        }
        return null;
    }

    /** One form's block of the synopsis: its lead, its options, its note. */
    private record Block(String target, Form form, OptionRow<?> leadRow, String targetAfter,
            List<OptionRow<?>> first, boolean onlyFirst, Set<OptionRow<?>> required,
            Map<OptionRow<?>, String> spelled, Predicate<OptionRow<?>> hidden, Block like,
            String tail, String note) {

        /**
         * A form's block, its options in the table's order.
         *
         * @param target the target before the option that chooses the form ({@code [DIR]})
         * @param form the form
         */
        Block(String target, Form form) {
            this(target, form, null, "", List.of(), false, Set.of(), Map.of(), r -> false, null,
                    "", "");
        }

        /** The options shown first, in this order; the others follow in the table's. */
        Block first(OptionRow<?>... rows) {
            return new Block(target, form, leadRow, targetAfter, List.of(rows), onlyFirst,
                    required, spelled, hidden, like, tail, note);
        }

        /** Only these options, in this order. */
        Block only(List<OptionRow<?>> rows) {
            return new Block(target, form, leadRow, targetAfter, rows, true, required, spelled,
                    hidden, like, tail, note);
        }

        /** The option that leads the block instead of the one that chooses the form. */
        Block lead(OptionRow<?> row) {
            return new Block(target, form, row, targetAfter, first, onlyFirst, required,
                    spelled, hidden, like, tail, note);
        }

        /** The target after the lead option ({@code --probe [DIR]}), not before it. */
        Block target(String after) {
            return new Block(target, form, leadRow, after, first, onlyFirst, required, spelled,
                    hidden, like, tail, note);
        }

        /** Options shown without brackets: the form needs them. */
        Block required(OptionRow<?> row) {
            return new Block(target, form, leadRow, targetAfter, first, onlyFirst, Set.of(row),
                    spelled, hidden, like, tail, note);
        }

        /** Options shown by another of their names. */
        Block spelled(Map<OptionRow<?>, String> names) {
            return new Block(target, form, leadRow, targetAfter, first, onlyFirst, required,
                    names, hidden, like, tail, note);
        }

        /** Options the block leaves to another line. */
        Block hiding(Predicate<OptionRow<?>> rows) {
            return new Block(target, form, leadRow, targetAfter, first, onlyFirst, required,
                    spelled, rows, like, tail, note);
        }

        /**
         * Options as another block's: the block shows those the other does not, then
         * {@code (the --rw options but --bs)}.
         */
        Block like(Block other) {
            return new Block(target, form, leadRow, targetAfter, first, onlyFirst, required,
                    spelled, hidden, other, tail, note);
        }

        /** What follows the options ({@code ...}). */
        Block tail(String text) {
            return new Block(target, form, leadRow, targetAfter, first, onlyFirst, required,
                    spelled, hidden, like, text, note);
        }

        /** The note in parentheses after the options. */
        Block note(String text) {
            return new Block(target, form, leadRow, targetAfter, first, onlyFirst, required,
                    spelled, hidden, like, tail, text);
        }

        /** The option that leads the block, or null for a form its target chooses. */
        private OptionRow<?> leader(List<OptionRow<?>> table) {
            if (leadRow != null) {
                return leadRow;
            }
            return table.stream().filter(r -> r.chooses(form)).findFirst().orElse(null);
        }

        /** The options the block shows, in its order, before alternatives are paired. */
        private List<OptionRow<?>> shown(List<OptionRow<?>> table) {
            OptionRow<?> leader = leader(table);
            Set<OptionRow<?>> rows = new LinkedHashSet<>();
            for (OptionRow<?> row : first) {
                if (table.contains(row)) {
                    rows.add(row);
                }
            }
            if (!onlyFirst) {
                rows.addAll(table);
            }
            List<OptionRow<?>> likeRows = like == null ? List.of() : like.shown(table);
            return rows.stream().filter(r -> r.goesWith(form) && r != leader
                    && !REPORT.contains(r) && !everyFormTakes(r) && !hidden.test(r)
                    && !likeRows.contains(r)).toList();
        }

        /** {@code -T}, {@code --bs}: the name the block shows the option by. */
        private String bareName(OptionRow<?> row) {
            String name = spelled.get(row);
            return name != null ? name : row.names().stream().filter(n -> !n.startsWith("--"))
                    .findFirst().orElse(row.option());
        }

        private String name(OptionRow<?> row) {
            return withValue(bareName(row), row);
        }

        private String item(OptionRow<?> row, List<OptionRow<?>> rows, Set<OptionRow<?>> done) {
            OptionRow<?> other = alternative(row, rows, done);
            String text = name(row) + (other == null ? "" : " | " + name(other));
            return required.contains(row) ? text : "[" + text + "]";
        }

        List<String> lines(List<OptionRow<?>> table) {
            OptionRow<?> leader = leader(table);
            StringBuilder lead = new StringBuilder("drivespeed");
            if (!target.isEmpty()) {
                lead.append(' ').append(target);
            }
            if (leader != null) {
                lead.append(' ').append(name(leader));
            }
            if (!targetAfter.isEmpty()) {
                lead.append(' ').append(targetAfter);
            }
            List<String> items = new ArrayList<>();
            List<OptionRow<?>> rows = shown(table);
            Set<OptionRow<?>> done = new LinkedHashSet<>();
            for (OptionRow<?> row : rows) {
                if (done.add(row)) {
                    items.add(item(row, rows, done));
                }
            }
            if (like != null) {
                items.add(likeNote(table));
            }
            if (!tail.isEmpty()) {
                items.add(tail);
            }
            List<String> lines = wrap(INDENT + lead, items, CONTINUATION, "");
            return note.isEmpty() ? lines : withNote(lines);
        }

        /** {@code (the --rw options but --bs)}: the other block's options this one lacks. */
        private String likeNote(List<OptionRow<?>> table) {
            List<String> lacking = like.shown(table).stream().filter(r -> !r.goesWith(form))
                    .map(like::bareName).toList();
            OptionRow<?> leader = like.leader(table);
            return "(the " + (leader == null ? "" : leader.option() + " ") + "options"
                    + (lacking.isEmpty() ? "" : " but " + joined(lacking)) + ")";
        }

        /**
         * The note at {@link #NOTE_COLUMN} of the last line, or of a line of its own where the
         * last line reaches it; under the first option where it does not fit there.
         */
        private List<String> withNote(List<String> lines) {
            List<String> all = new ArrayList<>(lines);
            String last = all.get(all.size() - 1);
            if (NOTE_COLUMN + note.length() > WIDTH) {
                all.add(CONTINUATION + note);
            } else if (last.length() + 2 <= NOTE_COLUMN) {
                all.set(all.size() - 1, last + " ".repeat(NOTE_COLUMN - last.length()) + note);
            } else {
                all.add(" ".repeat(NOTE_COLUMN) + note);
            }
            return all;
        }
    }
}
