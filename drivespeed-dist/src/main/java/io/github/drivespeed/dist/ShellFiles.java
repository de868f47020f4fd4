package io.github.drivespeed.dist;

import io.github.drivespeed.cli.CommandModel;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.codegen.docgen.manpage.ManPageGenerator;

/**
 * Writes the files a shell user gets beside the command, generated from the command line the
 * executable jar runs, so that they never fall behind its options: the man page's AsciiDoc
 * source (picocli's {@code ManPageGenerator}; {@code asciidoctor -b manpage} turns it into troff)
 * and the bash completion script (picocli's {@code AutoComplete}, which zsh can load through
 * {@code bashcompinit}).
 */
public final class ShellFiles {

    /** The command's name: the man page's title and the word the completion completes. */
    public static final String COMMAND = "drivespeed";

    /** The labels of values that name a file, a directory or a device. */
    private static final Set<String> PATH_LABELS = Set.of("DIR", "FILE", "FILE.png", "DEVICE");

    /** Wider than any line of the synopsis, so that picocli breaks none. */
    private static final int SYNOPSIS_WIDTH_COLUMNS = 200;

    private ShellFiles() {
    }

    /**
     * Writes {@code drivespeed.adoc} and {@code drivespeed.bash} into a directory.
     *
     * @param args one argument: the directory to write to (created if absent)
     * @throws IOException when a file cannot be written
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            throw new IllegalArgumentException("ShellFiles takes one argument, the output"
                    + " directory; got " + args.length);
        }
        Path directory = Files.createDirectories(Path.of(args[0]));
        writeManPageSource(directory.resolve(COMMAND + ".adoc"));
        writeBashCompletion(directory.resolve(COMMAND + ".bash"));
    }

    /**
     * Writes the man page {@code drivespeed(1)} as AsciiDoc with the manpage doctype: name,
     * synopsis, description, options, the DIR argument, exit status, files, examples and see
     * also ({@link ManPageSections}).
     *
     * @param file the AsciiDoc file to write (replaced if present)
     * @throws IOException when it cannot be written
     */
    public static void writeManPageSource(Path file) throws IOException {
        CommandLine commandLine = CommandModel.commandLine();
        // the synopsis' lines are laid out by hand: wide enough that picocli wraps none of them
        commandLine.setUsageHelpWidth(SYNOPSIS_WIDTH_COLUMNS);
        StringWriter page = new StringWriter();
        try (PrintWriter out = new PrintWriter(page)) {
            ManPageGenerator.writeSingleManPage(out, commandLine.getCommandSpec());
        }
        String heading = commandLine.getCommandSpec().usageMessage().synopsisHeading();
        Files.writeString(file, ManPageSections.complete(
                synopsisAsLiteralBlock(page.toString(), heading.length())), StandardCharsets.UTF_8);
    }

    /**
     * The command's synopsis is laid out by hand for {@code --help}, one form a line with its
     * options indented below it, the first line after the help's "Usage: " heading: a literal
     * block keeps the lines as they are, where a paragraph would run them into one, and the
     * first line is indented by the heading's width to stay in line with the others.
     *
     * @param adoc the page as picocli wrote it
     * @param headingWidthColumns the width of the help's synopsis heading ("Usage: ")
     * @return the page with its synopsis section's text in a literal block
     */
    static String synopsisAsLiteralBlock(String adoc, int headingWidthColumns) {
        String heading = "== Synopsis" + System.lineSeparator() + System.lineSeparator();
        String end = "// end::picocli-generated-man-section-synopsis[]";
        int start = adoc.indexOf(heading);
        int stop = adoc.indexOf(end);
        if (start < 0 || stop < start) {
            throw new IllegalStateException("picocli's man page has no synopsis section ("
                    + heading.strip() + " ... " + end + ")");
        }
        int text = start + heading.length();
        return adoc.substring(0, text) + "...." + System.lineSeparator()
                + " ".repeat(headingWidthColumns) + adoc.substring(text, stop).stripTrailing() + System.lineSeparator() + "...."
                + System.lineSeparator() + System.lineSeparator() + adoc.substring(stop);
    }

    /**
     * Writes the bash completion script of {@code drivespeed}: every option name, the values of
     * the options that take one of a list ({@link OptionValues}: {@code --rw}, {@code --ioengine},
     * {@code --preset}, {@code --backend}, {@code --output-format}), and file names
     * wherever the command takes a file, a directory or a device (DIR, {@code --output FILE},
     * {@code --chart FILE.png}, {@code --job FILE}, {@code --allow-writes-to DEVICE}, ...).
     *
     * @param file the script to write (replaced if present)
     * @throws IOException when it cannot be written
     */
    public static void writeBashCompletion(Path file) throws IOException {
        CommandLine completion = completionModel(CommandModel.commandLine().getCommandSpec());
        Files.writeString(file, AutoComplete.bash(COMMAND, completion), StandardCharsets.UTF_8);
    }

    /**
     * The command's options and arguments as picocli's completion reads them: the command
     * takes paths as strings (it checks them itself), and picocli completes file names only
     * for a {@code File} or {@code Path} value, so each value labelled as a path is typed
     * {@code File} here.
     *
     * @param command the command's model
     * @return a model with the same names and arities, paths typed as files
     */
    static CommandLine completionModel(CommandSpec command) {
        CommandSpec completion = CommandSpec.create().name(command.name());
        for (OptionSpec option : command.options()) {
            OptionSpec.Builder builder = OptionSpec.builder(option.names())
                    .arity(option.arity()).paramLabel(option.paramLabel())
                    .hidden(option.hidden())
                    .type(PATH_LABELS.contains(option.paramLabel()) ? File.class : option.type());
            OptionValues.of(option.longestName()).ifPresent(values -> builder
                    .completionCandidates(values)
                    // picocli names the script's array of values after the label: one each
                    .paramLabel(option.longestName().replaceAll("^-+", "")
                            .replaceAll("[^A-Za-z0-9]", "_").toUpperCase(Locale.ROOT)));
            completion.addOption(builder.build());
        }
        for (PositionalParamSpec argument : command.positionalParameters()) {
            completion.addPositional(PositionalParamSpec.builder().index(argument.index())
                    .arity(argument.arity()).paramLabel(argument.paramLabel())
                    .type(PATH_LABELS.contains(argument.paramLabel()) ? File.class
                            : argument.type())
                    .build());
        }
        return new CommandLine(completion);
    }
}
