package io.github.drivespeed.fio.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * fio's option spellings on drivespeed's command line ({@code --rw=randread --bs=4k
 * --direct=1 --name=x ...}), read as fio reads its command line: options before the first
 * {@code --name} are the global section, each {@code --name=NAME} starts a job. drivespeed's own
 * options ({@code --json}, {@code --output FILE}, ...) are left to picocli; the fio options that
 * drivespeed also spells ({@code --rw}, {@code --bs}, {@code --size}, {@code --iodepth},
 * {@code --numjobs}, {@code --runtime}, {@code --rwmixread}, {@code --norandommap}) are fio's
 * here, with fio's value grammar ({@link FioSize}, {@link FioTime}). Which they are is read
 * from {@link SharedOptions}: the options whose fio spelling is one of drivespeed's names.
 */
public final class FioCommandLine {

    /** What starts an option's long name, in fio's command line as in drivespeed's. */
    public static final String LONG_PREFIX = "--";

    /** The argument after which there are no options, only arguments (POSIX, getopt). */
    public static final String END_OF_OPTIONS = "--";

    /** The fio options drivespeed spells the same way, with a value after a space or '='. */
    public static final Set<String> SHARED = shared(true);
    /** The fio flags drivespeed also spells the same way. */
    public static final Set<String> SHARED_FLAGS = shared(false);

    private FioCommandLine() {
    }

    /** fio's names of the options drivespeed spells fio's way too, those with a value or not. */
    private static Set<String> shared(boolean valued) {
        return SharedOptions.fioSpelled().stream()
                .filter(r -> r.takesValue() == valued
                        && r.names().contains(r.fio().orElseThrow().commandLine()))
                .map(r -> r.fio().orElseThrow().name()).collect(Collectors.toUnmodifiableSet());
    }

    /**
     * {@return whether the command line spells an fio job: it names an option drivespeed does not
     * have, spelled {@code --name} or {@code --name=value}}
     *
     * @param args the command line as given
     * @param drivespeedOption whether a name ({@code --json}) is one of drivespeed's options
     * @param takesValue whether one of drivespeed's options takes a value
     */
    public static boolean spellsFio(List<String> args, Set<String> drivespeedOption,
            Set<String> takesValue) {
        for (String arg : options(args, drivespeedOption, takesValue)) {
            if (!drivespeedOption.contains(nameOf(arg))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The sections of an fio command line.
     *
     * @param args the command line as given
     * @param drivespeedOption drivespeed's option names ({@code --json})
     * @param takesValue those of them that take a value
     * @return the global section (possibly empty) and one section per {@code --name}
     * @throws IllegalArgumentException for an fio option with a value after a space, or an option
     *     that is neither drivespeed's nor in fio's table
     */
    public static List<FioSection> sections(List<String> args, Set<String> drivespeedOption,
            Set<String> takesValue) {
        List<FioSection> sections = new ArrayList<>();
        String name = "global";
        String start = "command line";
        List<FioEntry> entries = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.equals(END_OF_OPTIONS)) {
                break;
            }
            if (!arg.startsWith(LONG_PREFIX)) {
                continue;
            }
            String option = nameOf(arg);
            String key = option.substring(LONG_PREFIX.length());
            boolean shared = SHARED.contains(key);
            if (drivespeedOption.contains(option) && !shared && !SHARED_FLAGS.contains(key)) {
                if (takesValue.contains(option) && !arg.contains("=")) {
                    i++;
                }
                continue;
            }
            String value;
            if (arg.contains("=")) {
                value = arg.substring(arg.indexOf('=') + 1);
            } else if (shared) {
                if (i + 1 >= args.size()) {
                    throw new IllegalArgumentException("option '" + option + "' needs a value: give"
                            + " it as " + option + "=VALUE or " + option + " VALUE");
                }
                value = args.get(++i);
            } else {
                value = null;
            }
            FioEntry e = new FioEntry(key, value, arg.contains("=") || value == null ? arg
                    : arg + " " + value);
            FioOptions.Row row = FioOptions.find(key).orElseThrow(() ->
                    new IllegalArgumentException("unknown option '" + option + "': neither"
                            + " drivespeed's nor one of the fio options it takes ("
                            + FioOptions.NOT_TAKEN + ")"));
            if (value == null && row.kind() != FioOptions.Kind.FLAG
                    && row.support() == FioOptions.Support.SUPPORTED) {
                throw e.refusal("needs a value: give it as " + option + "=VALUE, as fio reads"
                        + " it");
            }
            if (key.equals("name")) {
                sections.add(new FioSection(name, entries, start, false));
                name = value == null ? "" : value;
                start = arg;
                entries = new ArrayList<>();
            }
            entries.add(e);
        }
        sections.add(new FioSection(name, entries, start, false));
        return sections;
    }

    /** The options of a command line, up to {@code --}: the arguments that start with --. */
    private static List<String> options(List<String> args, Set<String> drivespeedOption,
            Set<String> takesValue) {
        List<String> options = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.equals(END_OF_OPTIONS)) {
                break;
            }
            if (arg.startsWith(LONG_PREFIX)) {
                options.add(arg);
                if (takesValue.contains(nameOf(arg)) && !arg.contains("=")) {
                    i++;
                }
            }
        }
        return options;
    }

    private static String nameOf(String arg) {
        int eq = arg.indexOf('=');
        return eq < 0 ? arg : arg.substring(0, eq);
    }
}
