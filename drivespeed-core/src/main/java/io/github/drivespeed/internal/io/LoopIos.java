package io.github.drivespeed.internal.io;

import io.github.drivespeed.spi.AlignedBuffer;
import java.util.Objects;

/**
 * The I/Os an {@link IoLoop} issues: their offsets and directions, and the memory they move (the
 * write pool the writes take their data from, the buffer the reads go to).
 *
 * @param offsets file offsets, one per I/O
 * @param directions read or write, per I/O
 * @param data the write pool, or null when {@code directions} never writes
 * @param readBuffer {@code depth x blockBytes} bytes to read into, or null when never reading
 */
public record LoopIos(OffsetGenerator offsets, DirectionGenerator directions, WriteData data,
        AlignedBuffer readBuffer) {

    /**
     * Checks that each direction that may come has its memory.
     *
     * @param offsets file offsets
     * @param directions read or write, per I/O
     * @param data the write pool, or null when never writing
     * @param readBuffer the read buffer, or null when never reading
     * @throws NullPointerException if {@code offsets} or {@code directions} is null, or the
     *     memory of a direction that may come is
     */
    public LoopIos {
        Objects.requireNonNull(offsets, "offsets");
        Objects.requireNonNull(directions, "directions");
        if (directions.mayWrite()) {
            Objects.requireNonNull(data, "data");
        }
        if (directions.mayRead()) {
            Objects.requireNonNull(readBuffer, "readBuffer");
        }
    }

    /**
     * {@return writes only, at those offsets}
     *
     * @param offsets file offsets
     * @param data the write pool
     */
    public static LoopIos writes(OffsetGenerator offsets, WriteData data) {
        return new LoopIos(offsets, DirectionGenerator.writes(), data, null);
    }

    /**
     * {@return reads only, at those offsets}
     *
     * @param offsets file offsets
     * @param readBuffer the buffer to read into
     */
    public static LoopIos reads(OffsetGenerator offsets, AlignedBuffer readBuffer) {
        return new LoopIos(offsets, DirectionGenerator.reads(), null, readBuffer);
    }

    /**
     * {@return the I/Os of a write pass or of a read pass, at those offsets}
     *
     * @param write whether the pass writes (from {@code data}) or reads (into
     *     {@code readBuffer})
     * @param offsets file offsets
     * @param data the write pool, used by a write pass
     * @param readBuffer the buffer to read into, used by a read pass
     */
    public static LoopIos pass(boolean write, OffsetGenerator offsets, WriteData data,
            AlignedBuffer readBuffer) {
        return write ? writes(offsets, data) : reads(offsets, readBuffer);
    }
}
