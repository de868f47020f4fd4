package io.github.drivespeed.cli.chart;

import io.github.drivespeed.report.PassKind;
import java.util.Arrays;
import java.util.Objects;

/**
 * When each block of one pass completed, as the command saw it: the time of each completion
 * and the bytes done by then, both counted from the pass's start, and the pass's end (for a
 * write, after its closing fdatasync). An immutable value.
 */
public final class PassTrace {

    private final PassKind kind;
    private final int run;
    private final long[] completedNanos;
    private final long[] doneBytes;
    private final long endNanos;

    /**
     * Checks and copies the values.
     *
     * @param kind write or read
     * @param run the run, from 1
     * @param completedNanos when each block completed, nanoseconds after the pass started, in
     *     order
     * @param doneBytes the pass's bytes done at each completion, in order
     * @param endNanos when the pass ended, nanoseconds after it started, not before the last
     *     completion
     * @throws IllegalArgumentException if the arrays differ in length, go backwards, or the end
     *     is before the last completion
     */
    public PassTrace(PassKind kind, int run, long[] completedNanos, long[] doneBytes,
            long endNanos) {
        this.kind = Objects.requireNonNull(kind, "kind");
        this.run = run;
        this.completedNanos = completedNanos.clone();
        this.doneBytes = doneBytes.clone();
        this.endNanos = endNanos;
        if (completedNanos.length != doneBytes.length) {
            throw new IllegalArgumentException("one time per count: " + completedNanos.length
                    + " times, " + doneBytes.length + " counts");
        }
        for (int i = 0; i < completedNanos.length; i++) {
            long before = i == 0 ? 0 : completedNanos[i - 1];
            long bytesBefore = i == 0 ? 0 : doneBytes[i - 1];
            if (completedNanos[i] < before || doneBytes[i] < bytesBefore) {
                throw new IllegalArgumentException("completion " + i + " goes backwards: "
                        + completedNanos[i] + " ns, " + doneBytes[i] + " bytes");
            }
        }
        if (endNanos < lastCompletedNanos()) {
            throw new IllegalArgumentException("the pass ends (" + endNanos
                    + " ns) before its last completion (" + lastCompletedNanos() + " ns)");
        }
    }

    /** {@return write or read} */
    public PassKind kind() {
        return kind;
    }

    /** {@return the run, from 1} */
    public int run() {
        return run;
    }

    /** {@return the blocks that completed} */
    public int completions() {
        return completedNanos.length;
    }

    /**
     * When one block completed.
     *
     * @param i the completion, from 0
     * @return when it happened, nanoseconds after the pass started
     */
    public long completedNanos(int i) {
        return completedNanos[i];
    }

    /**
     * The pass's bytes done at one completion.
     *
     * @param i the completion, from 0
     * @return the pass's bytes done by then
     */
    public long doneBytes(int i) {
        return doneBytes[i];
    }

    /** {@return when the last block completed (0 if none did), nanoseconds after the start} */
    public long lastCompletedNanos() {
        return completedNanos.length == 0 ? 0 : completedNanos[completedNanos.length - 1];
    }

    /** {@return when the pass ended, nanoseconds after it started} */
    public long endNanos() {
        return endNanos;
    }

    @Override
    public String toString() {
        return kind + " run " + run + ": " + completedNanos.length + " blocks in "
                + endNanos + " ns " + Arrays.toString(Arrays.copyOf(doneBytes,
                        Math.min(3, doneBytes.length)));
    }
}
