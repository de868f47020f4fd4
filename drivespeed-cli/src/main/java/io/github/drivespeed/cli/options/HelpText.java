package io.github.drivespeed.cli.options;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Model.OptionSpec;

/**
 * What {@code --help} prints besides the options' rows of {@link OptionTable}: the synopsis of
 * every form of the command, which {@link Synopsis} makes from the rows (docs/command-line.md
 * copies it), the command's description, and the order the options are listed in.
 */
public final class HelpText {

    /** What the positional argument is. */
    public static final String TARGET = "Directory to test in (default: the current directory),"
            + " or a block device to read (read-only unless --write).";

    /** The synopsis: the forms of the command, with the options each takes, from the table. */
    private static final List<String> SYNOPSIS = Synopsis.of(OptionTable.rows());

    /** What the command does, one paragraph a line. */
    private static final List<String> DESCRIPTION = List.of(
            "Measures how fast the drive holding DIR writes and reads: for each run, writes a new "
                    + "test file (O_DIRECT, random data, fdatasync timed), reads it back, and "
                    + "removes it.",
            "MB/s is 10^6 bytes per second (as dd prints), MiB/s is 2^20 bytes per second.",
            "--json and --csv print machine-readable results (raw units: bytes, bytes per second,"
                    + " nanoseconds); --require checks them against a requirement.",
            "Given a block device (drivespeed /dev/sdX) it reads the device, read-only, like "
                    + "hdparm -t (O_DIRECT, 3 s per run from offset 0 on); -T adds hdparm -T's "
                    + "cached-read figure.",
            "With --preset, --rw or --sweep it runs fio-style workloads instead: random or "
                    + "sequential I/O over one fully written test file, threads, queue depth, "
                    + "time-based runs, IOPS and completion-latency percentiles.",
            "Given an fio job file (FILE.fio, or --job FILE) or fio's option spellings"
                    + " (--name=x --direct=1 ...) it runs fio's jobs, as fio groups them; an fio"
                    + " option it does not take is refused by name (and line), never ignored.");

    /**
     * The options in the help, as picocli sorts them (by their shortest name without its dashes,
     * case-insensitively, then lower case first; picocli's own help options last, where they are
     * marked so), but with the case folded the same in every locale: picocli upper-cases with the
     * default locale, so that in a Turkish one {@code --iodepth} ({@code İODEPTH}) sorted after
     * {@code --zeros}.
     */
    private static final Comparator<OptionSpec> OPTION_ORDER = (a, b) -> {
        String x = stripPrefix(shortest(a.names()));
        String y = stripPrefix(shortest(b.names()));
        int byName = x.toUpperCase(Locale.ROOT).compareTo(y.toUpperCase(Locale.ROOT));
        if (byName == 0) {
            byName = -x.compareTo(y);
        }
        return a.help() == b.help() ? byName : b.help() ? -1 : 1;
    };

    private HelpText() {
    }

    /** {@return the order the options are listed in, the same in every locale} */
    public static Comparator<OptionSpec> optionOrder() {
        return OPTION_ORDER;
    }

    /** The first of the shortest names, as picocli shows them. */
    private static String shortest(String[] names) {
        return Arrays.stream(names).min(Comparator.comparingInt(String::length)).orElseThrow();
    }

    /** A name without the dashes it starts with. */
    private static String stripPrefix(String name) {
        for (int i = 0; i < name.length(); i++) {
            if (Character.isJavaIdentifierPart(name.charAt(i))) {
                return name.substring(i);
            }
        }
        return name;
    }

    /** {@return the synopsis, one line of the help a line, the same forms as docs/command-line.md} */
    public static List<String> synopsis() {
        return SYNOPSIS;
    }

    /** {@return what the command does, one paragraph a line} */
    public static List<String> description() {
        return DESCRIPTION;
    }
}
