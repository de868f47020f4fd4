package io.github.drivespeed.cli.progress;

import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.PassKind;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * How long a capacity check takes, on standard error: before it starts, from the size and an
 * assumed rate (a full check of a large card takes hours at its write speed), and once the fill
 * has run {@value #MEASURE_SECONDS} s, from the rate measured so far, when more than a minute is
 * left. Told by the check as its write pass (the fill) and read pass (the read-back).
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

    /**
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
     * @param freeSpace whether that is the free space (no size given)
     */
    public void before(long fillBytes, boolean freeSpace) {
        double seconds = fillBytes / ASSUMED_WRITE_BYTES_PER_SECOND
                + fillBytes / ASSUMED_READ_BYTES_PER_SECOND;
        String size = fillBytes >= 1e9 ? String.format(Locale.ROOT, "%.1f GB", fillBytes / 1e9)
                : String.format(Locale.ROOT, "%.1f MB", fillBytes / 1e6);
        err.println(String.format(Locale.ROOT, "drivespeed: the capacity check writes %s"
                + "%s and reads it all back: about %s at an assumed %.0f MB/s write and %.0f MB/s"
                + " read (a typical microSD card's; the real rate is measured as it goes)%s",
                size, freeSpace ? " (the free space)" : "", approximately(seconds),
                ASSUMED_WRITE_BYTES_PER_SECOND / 1e6, ASSUMED_READ_BYTES_PER_SECOND / 1e6,
                freeSpace ? "; --size bounds it" : ""));
        err.flush();
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
        long s = Math.round(seconds);
        if (s < 90) {
            return s + " s";
        }
        long minutes = Math.round(seconds / 60);
        return minutes < 90 ? minutes + " min" : minutes / 60 + " h " + minutes % 60 + " min";
    }
}
