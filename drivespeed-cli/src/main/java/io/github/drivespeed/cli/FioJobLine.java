package io.github.drivespeed.cli;

import io.github.drivespeed.fio.internal.FioCommandLine;
import io.github.drivespeed.fio.internal.FioJobFile;
import io.github.drivespeed.fio.internal.FioOptions;
import io.github.drivespeed.fio.internal.FioSection;
import io.github.drivespeed.cli.options.FormOptions;
import io.github.drivespeed.cli.options.GivenOptions;
import io.github.drivespeed.cli.options.OptionRow;
import io.github.drivespeed.cli.options.OptionTable;
import io.github.drivespeed.cli.run.ErrorMessages;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Whether a command line gives fio jobs, and their sections: a job file ({@code --job FILE}, or
 * a positional regular file ending in {@code .fio}, or any regular file when started as
 * {@code fio}), fio's spellings (an option picocli does not know that fio's table lists:
 * {@code --direct=1}, {@code --name=x}, ...), or both, combined as fio combines them (HOWTO "Job
 * file format"): the command line's global options and jobs first, then the job file's sections.
 */
final class FioJobLine {

    private final CommandSpec spec;
    private final GivenOptions given;
    private final String positional;
    private final List<String> unmatched;
    private final boolean asFio;

    FioJobLine(CommandSpec spec, GivenOptions given, String positional,
            List<String> unmatched, boolean asFio) {
        this.spec = spec;
        this.given = given;
        this.positional = positional;
        this.unmatched = unmatched == null ? List.of() : List.copyOf(unmatched);
        this.asFio = asFio;
    }

    /**
     * {@return whether a command line is read as fio's: started as {@code fio}, or naming an option
     * drivespeed does not have}
     *
     * @param spec the command's options
     * @param args the arguments
     * @param asFio whether the command was started as {@code fio}
     */
    static boolean spellsFio(CommandSpec spec, String[] args, boolean asFio) {
        return asFio || FioCommandLine.spellsFio(List.of(args), optionNames(spec, false),
                optionNames(spec, true));
    }

    /**
     * @return whether the positional argument is a job file: a regular file named *.fio, or any
     *     regular file when started as {@code fio} (fio reads every argument that is not an
     *     option as a job file)
     */
    boolean positionalJobFile() {
        return (asFio || positional.toLowerCase(Locale.ROOT).endsWith(".fio"))
                && Files.isRegularFile(Path.of(positional));
    }

    /**
     * {@return the refusal of a job file named on the command line that does not exist, or null}
     * Named: a positional argument ending in .fio, or any positional argument when started as
     * {@code fio} (fio: "unable to open '...' job file").
     */
    String missingJobFileRefusal() {
        if (jobFile() != null || Files.exists(Path.of(positional))) {
            return null;
        }
        if (positional.toLowerCase(Locale.ROOT).endsWith(".fio")) {
            return "job file does not exist: " + positional + " (an argument ending in .fio is"
                    + " read as a fio job file)";
        }
        return asFio && !positional.equals(".") ? "job file does not exist: " + positional
                + " (started as fio, every argument that is not an option is a job file)" : null;
    }

    /** @return the job file given, or null */
    Path jobFile() {
        String job = given.value(FormOptions.JOB);
        return job != null ? Path.of(job) : positionalJobFile() ? Path.of(positional) : null;
    }

    /** @return whether an unmatched option is one of fio's */
    boolean fioSpelled() {
        return unmatched.stream().anyMatch(u -> u.startsWith(OptionTable.LONG_PREFIX)
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
     * {@return the refusal of an option that does not go with the jobs' source, or null: a
     * second job file, or one of the options fio's jobs take spelled drivespeed's way
     * ({@code --block-size}, not fio's {@code --bs})}
     */
    String misspelled() {
        boolean file = jobFile() != null;
        if (file && given.has(FormOptions.JOB) && positionalJobFile()) {
            return "give one job file: " + FormOptions.JOB.option() + " "
                    + given.value(FormOptions.JOB) + " and " + positional;
        }
        for (OptionRow<?> option : given.inOrder()) {
            if (option.fio().isEmpty()) {
                continue;
            }
            String fio = option.fio().get().commandLine();
            String typed = given.typed(option);
            if (!typed.equals(fio)) {
                return "option '" + typed + "' is drivespeed's spelling; fio's jobs take fio's: "
                        + fio + "=...";
            }
        }
        return null;
    }

    /**
     * @return the sections of the fio-spelled command line (its global section and its jobs),
     *     then those of the job file, as fio reads them: the file's jobs start from the command
     *     line's global options, changed by the file's {@code [global]}
     * @throws IllegalArgumentException naming the place of what cannot be read
     * @throws IOException if the job file cannot be read
     */
    List<FioSection> sections() throws IOException {
        List<FioSection> sections = new ArrayList<>(FioCommandLine.sections(
                spec.commandLine().getParseResult().originalArgs(),
                optionNames(spec, false), optionNames(spec, true)));
        Path file = jobFile();
        if (file != null) {
            if (!Files.isRegularFile(file)) {
                throw given.refusal(FormOptions.JOB, file, new IllegalArgumentException(
                        "not an existing regular file"));
            }
            sections.addAll(new FioJobFile(System.getenv()).read(file));
        }
        return sections;
    }

    /** drivespeed's option names ({@code --json}), all of them or those that take a value. */
    private static Set<String> optionNames(CommandSpec spec, boolean valuedOnly) {
        Set<String> names = new HashSet<>();
        for (OptionSpec o : spec.options()) {
            if (!valuedOnly || o.arity().max() > 0) {
                names.addAll(List.of(o.names()));
            }
        }
        return names;
    }

    private static String key(String arg) {
        int eq = arg.indexOf('=');
        return (eq < 0 ? arg : arg.substring(0, eq)).substring(2);
    }
}
