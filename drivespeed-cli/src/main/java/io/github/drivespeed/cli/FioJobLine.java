package io.github.drivespeed.cli;

import io.github.drivespeed.fio.internal.FioCommandLine;
import io.github.drivespeed.fio.internal.FioJobFile;
import io.github.drivespeed.fio.internal.FioOptions;
import io.github.drivespeed.fio.internal.FioSection;
import io.github.drivespeed.cli.options.CloseNames;
import io.github.drivespeed.cli.options.Form;
import io.github.drivespeed.cli.options.FormOptions;
import io.github.drivespeed.cli.options.GivenOptions;
import io.github.drivespeed.cli.options.MeasurementOptions;
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
 * {@code fio}; a directory for the jobs may go before or after a positional job file), fio's
 * spellings (an option picocli does not know that fio's table lists:
 * {@code --direct=1}, {@code --name=x}, ...), or both, combined as fio combines them (HOWTO "Job
 * file format"): the command line's global options and jobs first, then the job file's sections.
 */
final class FioJobLine {

    /** fio's option that starts a job. */
    private static final String FIO_NAME = "name";

    private final CommandSpec spec;
    private final GivenOptions given;
    /** The positional argument read as a job file where it is one (the one ending in .fio). */
    private final String positional;
    /** The directory given beside a positional job file, before or after it; null if none. */
    private final String besideJobFile;
    private final List<String> unmatched;
    private final boolean asFio;

    /**
     * The command line's fio jobs. Started as {@code drivespeed}, of the words that are not
     * options one ending in {@code .fio} and not a directory is the job file, and the first other
     * one the directory its jobs run in, in either order ({@code drivespeed DIR job.fio},
     * {@code drivespeed job.fio DIR}); a word after those is refused
     * ({@link #strayBesideJobs()}).
     */
    FioJobLine(CommandSpec spec, GivenOptions given, String positional,
            List<String> unmatched, boolean asFio) {
        this.spec = spec;
        this.given = given;
        this.asFio = asFio;
        List<String> rest = unmatched == null ? List.of() : List.copyOf(unmatched);
        // the positional argument first, then the words picocli had no place for
        List<String> words = new ArrayList<>(List.of(positional));
        rest.stream().filter(u -> !u.startsWith("-")).forEach(words::add);
        List<Integer> jobs = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            if (namesJobFile(words.get(i))) {
                jobs.add(i);
            }
        }
        String job = positional;
        String beside = null;
        if (!asFio && words.size() > 1 && jobs.size() == 1) {
            int jobAt = jobs.get(0);
            int besideAt = jobAt == 0 ? 1 : 0;
            job = words.get(jobAt);
            beside = words.get(besideAt);
            List<String> left = new ArrayList<>(rest);
            for (int at : List.of(jobAt, besideAt)) {
                if (at > 0) {
                    left.remove(words.get(at));
                }
            }
            rest = List.copyOf(left);
        }
        this.positional = job;
        this.besideJobFile = beside;
        this.unmatched = rest;
    }

    /** Whether a word names a job file by its name: it ends in .fio and is not a directory. */
    private static boolean namesJobFile(String word) {
        return word.toLowerCase(Locale.ROOT).endsWith(".fio") && !Files.isDirectory(Path.of(word));
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

    /**
     * {@return the refusal of fio's spellings that were not meant as an fio job, or null} Without
     * a job file or {@code --name}, an option only fio spells ({@code --direct},
     * {@code --blocksize}) is taken for a slip of drivespeed's own command line, the more so
     * beside an option fio's jobs do not take ({@code --count}): it is named, with the option of
     * drivespeed's most likely meant. A command line of fio's spellings with {@code --name}, or
     * a job file, is an fio job as before.
     */
    private String mixRefusal() {
        if (asFio || jobFile() != null) {
            return null;
        }
        List<String> fioOnly = unmatched.stream().filter(u -> u.startsWith(OptionTable.LONG_PREFIX)
                && FioOptions.find(key(u)).isPresent()).toList();
        if (fioOnly.isEmpty() || fioOnly.stream().anyMatch(u -> key(u).equals(FIO_NAME))) {
            return null;
        }
        String first = fioOnly.get(0);
        String option = OptionTable.LONG_PREFIX + key(first);
        String drivespeeds = given.inOrder().stream().filter(r -> !r.goesWith(Form.FIO_JOB))
                .findFirst().map(r -> "'" + given.typed(r) + "' is drivespeed's, so this is not"
                        + " an fio job").orElse("no fio job is given (--" + FIO_NAME
                        + "=NAME starts one)");
        return "option '" + option + "' is fio's spelling, and " + drivespeeds + "; "
                + meant(key(first));
    }

    /** What drivespeed's command line takes for fio's option {@code key}. */
    private String meant(String key) {
        if (key.equals("direct")) {
            return "O_DIRECT is already drivespeed's default ("
                    + MeasurementOptions.BUFFERED.option() + " opts out)";
        }
        for (OptionRow<?> row : OptionTable.rows()) {
            if (row.fio().filter(f -> f.name().equals(key) || f.aliases().contains(key))
                    .isPresent()) {
                return "did you mean " + row.option() + "?";
            }
        }
        return CloseNames.closest(OptionTable.LONG_PREFIX + key, optionNames(spec, false))
                .map(o -> "did you mean " + o + "?")
                .orElse("give drivespeed's options ('drivespeed --help' lists them), or fio's"
                        + " with --" + FIO_NAME + "=NAME");
    }

    /**
     * @return the refusal of an argument nothing takes, or of fio's spellings not meant as an fio
     *     job ({@link #mixRefusal}), or null
     */
    String unmatchedRefusal() {
        String mix = mixRefusal();
        if (mix != null) {
            return mix;
        }
        if (givesJobs()) {
            // a word beside the jobs is refused once fio's own grammar has been read
            return null;
        }
        if (unmatched.isEmpty()) {
            return null;
        }
        String word = unmatched.get(0);
        if (!word.startsWith("-") && Files.isRegularFile(Path.of(word))) {
            // a job file not named *.fio, after the directory
            return "unexpected argument '" + word + "': drivespeed takes one target, a directory"
                    + " or a block device; to run " + word + " as an fio job file, give "
                    + FormOptions.JOB.option() + " " + word + " (a job file named *.fio needs no "
                    + FormOptions.JOB.option() + ")";
        }
        if (word.startsWith("-") && given.afterEndOfOptions(word)) {
            // after '--' every argument is the target: not an option, known or not
            return ErrorMessages.afterEndOfOptions(word);
        }
        // worded as picocli's own refusal of it would be (with its suggestions of close names)
        return ErrorMessages.ofPicocli(
                new UnmatchedArgumentException(spec.commandLine(), unmatched),
                given.typedArguments().toArray(new String[0]));
    }

    /**
     * {@return the refusal of a word beside fio's jobs that nothing takes (a second directory, a
     * second job file), or null} Where the jobs run is one directory, given once.
     */
    String strayBesideJobs() {
        if (asFio) {
            return null;
        }
        List<String> words = unmatched.stream().filter(u -> !u.startsWith("-")).toList();
        if (words.isEmpty()) {
            return null;
        }
        Path file = jobFile();
        return "unexpected argument '" + words.get(0) + "': beside " + (file == null
                ? "fio's jobs" : "the job file " + file) + " drivespeed takes one directory"
                + " for the jobs (before or after the job file), given once";
    }

    /**
     * @return where jobs without a directory run: the directory given beside a positional job
     *     file, else the positional DIR unless it is the job file
     */
    Path directory() {
        if (besideJobFile != null && positionalJobFile()) {
            return Path.of(besideJobFile);
        }
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
