package io.github.drivespeed.progress;

import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.Sample;

/**
 * Receives progress while a measurement runs. Every method is called on the measuring thread,
 * and {@link #bytesTransferred} inside the timed interval after every block: keep them fast, and
 * do not block. A listener that throws aborts the measurement (the test file is removed and the
 * exception propagates). The untimed warm-up is not reported.
 */
public interface ProgressListener {

    /** A listener that ignores everything. */
    ProgressListener NONE = new ProgressListener() { };

    /**
     * A pass is about to start.
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
