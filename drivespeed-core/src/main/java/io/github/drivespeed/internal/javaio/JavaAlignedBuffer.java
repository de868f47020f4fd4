package io.github.drivespeed.internal.javaio;

import io.github.drivespeed.spi.AlignedBuffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** An aligned slice of a direct {@link ByteBuffer}; freed by the garbage collector. */
final class JavaAlignedBuffer implements AlignedBuffer {

    private final ByteBuffer aligned;
    /** The same memory for {@link #window}: its limit stays at the capacity, never set per call. */
    private final ByteBuffer whole;
    private final int alignmentBytes;

    JavaAlignedBuffer(int capacityBytes, int alignmentBytes) {
        // alignedSlice rounds both ends inward to the alignment: round the size up first.
        long rounded = ((long) capacityBytes + alignmentBytes - 1) / alignmentBytes * alignmentBytes;
        ByteBuffer raw = ByteBuffer.allocateDirect(Math.toIntExact(rounded + alignmentBytes));
        this.aligned = raw.alignedSlice(alignmentBytes).limit(capacityBytes).slice();
        this.whole = aligned.duplicate();
        this.alignmentBytes = alignmentBytes;
    }

    /** The buffer the channel reads into and writes from; its position and limit are set per call. */
    ByteBuffer ioView() {
        return aligned;
    }

    @Override
    public long capacityBytes() {
        return aligned.capacity();
    }

    @Override
    public int alignmentBytes() {
        return alignmentBytes;
    }

    @Override
    public ByteBuffer window(long offset, int length) {
        if (offset < 0 || length < 0 || offset + length > aligned.capacity()) {
            throw new IndexOutOfBoundsException("window [" + offset + ", " + (offset + length)
                    + ") outside buffer of " + aligned.capacity() + " bytes");
        }
        return whole.slice((int) offset, length).order(ByteOrder.BIG_ENDIAN);
    }

    @Override
    public void close() {
        // Direct buffers are freed by the garbage collector; nothing to release early.
    }
}
