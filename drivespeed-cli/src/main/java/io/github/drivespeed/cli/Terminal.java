package io.github.drivespeed.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Whether standard error is a terminal, so that a progress bar may be drawn there. */
final class Terminal {

    private Terminal() {
    }

    /**
     * On Linux, standard error ({@code /proc/self/fd/2}) is a terminal when it links to a
     * {@code /dev/pts/N} or {@code /dev/ttyN} device; elsewhere the JDK's console (which needs
     * standard input and output to be one) stands in. {@code TERM=dumb} turns it off.
     *
     * @return true when a progress bar can be drawn on standard error
     */
    static boolean stderrIsTerminal() {
        if ("dumb".equals(System.getenv("TERM"))) {
            return false;
        }
        Path fd2 = Path.of("/proc/self/fd/2");
        if (Files.isSymbolicLink(fd2)) {
            try {
                String target = Files.readSymbolicLink(fd2).toString();
                return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
            } catch (IOException | UnsupportedOperationException e) {
                return false;
            }
        }
        return System.console() != null;
    }
}
