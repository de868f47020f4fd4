package io.github.drivespeed.cli;

import io.github.drivespeed.cli.options.HelpText;
import io.github.drivespeed.cli.options.OptionRow;
import io.github.drivespeed.cli.options.OptionTable;
import io.github.drivespeed.cli.run.ErrorMessages;
import io.github.drivespeed.cli.run.ExitCode;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryIteratorException;
import java.util.function.BooleanSupplier;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
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
        CommandSpec spec = CommandSpec.forAnnotatedObject(
                new DriveSpeedCommand(stderrIsTerminal, asFio));
        spec.versionProvider(new Version(asFio));
        for (OptionRow<?> row : OptionTable.rows()) {
            spec.addOption(row.toSpec());
        }
        spec.usageMessage().customSynopsis(HelpText.synopsis().toArray(new String[0]))
                .description(HelpText.description().toArray(new String[0]));
        CommandLine cl = new CommandLine(spec);
        cl.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_OPTION_LIST,
                help -> help.optionList(help.createDefaultLayout(), HelpText.optionOrder(),
                        help.parameterLabelRenderer()));
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
}
