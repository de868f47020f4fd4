package io.github.drivespeed.internal.io;

import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.unit.DataSize;
import java.nio.ByteBuffer;

/**
 * Views of an aligned buffer made once (a native buffer's view costs a JNI call): its 1 GiB
 * windows, for absolute puts and gets, and one movable view of each, for comparisons
 * ({@link ByteBuffer#mismatch}) without allocating per block. The movable views belong to one
 * thread; the windows may be used by any thread for disjoint absolute accesses.
 */
public final class BufferViews {

    /** Bytes per window: the largest a {@link ByteBuffer} can be made of, rounded to 1 GiB. */
    public static final int WINDOW_BYTES = (int) DataSize.GIBIBYTE;

    private final ByteBuffer[] windows;
    /** Duplicates of the windows whose position and limit {@link #view} moves. */
    private final ByteBuffer[] movable;

    /**
     * The views of {@code buffer}, made once: its 1 GiB windows and a movable view of each.
     *
     * @param buffer the buffer, whose whole capacity is viewed
     */
    public BufferViews(AlignedBuffer buffer) {
        long capacity = buffer.capacityBytes();
        int n = (int) ((capacity + WINDOW_BYTES - 1) / WINDOW_BYTES);
        this.windows = new ByteBuffer[n];
        this.movable = new ByteBuffer[n];
        for (int i = 0; i < n; i++) {
            long offset = (long) i * WINDOW_BYTES;
            windows[i] = buffer.window(offset, (int) Math.min(WINDOW_BYTES, capacity - offset));
            movable[i] = windows[i].duplicate();
        }
    }

    /** @return the windows, window {@code i} starting at {@code i x} {@link #WINDOW_BYTES} */
    ByteBuffer[] windows() {
        return windows;
    }

    /**
     * The buffer's bytes {@code [offset, offset + length)} as the remaining bytes of a movable
     * view: the same object each call for the same window, valid until the next call.
     *
     * @param offset where the bytes start in the buffer
     * @param length how many
     * @return the view, or null when the bytes span two windows
     */
    public ByteBuffer view(long offset, int length) {
        int w = (int) (offset / WINDOW_BYTES);
        int at = (int) (offset % WINDOW_BYTES);
        ByteBuffer view = movable[w];
        if (at + length > view.capacity()) {
            return null;
        }
        view.limit(at + length).position(at);
        return view;
    }
}
