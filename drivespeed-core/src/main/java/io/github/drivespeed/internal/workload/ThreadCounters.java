package io.github.drivespeed.internal.workload;

import io.github.drivespeed.report.engine.ThreadEvents;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The calling thread's context switches and page faults as Linux counts them
 * ({@link ThreadEvents}): {@code voluntary_ctxt_switches} and {@code nonvoluntary_ctxt_switches}
 * of {@code /proc/thread-self/status}, fields 10 and 12 ({@code minflt}, {@code majflt}) of
 * {@code /proc/thread-self/stat} (proc(5); Linux 3.17 and later). Read by an I/O thread before
 * and after its loop, outside the timed I/O; where the files cannot be read there is no reading.
 */
final class ThreadCounters {

    private static final Path STATUS = Path.of("/proc/thread-self/status");
    private static final Path STAT = Path.of("/proc/thread-self/stat");

    private ThreadCounters() {
    }

    /** @return the calling thread's counts now, or empty where they cannot be read */
    static Optional<ThreadEvents> read() {
        try {
            String status = new String(Files.readAllBytes(STATUS), StandardCharsets.US_ASCII);
            String stat = new String(Files.readAllBytes(STAT), StandardCharsets.US_ASCII);
            return parse(status, stat);
        } catch (IOException | SecurityException | UnsupportedOperationException e) {
            return Optional.empty();
        }
    }

    /**
     * @param status the text of a {@code /proc/PID/task/TID/status}
     * @param stat the text of the same thread's {@code stat}
     * @return its counts, or empty if either does not parse
     */
    static Optional<ThreadEvents> parse(String status, String stat) {
        long voluntary = field(status, "voluntary_ctxt_switches:");
        long involuntary = field(status, "nonvoluntary_ctxt_switches:");
        int end = stat.lastIndexOf(')');
        if (voluntary < 0 || involuntary < 0 || end < 0) {
            return Optional.empty();
        }
        // fields[0] is field 3 (state); minflt is field 10, majflt field 12
        String[] fields = stat.substring(end + 1).trim().split(" +");
        if (fields.length < 10) {
            return Optional.empty();
        }
        try {
            return Optional.of(new ThreadEvents(voluntary + involuntary,
                    Long.parseLong(fields[7]), Long.parseLong(fields[9])));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /**
     * @param start a thread's counts at its start, or empty
     * @param end the same thread's at its end, or empty
     * @return what happened in between, or empty without both
     */
    static Optional<ThreadEvents> between(Optional<ThreadEvents> start,
            Optional<ThreadEvents> end) {
        if (start.isEmpty() || end.isEmpty()) {
            return Optional.empty();
        }
        ThreadEvents s = start.get();
        ThreadEvents e = end.get();
        return Optional.of(new ThreadEvents(
                Math.max(0, e.contextSwitches() - s.contextSwitches()),
                Math.max(0, e.minorFaults() - s.minorFaults()),
                Math.max(0, e.majorFaults() - s.majorFaults())));
    }

    /** @return the number after {@code name} at a line's start, or -1 if absent */
    private static long field(String text, String name) {
        int at = text.startsWith(name) ? 0 : text.indexOf("\n" + name);
        if (at < 0) {
            return -1;
        }
        int from = at + (at == 0 ? 0 : 1) + name.length();
        int to = text.indexOf('\n', from);
        try {
            return Long.parseLong(text.substring(from, to < 0 ? text.length() : to).trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
