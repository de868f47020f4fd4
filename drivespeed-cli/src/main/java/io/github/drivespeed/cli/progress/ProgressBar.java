package io.github.drivespeed.cli.progress;

import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.progress.WorkloadListener;
import io.github.drivespeed.progress.WorkloadStage;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.Sample;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * A one-line progress bar on a terminal's standard error while a pass or workload stage runs:
 * what runs, a bar, bytes done, the current rate and the time left, redrawn four times a second
 * by a thread of its own and erased when the stage ends.
 *
 * <pre>
 * write run 2/3 [#########..........]  47%  120.0 of 256.0 MiB  412.5 MB/s  0.3 s left
 * </pre>
 *
 * <p>The capacity check and probe tell it their phases as passes ({@link #CAPACITY_CHECK},
 * {@link #CAPACITY_PROBE} name them).
 *
 * <p>What the measuring thread does for it is one volatile store per block
 * ({@link #bytesTransferred}); a workload's workers do one release store per I/O (see
 * {@link WorkloadListener}). Everything else happens on the drawing thread.
 */
public final class ProgressBar implements ProgressListener, WorkloadListener, AutoCloseable {

    static final long REDRAW_MILLIS = 250;
    private static final int BAR_WIDTH = 20;

    /** What a pass is called on the bar. */
    @FunctionalInterface
    public interface Labels {
        /**
         * {@return what the bar calls it}
         *
         * @param pass the pass
         * @param run its run (or round), from 1
         */
        String label(PassKind pass, int run);
    }

    /** The capacity check's fill (its write pass) and read-back (its read pass). */
    public static final Labels CAPACITY_CHECK = (pass, run) -> pass == PassKind.WRITE
            ? "capacity check: writing test files" : "capacity check: reading back, checking";

    /** The capacity probe's rounds: each written, then read back. */
    public static final Labels CAPACITY_PROBE = (pass, run) -> "capacity probe round " + run
            + ": " + (pass == PassKind.WRITE ? "writing stamped units" : "reading them back");

    /** What is running now. */
    private record Stage(String label, long totalBytes, long plannedNanos, long startNanos,
            LongSupplier bytesDone, boolean syncsAtEnd) { }

    private final PrintWriter err;
    private final Object lock = new Object();
    private final Labels labels;
    private final long writeBoundNanos;
    private volatile Stage stage;
    private volatile long sequentialBytesDone;
    private Thread drawer;
    private boolean closed;
    private long lastBytes;
    private long lastNanos;
    private double rate = Double.NaN;
    private boolean drawn;

    /**
     * A progress bar for the sequential test's passes and runs, or for workloads.
     *
     * @param err the terminal's standard error
     * @param runs runs per pass of the sequential test (for {@code run 2/3}), 0 for workloads
     */
    public ProgressBar(PrintWriter err, int runs) {
        this(err, (pass, run) -> pass + " run " + run + "/" + runs, -1);
    }

    /**
     * A progress bar whose passes are named by {@code labels}, with a write pass bounded in time.
     *
     * @param err the terminal's standard error
     * @param labels what each pass is called
     * @param writeBoundNanos the time bound of a write pass that is bounded by size and time (the
     *     capacity check's fill with a duration), or -1 for none
     */
    public ProgressBar(PrintWriter err, Labels labels, long writeBoundNanos) {
        this.err = err;
        this.labels = labels;
        this.writeBoundNanos = writeBoundNanos;
    }

    @Override
    public void passStarted(PassKind pass, int run, long totalBytes) {
        sequentialBytesDone = 0;
        start(new Stage(labels.label(pass, run), totalBytes,
                pass == PassKind.WRITE ? writeBoundNanos : -1, System.nanoTime(),
                () -> sequentialBytesDone, pass == PassKind.WRITE));
    }

    @Override
    public void bytesTransferred(PassKind pass, int run, long bytesDone, long totalBytes) {
        sequentialBytesDone = bytesDone;
    }

    @Override
    public void passFinished(PassKind pass, Sample sample) {
        end();
    }

    @Override
    public void stageStarted(WorkloadStage s) {
        String what = s.kind() == WorkloadStage.Kind.FILL ? "writing the test file"
                : s.parameters().fioRw() + " " + s.parameters().blockSize() + " run " + s.run() + "/"
                        + s.parameters().runs();
        String of = s.jobCount() > 1 ? " (" + s.jobIndex() + "/" + s.jobCount() + ")" : "";
        start(new Stage(what + of, s.plannedBytes(), s.plannedNanos(), s.startNanoTime(),
                s::bytesDone, s.kind() == WorkloadStage.Kind.FILL));
    }

    @Override
    public void stageFinished(WorkloadStage s) {
        end();
    }

    private void start(Stage s) {
        synchronized (lock) {
            if (closed) {
                return;
            }
            stage = s;
            lastBytes = 0;
            lastNanos = s.startNanos();
            rate = Double.NaN;
            if (drawer == null) {
                drawer = new Thread(this::drawLoop, "drivespeed-progress");
                drawer.setDaemon(true);
                drawer.start();
            }
        }
    }

    private void end() {
        synchronized (lock) {
            stage = null;
            erase();
        }
    }

    private void drawLoop() {
        while (true) {
            try {
                Thread.sleep(REDRAW_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            synchronized (lock) {
                if (closed) {
                    return;
                }
                Stage s = stage;
                if (s != null) {
                    draw(s, System.nanoTime());
                }
            }
        }
    }

    /** Draws one line for {@code s} at {@code now}; called with the lock held. */
    private void draw(Stage s, long now) {
        long done = s.bytesDone().getAsLong();
        long elapsed = Math.max(1, now - s.startNanos());
        if (now > lastNanos && !allMoved(done, lastBytes, s.totalBytes())) {
            rate = nextRate(rate, done - lastBytes, now - lastNanos);
            lastBytes = done;
            lastNanos = now;
        }
        err.print("\r" + line(s.label(), done, s.totalBytes(), elapsed, s.plannedNanos(), rate,
                s.syncsAtEnd()) + "\u001b[K");
        err.flush();
        drawn = true;
    }

    /**
     * Whether every byte of a size-based stage had moved at the last redraw already: the stage is
     * then finishing (a write pass's fdatasync), and the rate stays that of the data moved
     * instead of falling towards zero.
     *
     * @param done bytes done now
     * @param doneBefore bytes done at the last redraw
     * @param total bytes planned, or -1 when time-based
     * @return true when the rate is not to be updated
     */
    static boolean allMoved(long done, long doneBefore, long total) {
        return total > 0 && done >= total && done == doneBefore;
    }

    /**
     * @param rate the rate so far in bytes per second, NaN before the first redraw
     * @param bytes bytes moved since the last redraw
     * @param nanos nanoseconds since the last redraw, above 0
     * @return the rate smoothed over the redraws: half the old rate plus half the new one
     */
    static double nextRate(double rate, long bytes, long nanos) {
        double current = bytes * 1e9 / nanos;
        return Double.isNaN(rate) ? current : 0.5 * rate + 0.5 * current;
    }

    /**
     * The text of one progress line.
     *
     * @param label what runs
     * @param done bytes done
     * @param total bytes planned, or -1 when time-based
     * @param elapsedNanos since the stage started
     * @param plannedNanos the stage's length when time-based (or bounded by size and time),
     *     else -1
     * @param bytesPerSecond the current rate, NaN before it is known
     * @param syncsAtEnd whether the stage ends in an fdatasync once every byte is written
     * @return the line, without line end
     */
    static String line(String label, long done, long total, long elapsedNanos,
            long plannedNanos, double bytesPerSecond, boolean syncsAtEnd) {
        double fraction;
        double secondsLeft;
        if (total > 0) {
            fraction = Math.min(1, done / (double) total);
            double average = done * 1e9 / elapsedNanos;
            secondsLeft = done == 0 ? Double.NaN : (total - done) / average;
            if (plannedNanos > 0) {
                // bounded by both: whichever ends it first
                fraction = Math.max(fraction, Math.min(1, elapsedNanos / (double) plannedNanos));
                double timeLeft = Math.max(0, (plannedNanos - elapsedNanos) / 1e9);
                secondsLeft = Double.isNaN(secondsLeft) ? timeLeft
                        : Math.min(secondsLeft, timeLeft);
            }
        } else {
            fraction = Math.min(1, elapsedNanos / (double) plannedNanos);
            secondsLeft = Math.max(0, (plannedNanos - elapsedNanos) / 1e9);
        }
        int filled = (int) Math.round(fraction * BAR_WIDTH);
        String bar = "#".repeat(filled) + ".".repeat(BAR_WIDTH - filled);
        String amount = total > 0
                ? String.format(Locale.ROOT, "%.1f of %.1f MiB", done / 1048576.0, total / 1048576.0)
                : String.format(Locale.ROOT, "%.1f MiB", done / 1048576.0);
        String speed = Double.isNaN(bytesPerSecond) ? "-- MB/s"
                : String.format(Locale.ROOT, "%.1f MB/s", bytesPerSecond / 1e6);
        String left = total > 0 && done >= total
                ? (syncsAtEnd ? "  syncing (fdatasync)" : "  finishing")
                : Double.isNaN(secondsLeft) ? ""
                : String.format(Locale.ROOT, "  %.1f s left", secondsLeft);
        return String.format(Locale.ROOT, "%s [%s] %3d%%  %s  %s%s", label, bar,
                Math.round(fraction * 100), amount, speed, left);
    }

    private void erase() {
        if (drawn) {
            err.print("\r\u001b[K");
            err.flush();
            drawn = false;
        }
    }

    /** Stops drawing and erases the line. */
    @Override
    public void close() {
        Thread t;
        synchronized (lock) {
            closed = true;
            stage = null;
            erase();
            t = drawer;
        }
        if (t != null) {
            t.interrupt();
        }
    }
}
