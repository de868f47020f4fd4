package io.github.drivespeed.internal.engine;

/** Tells the workers of one run to stop issuing I/O (another worker failed or was interrupted). */
final class StopSignal {

    private volatile boolean requested;

    /** Asks every worker to stop after its I/Os in flight. */
    void request() {
        requested = true;
    }

    /** @return whether a stop was asked for */
    boolean requested() {
        return requested;
    }
}
