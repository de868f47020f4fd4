package io.github.drivespeed.internal.workload;

import java.io.IOException;

/** Where a job waits before each of its runs: nowhere alone, for its group's jobs in a group. */
interface RunGate {

    /** A job run alone: no wait. */
    RunGate NONE = run -> { };

    /**
     * Returns when the run may start.
     *
     * @param run 0 for the warm-up, then the measured run's number from 1
     * @throws IOException if the group failed or the thread was interrupted meanwhile
     */
    void await(int run) throws IOException;
}
