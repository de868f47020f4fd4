package io.github.drivespeed.internal.io;

/**
 * Tells the workers of one run to stop issuing I/O (another worker failed or was interrupted).
 * A run of a {@code WorkloadGroupRun} has the group's signal as its parent: a stop asked in one
 * job's run stops every job of the group.
 */
public final class StopSignal {

    private final StopSignal parent;
    private volatile boolean requested;

    /** A signal of its own. */
    public StopSignal() {
        this(null);
    }

    /**
     * A stop signal, asked also when {@code parent} is.
     *
     * @param parent asked too when this one is, and heeded by it; or null
     */
    public StopSignal(StopSignal parent) {
        this.parent = parent;
    }

    /** Asks every worker to stop after its I/Os in flight. */
    public void request() {
        requested = true;
        if (parent != null) {
            parent.request();
        }
    }

    /** {@return whether a stop was asked for, here or in the parent} */
    public boolean requested() {
        return requested || parent != null && parent.requested();
    }
}
