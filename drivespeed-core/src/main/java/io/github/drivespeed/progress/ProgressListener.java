package io.github.drivespeed.progress;

import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.Sample;

/**
 * Receives progress while a measurement runs. Every method is called on the measuring thread,
 * and {@link #bytesTransferred} inside the timed interval after every block: keep them fast, and
 * do not block. A listener that throws aborts the measurement (the test file is removed and the
 * exception propagates). The untimed warm-up is not reported.
 *
 * @since 0.1.0
 */
public interface ProgressListener {

    /** A listener that ignores everything. */
    ProgressListener NONE = new ProgressListener() { };

    /**
     * The measured runs are about to start, with O_DIRECT or with buffered I/O: called once
     * after the untimed warm-up, before the first pass; and again, with {@code false}, where a
     * plan that falls back to buffered I/O
     * ({@link io.github.drivespeed.SequentialPlan#directOrBuffered()}) had O_DIRECT refused during
     * a measured run, and every run starts over, buffered. What the report's parameters will say,
     * for a header printed before the figures.
     *
     * @param direct whether the passes use O_DIRECT ({@code false}: buffered, the write's
     *     closing fdatasync timed)
     */
    default void runsStarting(boolean direct) {
    }

    /**
     * A pass is about to start: in a sequential test, the last call before the pass's timed
     * interval starts (its data is ready by then), so that the clock read here and the times
     * of the {@link #bytesTransferred} calls that follow measure the pass as the engine does,
     * to within microseconds.
     *
     * @param pass write or read
     * @param run the run, numbered from 1
     * @param totalBytes bytes the pass will transfer
     */
    default void passStarted(PassKind pass, int run, long totalBytes) {
    }

    /**
     * A block was transferred.
     *
     * @param pass write or read
     * @param run the run, numbered from 1
     * @param bytesDone bytes transferred so far in this pass
     * @param totalBytes bytes the pass will transfer
     */
    default void bytesTransferred(PassKind pass, int run, long bytesDone, long totalBytes) {
    }

    /**
     * A pass finished; for a write, the file is complete and synced, and the read pass has not
     * started.
     *
     * @param pass write or read
     * @param sample what was measured
     */
    default void passFinished(PassKind pass, Sample sample) {
    }
}
