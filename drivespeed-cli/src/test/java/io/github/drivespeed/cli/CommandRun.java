package io.github.drivespeed.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import picocli.CommandLine;

/**
 * One run of the command line in this JVM, with what it printed.
 *
 * @param exitCode the exit code
 * @param out standard output
 * @param err standard error
 */
record CommandRun(int exitCode, String out, String err) {

    /**
     * Runs the command line with {@code args}.
     *
     * @param args the arguments
     * @return the exit code and output
     */
    static CommandRun of(String... args) {
        return run(CommandLineFactory.create(), args);
    }

    /**
     * Runs the command line with {@code args} as if started under the name {@code fio}.
     *
     * @param args the arguments
     * @return the exit code and output
     */
    static CommandRun asFio(String... args) {
        return run(CommandLineFactory.create(() -> false, true), args);
    }

    /**
     * Runs the command line with {@code args} as if standard error were a terminal (the
     * progress bar is drawn).
     *
     * @param args the arguments
     * @return the exit code and output
     */
    static CommandRun onTerminal(String... args) {
        return run(CommandLineFactory.create(() -> true), args);
    }

    private static CommandRun run(CommandLine cl, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new CommandRun(code, out.toString(), err.toString());
    }

    /** @return standard error's lines */
    List<String> errLines() {
        return err.lines().toList();
    }
}
