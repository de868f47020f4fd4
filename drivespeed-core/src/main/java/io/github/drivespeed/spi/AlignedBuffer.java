package io.github.drivespeed.spi;

import java.nio.ByteBuffer;

/**
 * Memory for I/O whose start address is a multiple of {@link #alignmentBytes()}, as O_DIRECT
 * requires. Obtained from {@link IoBackend#allocate(long, int)} and only valid with the backend
 * that allocated it. A buffer is used by one thread at a time.
 *
 * @since 0.1.0
 */
public interface AlignedBuffer extends AutoCloseable {

    /** {@return usable bytes, from the aligned start} */
    long capacityBytes();

    /** {@return the alignment of the start address in bytes, a power of two} */
    int alignmentBytes();

    /**
     * A view of part of the buffer, for filling it with data or checking what was read. The
     * view's position is 0, its limit {@code length}; its byte order is big-endian.
     *
     * @param offset first byte of the view, from the aligned start
     * @param length bytes in the view
     * @return a direct buffer sharing this memory
     * @throws IndexOutOfBoundsException if the range is outside the buffer
     */
    ByteBuffer window(long offset, int length);

    /** Releases the memory; the buffer must not be used afterwards. Idempotent. */
    @Override
    void close();
}
