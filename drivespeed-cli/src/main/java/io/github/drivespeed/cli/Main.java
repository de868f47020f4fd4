package io.github.drivespeed.cli;

import io.github.drivespeed.cli.run.ExitCode;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/**
 * The executable jar's main class: runs the {@code drivespeed} command in this JVM and exits with
 * its code, with one line on standard error when Ctrl-C or SIGTERM stops it.
 */
public final class Main {

    /** The system property the launcher sets to the name it was started under. */
    static final String INVOKED_AS = "drivespeed.invokedAs";
    /** The name that makes the command answer as fio. */
    static final String FIO_NAME = "fio";
    /**
     * JNA's list of library directories: unset, JNA runs {@code ldconfig -p} in a child process
     * to make it the first time a native library is bound. The command binds only
     * {@code libc.so.6}, by the name the dynamic linker finds itself, so none is given.
     */
    static final String JNA_LIBRARY_PATH = "jna.platform.library.path";
    /**
     * The types picocli registers no converter for: it looks up {@code java.sql}'s with
     * reflection, loading that module's classes, and no option of the command has one.
     */
    static final String PICOCLI_CONVERTER_EXCLUDES = "picocli.converters.excludes";

    private Main() {
    }

    /**
     * Runs the command and exits with its code.
     *
     * @param args command-line arguments
     */
    public static void main(String[] args) {
        boolean asFio = FIO_NAME.equals(System.getProperty(INVOKED_AS));
        if (VersionAnswer.asks(args)) {
            // front ends run `fio --version` before every benchmark: the one line needs none of
            // picocli's model (building it loads and reflects on the whole option table, about
            // two thirds of the command's start-up), so it is answered before that is built
            System.exit(VersionAnswer.print(asFio));
            return;
        }
        if (System.getProperty(JNA_LIBRARY_PATH) == null) {
            System.setProperty(JNA_LIBRARY_PATH, "");
        }
        if (System.getProperty(PICOCLI_CONVERTER_EXCLUDES) == null) {
            System.setProperty(PICOCLI_CONVERTER_EXCLUDES, "java\\.sql\\..*");
        }
        PrintWriter stderr = new PrintWriter(new OutputStreamWriter(System.err,
                StandardCharsets.UTF_8), true);
        // Standard output straight on file descriptor 1, not through System.out: a PrintStream
        // swallows write errors, so a full disk or a closed pipe behind `--json > file` would
        // go unnoticed and the command would exit 0 with nothing written.
        PrintWriter stdout = new PrintWriter(new OutputStreamWriter(
                new FileOutputStream(FileDescriptor.out), StandardCharsets.UTF_8), true);
        // the launcher passes the name it was started under: `fio` answers as fio (docs/fio.md)
        CommandLine cl = CommandLineFactory.create(Terminal::stderrIsTerminal, asFio);
        cl.setOut(stdout);
        cl.setErr(stderr);
        DriveSpeedCommand command = cl.getCommand();
        InterruptNotice notice = InterruptNotice.install(stderr, command::target,
                Terminal.stderrIsTerminal());
        int code;
        try {
            code = cl.execute(args);
        } catch (Error e) {
            // picocli passes Errors through (OutOfMemoryError, say): one line and the I/O-error
            // exit code, not a stack trace followed by the interrupt notice
            notice.finished();
            stderr.println("drivespeed: the measurement failed: " + e);
            stderr.flush();
            System.exit(ExitCode.IO_ERROR);
            return;
        }
        notice.finished();
        System.exit(code);
    }
}
