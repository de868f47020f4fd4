package io.github.drivespeed.cli.progress;

import io.github.drivespeed.cli.options.WorkloadOptions;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.CapacityCheckReport;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.unit.DataSize;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * How long a capacity check takes, on standard error: before it starts, from the size and an
 * assumed rate (a full check of a large card takes hours at its write speed), and once the fill
 * has run {@value #MEASURE_SECONDS} s, from the rate measured so far, when more than a minute is
 * left (and, with a duration, how much of the fill it will have written by then). Told by the
 * check as its write pass (the fill) and read pass (the read-back).
 */
public final class CapacityEstimate implements ProgressListener {

    /** The write rate assumed before one is measured: a typical microSD card's, 10 MB/s. */
    public static final double ASSUMED_WRITE_BYTES_PER_SECOND = 10e6;
    /** The read rate assumed: a typical microSD card's, 20 MB/s. */
    public static final double ASSUMED_READ_BYTES_PER_SECOND = 20e6;
    static final long MEASURE_SECONDS = 10;
    private static final long MEASURE_NANOS = MEASURE_SECONDS * 1_000_000_000L;
    private static final double TELL_ABOVE_SECONDS = 60;

    private final PrintWriter err;
    private final boolean terminal;
    private long writeStartNanos = -1;
    private boolean told;
    private long boundNanos = -1;

    /**
     * A listener that prints how long the capacity check takes to standard error.
     *
     * @param err standard error
     * @param terminal whether it is a terminal (a progress line is then erased first)
     */
    public CapacityEstimate(PrintWriter err, boolean terminal) {
        this.err = err;
        this.terminal = terminal;
    }

    /**
     * Says what the check will write and how long it takes at the assumed rates.
     *
     * @param fillBytes bytes to write and read back
     * @param freeBytes the free space the fill is made of (no size given), else -1
     * @param duration the fill's time bound, if one was given
     */
    public void before(long fillBytes, long freeBytes, Optional<Duration> duration) {
        boolean freeSpace = freeBytes >= 0;
        double seconds = fillBytes / ASSUMED_WRITE_BYTES_PER_SECOND
                + fillBytes / ASSUMED_READ_BYTES_PER_SECOND;
        String size = megabytes(fillBytes);
        String assumed = String.format(Locale.ROOT, "at an assumed %.0f MB/s write and %.0f MB/s"
                + " read (a typical microSD card's; the real rate is measured as it goes)",
                ASSUMED_WRITE_BYTES_PER_SECOND / 1e6, ASSUMED_READ_BYTES_PER_SECOND / 1e6);
        String where = freeSpace ? " (the free space, " + megabytes(freeBytes) + ", less "
                + DataSize.ofBytes(CapacityCheckReport.FILE_SYSTEM_SLACK_BYTES) + " left for the"
                + " file system's own blocks)" : "";
        if (duration.isPresent()) {
            boundNanos = duration.get().toNanos();
            double bound = boundNanos / 1e9;
            // the fill stops at the bound; the read-back reads what was written by then
            double written = Math.min(fillBytes, bound * ASSUMED_WRITE_BYTES_PER_SECOND);
            err.println(String.format(Locale.ROOT, "drivespeed: the capacity check writes up to"
                    + " %s%s for at most %s and reads back what it wrote: a full check would take"
                    + " about %s %s; this one about %s, checking only what it wrote", size, where,
                    approximately(bound), approximately(seconds), assumed,
                    approximately(Math.min(seconds, bound
                            + written / ASSUMED_READ_BYTES_PER_SECOND))));
        } else {
            err.println(String.format(Locale.ROOT, "drivespeed: the capacity check writes %s%s"
                    + " and reads it all back: about %s %s%s", size, where,
                    approximately(seconds), assumed,
                    freeSpace ? "; " + WorkloadOptions.SIZE.option() + " or "
                            + WorkloadOptions.DURATION.option() + " bounds it" : ""));
        }
        err.flush();
    }

    /** {@code 8.4 MB}, or {@code 1.2 GB} from 10^9 bytes on. */
    private static String megabytes(long bytes) {
        return bytes >= 1e9 ? String.format(Locale.ROOT, "%.1f GB", bytes / 1e9)
                : String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
    }

    @Override
    public synchronized void passStarted(PassKind pass, int run, long totalBytes) {
        if (pass == PassKind.WRITE) {
            writeStartNanos = System.nanoTime();
        }
    }

    @Override
    public synchronized void bytesTransferred(PassKind pass, int run, long bytesDone,
            long totalBytes) {
        if (pass != PassKind.WRITE || told || writeStartNanos < 0 || bytesDone <= 0) {
            return;
        }
        long elapsed = System.nanoTime() - writeStartNanos;
        if (elapsed < MEASURE_NANOS) {
            return;
        }
        told = true;
        double rate = bytesDone * 1e9 / elapsed;
        double left = (totalBytes - bytesDone) / rate;
        if (boundNanos > 0 && (boundNanos - elapsed) / 1e9 < left) {
            double bounded = Math.max(0, (boundNanos - elapsed) / 1e9);
            if (bounded > TELL_ABOVE_SECONDS) {
                err.println(String.format(Locale.ROOT, "%sdrivespeed: at the %.1f MB/s measured"
                        + " over the first %d s, the duration ends the fill in about %s, at about"
                        + " %.1f GB of the %.1f GB (a full check would need about %s more), then"
                        + " the read-back", terminal ? "\r\u001b[K" : "", rate / 1e6,
                        elapsed / 1_000_000_000L, approximately(bounded),
                        (bytesDone + bounded * rate) / 1e9, totalBytes / 1e9,
                        approximately(left)));
                err.flush();
            }
            return;
        }
        if (left > TELL_ABOVE_SECONDS) {
            err.println(String.format(Locale.ROOT, "%sdrivespeed: at the %.1f MB/s measured over"
                    + " the first %d s, the fill needs about %s more, then the read-back (usually"
                    + " faster)", terminal ? "\r\u001b[K" : "", rate / 1e6, elapsed / 1_000_000_000L,
                    approximately(left)));
            err.flush();
        }
    }

    /**
     * @param seconds a time
     * @return {@code 45 s}, {@code 12 min} or {@code 7 h 6 min}
     */
    static String approximately(double seconds) {
        // never "about 0 s": a check of a few MiB still takes a moment
        long s = Math.max(1, Math.round(seconds));
        if (s < 90) {
            return s + " s";
        }
        long minutes = Math.round(seconds / 60);
        return minutes < 90 ? minutes + " min" : minutes / 60 + " h " + minutes % 60 + " min";
    }
}
