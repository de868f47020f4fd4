package io.github.drivespeed.internal.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Processes of this PID namespace that are being torn down: a measurement killed with SIGKILL
 * (or {@code timeout -s KILL}) keeps its process, its files and its fcntl(2) locks until the kernel
 * has freed its memory, which for a JVM took 1.5 s here; a run started in that time would see a
 * live measurement (its test file in use, its drive lock held). Its I/O is over: a killed process
 * submits none. So where another run's process is exiting, the scan waits for it, at most
 * {@link #WAIT_MILLIS} ms, until its last thread is gone and its locks with it. Exiting is any of:
 * SIGKILL pending ({@code ShdPnd} or {@code SigPnd} in {@code /proc/PID/status}, proc(5): set by
 * kill(2) itself, before the process has run again, and kept until it is gone); the
 * {@code PF_EXITING} flag, 0x4, in the ninth field of {@code /proc/PID/stat} (proc(5), the
 * kernel's {@code sched.h}); a zombie.
 */
final class ExitingProcesses {

    private static final Logger LOG = LoggerFactory.getLogger(ExitingProcesses.class);
    /** The longest wait for one exiting process, milliseconds. */
    static final long WAIT_MILLIS = 5_000;
    private static final long POLL_MILLIS = 10;
    /** {@code PF_EXITING} in {@code task->flags}: the task is exiting. */
    private static final long PF_EXITING = 0x4;
    /** SIGKILL (9) in a pending-signal mask of {@code /proc/PID/status}. */
    private static final long SIGKILL_BIT = 1L << 8;
    private static final Path PROC = Path.of("/proc");

    private ExitingProcesses() {
    }

    /**
     * Waits while {@code pid} is a process of this namespace that is exiting, until no thread of
     * it is left (a zombie whose parent has not reaped it has none), at most
     * {@link #WAIT_MILLIS} ms; returns at once for a live process, or one not seen here.
     *
     * @param pid the process
     * @return whether the process is gone as a measurement ({@link #gone}) once the wait ends:
     *     false for a live one, or one still exiting after the wait
     */
    static boolean awaitGone(long pid) {
        String[] f = statFields(pid);
        if (f == null) {
            return true;
        }
        if (!exiting(pid, f)) {
            return false;
        }
        long start = System.nanoTime();
        long deadline = start + TimeUnit.MILLISECONDS.toNanos(WAIT_MILLIS);
        boolean left;
        while ((left = threadsLeft(pid)) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return gone(pid);
            }
        }
        LOG.debug("waited {} ms for process {}, which was exiting", TimeUnit.NANOSECONDS.toMillis(
                System.nanoTime() - start), pid);
        return !left;
    }

    /**
     * {@return whether {@code pid} is gone as a measurement: not a process here, or a zombie
     * whose threads have all exited (its files and locks released)}
     *
     * @param pid the process
     */
    static boolean gone(long pid) {
        return !threadsLeft(pid);
    }

    /** {@return whether the process is exiting: SIGKILL pending, PF_EXITING set, or a zombie} */
    static boolean exiting(long pid) {
        String[] f = statFields(pid);
        return f != null && exiting(pid, f);
    }

    /** {@return whether the process of these {@code /proc/PID/stat} fields is exiting} */
    private static boolean exiting(long pid, String[] f) {
        return f[0].equals("Z") || f[0].equals("X") || (Long.parseLong(f[6]) & PF_EXITING) != 0
                || killPending(status(pid));
    }

    /**
     * {@return whether a {@code /proc/PID/status} text has SIGKILL pending, for the process
     * ({@code ShdPnd}) or its first thread ({@code SigPnd}): a mask in hexadecimal, signal N at
     * bit N - 1}
     *
     * @param status the text, or "" where it could not be read
     */
    static boolean killPending(String status) {
        for (String line : status.split("\n")) {
            if (line.startsWith("ShdPnd:") || line.startsWith("SigPnd:")) {
                String mask = line.substring(line.indexOf(':') + 1).strip();
                try {
                    if ((Long.parseUnsignedLong(mask, 16) & SIGKILL_BIT) != 0) {
                        return true;
                    }
                } catch (NumberFormatException e) {
                    LOG.debug("pending signals not read from '{}'", line);
                }
            }
        }
        return false;
    }

    /** {@return {@code /proc/PID/status}, or "" where it cannot be read} */
    private static String status(long pid) {
        try {
            return Files.readString(PROC.resolve(Long.toString(pid)).resolve("status"));
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    /** {@return whether a thread of the process is left: not gone, and not a lone zombie} */
    private static boolean threadsLeft(long pid) {
        String[] f = statFields(pid);
        if (f == null) {
            return false;
        }
        if (!f[0].equals("Z") && !f[0].equals("X")) {
            return true;
        }
        // a zombie leader: its other threads (and the files they share) may still be exiting
        try (Stream<Path> tasks = Files.list(PROC.resolve(Long.toString(pid)).resolve("task"))) {
            return tasks.count() > 1;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * {@return the fields of {@code /proc/PID/stat} after the command's closing bracket (state
     * first, flags seventh), or null where it cannot be read or parsed}
     */
    private static String[] statFields(long pid) {
        try {
            String stat = Files.readString(PROC.resolve(Long.toString(pid)).resolve("stat"));
            int close = stat.lastIndexOf(')');
            String[] f = close < 0 ? new String[0] : stat.substring(close + 1).trim().split(" ");
            return f.length > 6 ? f : null;
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException | RuntimeException e) {
            LOG.debug("cannot read /proc/{}/stat: {}", pid, e.toString());
            return null;
        }
    }
}
