package io.github.drivespeed.nativeio;

import com.sun.jna.Pointer;
import io.github.drivespeed.spi.AlignedBuffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Native memory from an anonymous private mmap(2): page-aligned (more where asked), zero-filled,
 * outside the Java heap, of any size the address space allows, and released by munmap(2) on
 * {@link #close()}. pread and pwrite move data straight between it and the kernel.
 */
final class NativeAlignedBuffer implements AlignedBuffer {

    private final Libc libc;
    private final long mappedAddress;
    private final long mappedBytes;
    private final long address;
    private final long capacityBytes;
    private final int alignmentBytes;
    private boolean closed;

    private NativeAlignedBuffer(Libc libc, long mappedAddress, long mappedBytes, long address,
            long capacityBytes, int alignmentBytes) {
        this.libc = libc;
        this.mappedAddress = mappedAddress;
        this.mappedBytes = mappedBytes;
        this.address = address;
        this.capacityBytes = capacityBytes;
        this.alignmentBytes = alignmentBytes;
    }

    /**
     * Maps memory for a buffer.
     *
     * @param libc the C library
     * @param constants the architecture's mmap flags
     * @param capacityBytes usable bytes, {@code > 0}
     * @param alignmentBytes alignment of the start, a power of two
     * @return the buffer
     * @throws IllegalArgumentException if mmap(2) refuses (ENOMEM: not enough memory or address
     *     space), naming the size and the errno
     */
    static NativeAlignedBuffer allocate(Libc libc, LinuxConstants constants, long capacityBytes,
            int alignmentBytes) {
        long page = libc.pageSize();
        long rounded = (capacityBytes + page - 1) / page * page;
        long extra = alignmentBytes > page ? alignmentBytes : 0;
        long length = rounded + extra;
        long mapped = libc.mmap(0, length, constants.protRead() | constants.protWrite(),
                constants.mapPrivate() | constants.mapAnonymous(), -1, 0);
        if (mapped == -1) {
            int errno = libc.errno();
            throw new IllegalArgumentException("cannot allocate " + capacityBytes
                    + " bytes of aligned memory: mmap: " + Errno.describe(libc, errno));
        }
        long aligned = (mapped + alignmentBytes - 1) & -(long) alignmentBytes;
        return new NativeAlignedBuffer(libc, mapped, length, aligned, capacityBytes,
                alignmentBytes);
    }

    /**
     * The address of a range, for a system call.
     *
     * @param offset first byte, from the aligned start
     * @param length bytes
     * @return the address of {@code offset}
     * @throws IndexOutOfBoundsException if the range is outside the buffer
     * @throws IllegalStateException if the buffer was closed
     */
    long address(long offset, long length) {
        if (offset < 0 || length < 0 || offset > capacityBytes - length) {
            throw new IndexOutOfBoundsException("range [" + offset + ", " + (offset + length)
                    + ") outside buffer of " + capacityBytes + " bytes");
        }
        if (closed) {
            throw new IllegalStateException("buffer already closed");
        }
        return address + offset;
    }

    @Override
    public long capacityBytes() {
        return capacityBytes;
    }

    @Override
    public int alignmentBytes() {
        return alignmentBytes;
    }

    @Override
    public ByteBuffer window(long offset, int length) {
        long at = address(offset, length);
        return new Pointer(at).getByteBuffer(0, length).order(ByteOrder.BIG_ENDIAN);
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        libc.munmap(mappedAddress, mappedBytes);
    }
}
