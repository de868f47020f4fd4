package io.github.drivespeed.cli;

import io.github.drivespeed.cli.fio.FioCommandLine;
import io.github.drivespeed.cli.fio.FioJobFile;
import io.github.drivespeed.cli.fio.FioOptions;
import io.github.drivespeed.cli.fio.FioSection;
import io.github.drivespeed.cli.options.FioJobOptions;
import io.github.drivespeed.cli.options.GivenOptions;
import io.github.drivespeed.cli.run.ErrorMessages;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Whether a command line gives fio jobs, and their sections: a job file ({@code --job FILE}, or
 * a positional regular file ending in {@code .fio}) or fio's spellings (an option picocli does
 * not know that fio's table lists: {@code --direct=1}, {@code --name=x}, ...).
 */
final class FioJobLine {

    /** drivespeed's spellings of the fio options it shares, and fio's. */
    private static final Map<String, String> FIO_SPELLING = Map.of("--block-size", "--bs",
            "--threads", "--numjobs", "--duration", "--runtime", "--iodepth", "--iodepth",
            "--rw", "--rw", "--size", "--size", "--rwmixread", "--rwmixread",
            "--norandommap", "--norandommap", "--ioengine", "--ioengine");

    private final CommandSpec spec;
    private final FioJobOptions options;
    private final String positional;
    private final List<String> unmatched;

    FioJobLine(CommandSpec spec, FioJobOptions options, String positional,
            List<String> unmatched) {
        this.spec = spec;
        this.options = options;
        this.positional = positional;
        this.unmatched = unmatched == null ? List.of() : List.copyOf(unmatched);
    }

    /** @return whether the positional argument is a job file: a regular file named *.fio */
    boolean positionalJobFile() {
        return positional.toLowerCase(Locale.ROOT).endsWith(".fio")
                && Files.isRegularFile(Path.of(positional));
    }

    /** @return the job file given, or null */
    Path jobFile() {
        return options.job() != null ? Path.of(options.job())
                : positionalJobFile() ? Path.of(positional) : null;
    }

    /** @return whether an unmatched option is one of fio's */
    boolean fioSpelled() {
        return unmatched.stream().anyMatch(u -> u.startsWith("--")
                && FioOptions.find(key(u)).isPresent());
    }

    /** @return whether the command line gives fio jobs */
    boolean givesJobs() {
        return jobFile() != null || fioSpelled();
    }

    /** @return the refusal of an argument nothing takes, or null */
    String unmatchedRefusal() {
        if (givesJobs() || unmatched.isEmpty()) {
            return null;
        }
        // worded as picocli's own refusal of it would be (with its suggestions of close names)
        return ErrorMessages.ofPicocli(
                new UnmatchedArgumentException(spec.commandLine(), unmatched), new String[0]);
    }

    /** @return where jobs without a directory run: the positional DIR unless it is the job file */
    Path directory() {
        return positionalJobFile() || positional.isEmpty() ? Path.of(".") : Path.of(positional);
    }

    /**
     * @param given the options picocli matched
     * @return the refusal of an option that does not go with the jobs' source, or null
     */
    String misspelled(GivenOptions given) {
        boolean file = jobFile() != null;
        if (file && options.job() != null && positionalJobFile()) {
            return "give one job file: --job " + options.job() + " and " + positional;
        }
        if (file && fioSpelled()) {
            return "the job file " + jobFile() + " gives the jobs: fio's spellings on the"
                    + " command line (" + unmatched.get(0) + ") are not taken beside it";
        }
        for (String option : given.inOrder()) {
            String fio = FIO_SPELLING.get(option);
            if (fio == null) {
                continue;
            }
            String typed = given.typed(option);
            if (file) {
                return "the job file " + jobFile() + " gives the jobs: option '" + typed
                        + "' is not taken beside it";
            }
            if (!typed.equals(fio)) {
                return "option '" + typed + "' is drivespeed's spelling; fio's jobs take fio's: "
                        + fio + "=...";
            }
        }
        return null;
    }

    /**
     * @return the sections of the job file, or of the fio-spelled command line
     * @throws IllegalArgumentException naming the place of what cannot be read
     * @throws IOException if the job file cannot be read
     */
    List<FioSection> sections() throws IOException {
        Path file = jobFile();
        if (file != null) {
            if (!Files.isRegularFile(file)) {
                throw new IllegalArgumentException("invalid value for option '--job': '" + file
                        + "': not an existing regular file");
            }
            return new FioJobFile(System.getenv()).read(file);
        }
        Set<String> names = new HashSet<>();
        Set<String> valued = new HashSet<>();
        for (OptionSpec o : spec.options()) {
            for (String n : o.names()) {
                names.add(n);
                if (o.arity().max() > 0) {
                    valued.add(n);
                }
            }
        }
        return FioCommandLine.sections(
                spec.commandLine().getParseResult().originalArgs(), names, valued);
    }

    private static String key(String arg) {
        int eq = arg.indexOf('=');
        return (eq < 0 ? arg : arg.substring(0, eq)).substring(2);
    }
}
