package io.github.drivespeed.internal.genuine;

import java.util.Arrays;

/**
 * The completion time of each block of a pass, in nanoseconds from the pass's start, for
 * {@link CliffDetector}. Used by one thread; {@link #add} allocates only when the log outgrows its
 * array (doubling, so rarely).
 */
public final class CompletionLog {

    private long[] nanos;
    private int size;

    /**
     * An empty log with room for {@code expectedBlocks} completion times.
     *
     * @param expectedBlocks blocks to make room for up front (more are fine)
     */
    public CompletionLog(long expectedBlocks) {
        this.nanos = new long[(int) Math.max(16, Math.min(expectedBlocks, 1 << 20))];
    }

    /**
     * Logs a block's completion time, in nanoseconds.
     *
     * @param completedAtNanos a block's completion time, from the start of the pass
     */
    public void add(long completedAtNanos) {
        if (size == nanos.length) {
            nanos = Arrays.copyOf(nanos, size * 2);
        }
        nanos[size++] = completedAtNanos;
    }

    /** {@return how many blocks' completion times are logged} */
    public int size() {
        return size;
    }

    /** {@return the completion times (only the first {@link #size()} entries are meaningful)} */
    public long[] nanos() {
        return nanos;
    }
}
