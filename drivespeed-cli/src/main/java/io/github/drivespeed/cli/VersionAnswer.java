package io.github.drivespeed.cli;

import io.github.drivespeed.cli.run.ExitCode;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * {@code -V}/{@code --version} given alone, answered without building the command line: the
 * same line picocli's version option prints ({@link Version}), on standard output, exit code 0;
 * a failed write (a full disk or a closed pipe behind it) is one line on standard error and
 * exit code 3. With any other argument beside it, the command line answers as usual.
 */
final class VersionAnswer {

    private VersionAnswer() {
    }

    /**
     * @param args the command-line arguments
     * @return whether they are {@code -V} or {@code --version} alone
     */
    static boolean asks(String[] args) {
        return args.length == 1 && ("--version".equals(args[0]) || "-V".equals(args[0]));
    }

    /**
     * Writes the version line to file descriptor 1.
     *
     * @param asFio whether the command was started under the name {@code fio}: fio's line
     * @return the exit code: 0, or 3 when standard output could not be written
     */
    static int print(boolean asFio) {
        String line = (asFio ? Version.fioLine() : Version.line()).concat(System.lineSeparator());
        try {
            write(new FileOutputStream(FileDescriptor.out), line);
            return ExitCode.OK;
        } catch (IOException e) {
            System.err.println("drivespeed: could not write the version to standard output: "
                    .concat(String.valueOf(e.getMessage())));
            return ExitCode.IO_ERROR;
        }
    }

    /** Writes {@code line} in UTF-8 and flushes it. */
    static void write(OutputStream out, String line) throws IOException {
        out.write(line.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
