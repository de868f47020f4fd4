package io.github.drivespeed.cli.chart;

import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.Sample;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * Records a {@link PassTrace} of each measured pass of a sequential test, for the chart: the
 * clock read when the pass starts (told just before the engine starts its clock, so the two
 * agree to within microseconds), after each block, and the pass's timed length when it
 * finishes. What it adds to the measuring thread is a clock read and two array stores per
 * block. Started again from nothing when the runs start over (a plan that falls back to
 * buffered I/O).
 */
public final class PassTraceRecorder implements ProgressListener {

    private final LongSupplier clock;
    private final List<PassTrace> finished = new ArrayList<>();
    private long startNanos;
    private long[] completedNanos = new long[64];
    private long[] doneBytes = new long[64];
    private int completions;

    /** A recorder on {@link System#nanoTime()}. */
    public PassTraceRecorder() {
        this(System::nanoTime);
    }

    /**
     * A recorder on a clock of its own.
     *
     * @param clock nanoseconds, only differences count
     */
    public PassTraceRecorder(LongSupplier clock) {
        this.clock = clock;
    }

    @Override
    public synchronized void runsStarting(boolean direct) {
        finished.clear();
    }

    @Override
    public void passStarted(PassKind pass, int run, long totalBytes) {
        completions = 0;
        startNanos = clock.getAsLong();
    }

    @Override
    public void bytesTransferred(PassKind pass, int run, long bytesDone, long totalBytes) {
        long now = clock.getAsLong();
        if (completions == completedNanos.length) {
            completedNanos = Arrays.copyOf(completedNanos, completions * 2);
            doneBytes = Arrays.copyOf(doneBytes, completions * 2);
        }
        completedNanos[completions] = now - startNanos;
        doneBytes[completions] = bytesDone;
        completions++;
    }

    /**
     * The pass's end: its timed interval's ({@link Sample#elapsedNanos()}, for a write just
     * after the fdatasync), not the later call of this method, which follows the run's own
     * checks; never before the last block's completion.
     */
    @Override
    public void passFinished(PassKind pass, Sample sample) {
        long last = completions == 0 ? 0 : completedNanos[completions - 1];
        long end = Math.max(last, Math.min(clock.getAsLong() - startNanos,
                sample.elapsedNanos()));
        PassTrace trace = new PassTrace(pass, sample.run(),
                Arrays.copyOf(completedNanos, completions), Arrays.copyOf(doneBytes, completions),
                end);
        synchronized (this) {
            finished.add(trace);
        }
    }

    /** {@return the traces of the passes finished so far, in order} */
    public synchronized List<PassTrace> traces() {
        return List.copyOf(finished);
    }
}
