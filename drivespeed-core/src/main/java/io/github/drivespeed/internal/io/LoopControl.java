package io.github.drivespeed.internal.io;

import java.util.Objects;

/**
 * What stops an {@link IoLoop} or makes it pause besides its limits: the stop signal it shares
 * with the run's other workers, and the periodic fdatasync(2) between its writes.
 *
 * @param stop shared with the run's other workers
 * @param sync fdatasync every N writes, or {@link IoLoop.PeriodicSync#NONE}
 */
public record LoopControl(StopSignal stop, IoLoop.PeriodicSync sync) {

    /**
     * Checks the values.
     *
     * @param stop shared with the run's other workers
     * @param sync fdatasync every N writes, or none
     * @throws NullPointerException if either is null
     */
    public LoopControl {
        Objects.requireNonNull(stop, "stop");
        Objects.requireNonNull(sync, "sync");
    }

    /** {@return a loop of its own: a stop signal nobody else shares, no periodic sync} */
    public static LoopControl alone() {
        return stoppedBy(new StopSignal());
    }

    /**
     * {@return stopped by that signal, no periodic sync}
     *
     * @param stop shared with the run's other workers
     */
    public static LoopControl stoppedBy(StopSignal stop) {
        return new LoopControl(stop, IoLoop.PeriodicSync.NONE);
    }
}
