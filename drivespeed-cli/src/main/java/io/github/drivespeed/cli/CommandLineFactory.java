package io.github.drivespeed.cli;

import io.github.drivespeed.cli.options.HelpText;
import io.github.drivespeed.cli.options.OptionRow;
import io.github.drivespeed.cli.options.OptionTable;
import io.github.drivespeed.cli.run.ErrorMessages;
import io.github.drivespeed.cli.run.ExitCode;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryIteratorException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BooleanSupplier;
import picocli.CommandLine;
import picocli.CommandLine.IHelpSectionRenderer;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.Model.UnmatchedArgsBinding;
import picocli.CommandLine.OverwrittenOptionException;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * The command line: the command, its options (one picocli declaration per row of
 * {@link OptionTable}), its help, and one-line errors with exit codes.
 */
final class CommandLineFactory {

    private CommandLineFactory() {
    }

    /** @return the command line, drawing the progress bar when stderr is a terminal */
    static CommandLine create() {
        return create(Terminal::stderrIsTerminal);
    }

    /**
     * @param stderrIsTerminal whether to draw the progress bar on the command line's stderr
     * @return the command line, with one-line error reporting; visible for tests
     */
    static CommandLine create(BooleanSupplier stderrIsTerminal) {
        return create(stderrIsTerminal, false);
    }

    /**
     * @param stderrIsTerminal whether to draw the progress bar on the command line's stderr
     * @param asFio whether the command was started under the name {@code fio}: {@code --version}
     *     prints fio's line, and fio's meaning of the options it shares with drivespeed holds
     * @return the command line
     */
    static CommandLine create(BooleanSupplier stderrIsTerminal, boolean asFio) {
        CommandSpec spec = model(new DriveSpeedCommand(stderrIsTerminal, asFio), asFio);
        CommandLine cl = new CommandLine(spec);
        Map<String, IHelpSectionRenderer> sections = cl.getHelpSectionMap();
        sections.put(UsageMessageSpec.SECTION_KEY_OPTION_LIST,
                help -> help.optionList(help.createDefaultLayout(), HelpText.optionOrder(),
                        help.parameterLabelRenderer()));
        // the synopsis and the description are made from the option table when the help is
        // printed (before its first section), not on every start of the command
        String first = cl.getHelpSectionKeys().get(0);
        IHelpSectionRenderer firstSection = sections.get(first);
        sections.put(first, help -> {
            withHelpText(spec);
            return firstSection.render(help);
        });
        cl.setParameterExceptionHandler((ex, args) -> {
            if (ex instanceof OverwrittenOptionException && !ex.getCommandLine()
                    .isOverwrittenOptionsAllowed() && FioJobLine.spellsFio(spec, args, asFio)) {
                // fio's jobs give the options fio shares with drivespeed once per job (--name=a
                // --rw=read --name=b --rw=write): FioJobLine reads them from the arguments as fio
                // does, so picocli's one value per option does not hold there
                ex.getCommandLine().setOverwrittenOptionsAllowed(true);
                return ex.getCommandLine().execute(args);
            }
            ex.getCommandLine().getErr().println("drivespeed: "
                    + ErrorMessages.ofPicocli(ex, args));
            ex.getCommandLine().getErr().flush();
            return ExitCode.BAD_INPUT;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            // an I/O error the JDK wraps unchecked (a directory listing, a stream over lines)
            // says what failed in its cause's words, as every other I/O error does
            boolean wrapped = ex instanceof UncheckedIOException
                    || ex instanceof DirectoryIteratorException;
            commandLine.getErr().println("drivespeed: "
                    + (wrapped && ex.getCause() != null ? ex.getCause().getMessage() : ex));
            commandLine.getErr().flush();
            return ExitCode.IO_ERROR;
        });
        return cl;
    }

    /**
     * The command's picocli model, built without reading annotations (which costs each start of
     * the command more than the rest of the model): the positional {@code DIR}, the unmatched
     * arguments, {@code -h}/{@code --help} and {@code -V}/{@code --version} as picocli's
     * {@code mixinStandardHelpOptions} declares them, the exit codes, every row of the option
     * table. The synopsis and the description, made from the table, are added when the help is
     * printed ({@link #withHelpText}).
     */
    private static CommandSpec model(DriveSpeedCommand command, boolean asFio) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(command);
        command.spec(spec);
        spec.name(DriveSpeedCommand.NAME);
        spec.versionProvider(new Version(asFio));
        Directory directory = new Directory(command);
        spec.addPositional(PositionalParamSpec.builder().index("0").arity("0..1")
                .paramLabel("DIR").defaultValue(".").description(HelpText.TARGET)
                .type(String.class).getter(directory).setter(directory).build());
        spec.addUnmatchedArgsBinding(UnmatchedArgsBinding.forStringCollectionSupplier(
                new Unmatched(command)));
        // the standard -h/--help and -V/--version, as picocli's mixinStandardHelpOptions
        // declares them (which it would read from annotations)
        spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true)
                .description("Show this help message and exit.").build());
        spec.addOption(OptionSpec.builder("-V", "--version").versionHelp(true)
                .description("Print version information and exit.").build());
        Map<String, String> exitCodes = new LinkedHashMap<>();
        for (String entry : DriveSpeedCommand.EXIT_CODES) {
            int colon = entry.indexOf(':');
            exitCodes.put(entry.substring(0, colon), entry.substring(colon + 1));
        }
        spec.usageMessage().exitCodeListHeading(DriveSpeedCommand.EXIT_CODE_HEADING)
                .exitCodeList(exitCodes);
        for (OptionRow<?> row : OptionTable.rows()) {
            spec.addOption(row.toSpec());
        }
        return spec;
    }

    /**
     * Adds the synopsis and the description, made from the option table, to the command's model
     * once.
     *
     * @param spec the command's model
     * @return the same model
     */
    static CommandSpec withHelpText(CommandSpec spec) {
        if (spec.usageMessage().customSynopsis().length == 0) {
            spec.usageMessage().customSynopsis(HelpText.synopsis().toArray(new String[0]))
                    .description(HelpText.description().toArray(new String[0]));
        }
        return spec;
    }

    /** The positional {@code DIR}, bound to the command's {@link DriveSpeedCommand#target()}. */
    private static final class Directory implements IGetter, ISetter {

        private final DriveSpeedCommand command;
        private String value;

        Directory(DriveSpeedCommand command) {
            this.command = command;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> T get() {
            return (T) value;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> T set(T newValue) {
            String previous = value;
            value = (String) newValue;
            command.directory(value);
            return (T) previous;
        }
    }

    /**
     * The arguments picocli does not know, in the command's list: picocli adds to it while
     * parsing and empties it (sets it back to its initial, empty, value) before each parse.
     */
    private static final class Unmatched implements IGetter, ISetter {

        private final DriveSpeedCommand command;

        Unmatched(DriveSpeedCommand command) {
            this.command = command;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> T get() {
            return (T) command.unmatched();
        }

        @Override
        public <T> T set(T initial) {
            command.unmatched().clear();
            return null;
        }
    }
}
