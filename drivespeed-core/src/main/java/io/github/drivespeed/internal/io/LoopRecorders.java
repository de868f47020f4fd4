package io.github.drivespeed.internal.io;

import java.util.Objects;

/**
 * What an {@link IoLoop} tells of its measured I/Os: the recorder of each direction and the
 * progress.
 *
 * @param reads records measured reads, or null to record nothing
 * @param writes records measured writes, or null to record nothing
 * @param progress told after each measured I/O
 */
public record LoopRecorders(DirectionRecorder reads, DirectionRecorder writes,
        IoLoop.Progress progress) {

    /**
     * Checks the progress.
     *
     * @param reads records measured reads, or null
     * @param writes records measured writes, or null
     * @param progress told after each measured I/O
     * @throws NullPointerException if {@code progress} is null
     */
    public LoopRecorders {
        Objects.requireNonNull(progress, "progress");
    }

    /**
     * {@return nothing recorded, only progress told}
     *
     * @param progress told after each measured I/O
     */
    public static LoopRecorders progressOnly(IoLoop.Progress progress) {
        return new LoopRecorders(null, null, progress);
    }

    /**
     * {@return the recorder of a pass's one direction}
     *
     * @param write whether the pass writes (else it reads)
     * @param recorder records the pass's measured I/Os, or null
     * @param progress told after each measured I/O
     */
    public static LoopRecorders pass(boolean write, DirectionRecorder recorder,
            IoLoop.Progress progress) {
        return write ? new LoopRecorders(null, recorder, progress)
                : new LoopRecorders(recorder, null, progress);
    }
}
