package io.github.drivespeed.cli;

import picocli.CommandLine;

/**
 * The {@code drivespeed} command's picocli model, for the tools that document it at build time:
 * its man page ({@code drivespeed(1)}, from picocli's man page generator) and its shell
 * completion (picocli's {@code AutoComplete}). Nothing is run.
 */
public final class CommandModel {

    private CommandModel() {
    }

    /**
     * {@return the command line {@link Main} runs: the same options, synopsis, description, help
     * and exit codes, with no progress bar}
     */
    public static CommandLine commandLine() {
        CommandLine cl = CommandLineFactory.create(() -> false);
        CommandLineFactory.withHelpText(cl.getCommandSpec());
        return cl;
    }
}
