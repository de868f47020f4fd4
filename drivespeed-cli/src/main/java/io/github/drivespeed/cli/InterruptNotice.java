package io.github.drivespeed.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * One line on standard error when the JVM shuts down before the command finished, which for this
 * command means Ctrl-C (SIGINT, exit code 130) or SIGTERM (143): {@code drivespeed: interrupted;
 * no test file left behind} (just {@code drivespeed: interrupted} for a block device). The
 * library's own shutdown hook removes the test file; this one runs beside it, so it looks for the run's named test file ({@code drivespeed-PID-*.tmp}) for
 * up to a second before saying it is gone, and names it if it is not; where the directory cannot
 * be listed (a 32-bit JVM meets EOVERFLOW on a file system with 64-bit directory offsets) it says
 * that it could not check. (With the native backend's O_TMPFILE the test file has no name and
 * goes with the process.)
 */
final class InterruptNotice {

    private static final long WAIT_MILLIS = 1000;
    private static final long POLL_MILLIS = 20;

    private final Thread hook;

    private InterruptNotice(Thread hook) {
        this.hook = hook;
    }

    /**
     * @param err standard error
     * @param directory the directory under test, null before the arguments are parsed
     * @param terminal whether standard error is a terminal (a progress line is erased first)
     * @return the installed notice; call {@link #finished} when the command has finished
     */
    static InterruptNotice install(PrintWriter err, Supplier<Path> directory, boolean terminal) {
        Thread hook = new Thread(() -> {
            Path target = directory.get();
            boolean isDirectory = target != null && Files.isDirectory(target);
            String outcome;
            try {
                Path leftover = isDirectory ? leftover(target) : null;
                outcome = !isDirectory ? "" : leftover == null ? "; no test file left behind"
                        : "; the test file may be left behind: " + leftover;
            } catch (IOException | DirectoryIteratorException e) {
                IOException cause = e instanceof IOException ? (IOException) e
                        : ((DirectoryIteratorException) e).getCause();
                outcome = "; whether the test file was removed could not be checked: " + target
                        + " cannot be listed (" + reason(cause) + ")";
            }
            err.println((terminal ? "\r\u001b[K" : "") + "drivespeed: interrupted" + outcome);
            err.flush();
        }, "drivespeed-interrupt-notice");
        Runtime.getRuntime().addShutdownHook(hook);
        return new InterruptNotice(hook);
    }

    /** The command finished: no notice at exit. */
    void finished() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the notice is being printed already
        }
    }

    private static String reason(IOException e) {
        return e instanceof FileSystemException && ((FileSystemException) e).getReason() != null
                ? ((FileSystemException) e).getReason() : e.toString();
    }

    /**
     * This process's named test file in the directory, once it has had time to go; or null.
     *
     * @throws IOException or {@link DirectoryIteratorException} where the directory cannot be
     *     listed
     */
    private static Path leftover(Path directory) throws IOException {
        if (directory == null) {
            return null;
        }
        String glob = "drivespeed-" + ProcessHandle.current().pid() + "-*.tmp";
        long deadline = System.nanoTime() + WAIT_MILLIS * 1_000_000;
        while (true) {
            Path found = null;
            try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, glob)) {
                for (Path f : files) {
                    found = f;
                }
            }
            if (found == null || System.nanoTime() > deadline) {
                return found;
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return found;
            }
        }
    }
}
