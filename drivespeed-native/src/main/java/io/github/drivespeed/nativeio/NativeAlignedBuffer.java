package io.github.drivespeed.nativeio;

import com.sun.jna.Pointer;
import io.github.drivespeed.spi.AlignedBuffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Native memory from an anonymous private mmap(2): page-aligned (more where asked), zero-filled,
 * outside the Java heap, of any size the address space allows, and released by munmap(2) on
 * {@link #close()}. pread and pwrite move data straight between it and the kernel.
 *
 * <p>When huge pages are turned on ({@link TransparentHugePages}; off by default), buffers of
 * {@value TransparentHugePages#MIN_BUFFER_BYTES} bytes or more are backed by transparent huge
 * pages where the kernel allows them: the mapping
 * is aligned to the huge page size and rounded up to whole huge pages, madvise(2) MADV_HUGEPAGE
 * asks for huge pages, and every page is faulted in at once (MADV_POPULATE_WRITE, or a write to
 * each page on kernels before 5.14), so that no page fault falls inside a timed pass and O_DIRECT
 * requests are as large as the device allows, the same in every run. Where no huge page can be
 * had the kernel uses ordinary pages and nothing fails.
 */
final class NativeAlignedBuffer implements AlignedBuffer {

    private static final Logger LOG = LoggerFactory.getLogger(NativeAlignedBuffer.class);

    private final Libc libc;
    private final long mappedAddress;
    private final long mappedBytes;
    private final long address;
    private final long capacityBytes;
    private final int alignmentBytes;
    private final boolean hugePagesAdvised;
    private boolean closed;

    private NativeAlignedBuffer(Libc libc, long mappedAddress, long mappedBytes, long address,
            long capacityBytes, int alignmentBytes, boolean hugePagesAdvised) {
        this.libc = libc;
        this.mappedAddress = mappedAddress;
        this.mappedBytes = mappedBytes;
        this.address = address;
        this.capacityBytes = capacityBytes;
        this.alignmentBytes = alignmentBytes;
        this.hugePagesAdvised = hugePagesAdvised;
    }

    /**
     * Maps memory for a buffer, and faults it in.
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
        OptionalLong huge = capacityBytes >= TransparentHugePages.MIN_BUFFER_BYTES
                ? TransparentHugePages.usableSize() : OptionalLong.empty();
        long unit = huge.orElse(page);
        long align = Math.max(alignmentBytes, unit);
        long rounded = (capacityBytes + unit - 1) / unit * unit;
        long extra = align > page ? align : 0;
        long length = rounded + extra;
        long mapped = libc.mmap(0, length, constants.protRead() | constants.protWrite(),
                constants.mapPrivate() | constants.mapAnonymous(), -1, 0);
        if (mapped == -1) {
            int errno = libc.errno();
            throw new IllegalArgumentException("cannot allocate " + capacityBytes
                    + " bytes of aligned memory: mmap: " + Errno.describe(libc, errno));
        }
        long aligned = (mapped + align - 1) & -align;
        boolean advised = false;
        if (huge.isPresent()) {
            advised = libc.madvise(aligned, rounded, LinuxConstants.MADV_HUGEPAGE) == 0;
            if (!advised) {
                LOG.debug("madvise(MADV_HUGEPAGE) of {} bytes: {}; ordinary pages", rounded,
                        Errno.describe(libc, libc.errno()));
            }
        }
        populate(libc, mapped, length, aligned, rounded, page);
        return new NativeAlignedBuffer(libc, mapped, length, aligned, capacityBytes,
                alignmentBytes, advised);
    }

    /**
     * Faults every page of the range in, writable: MADV_POPULATE_WRITE (Linux 5.14+), else a
     * zero written to each page (the memory is already zero).
     */
    private static void populate(Libc libc, long mapped, long mappedLength, long address,
            long length, long page) {
        if (libc.madvise(address, length, LinuxConstants.MADV_POPULATE_WRITE) == 0) {
            return;
        }
        int errno = libc.errno();
        if (errno != Errno.EINVAL) {
            // ENOMEM and the like: touching the pages would only meet the same shortage.
            libc.munmap(mapped, mappedLength);
            throw new IllegalArgumentException("cannot allocate " + length + " bytes of memory:"
                    + " madvise(MADV_POPULATE_WRITE): " + Errno.describe(libc, errno));
        }
        Pointer p = new Pointer(address);
        for (long offset = 0; offset < length; offset += page) {
            p.setByte(offset, (byte) 0);
        }
    }

    /**
     * @param buffer a buffer handed to the native backend
     * @return it, as the native buffer it must be
     * @throws IllegalArgumentException if another backend allocated it
     */
    static NativeAlignedBuffer of(AlignedBuffer buffer) {
        if (!(buffer instanceof NativeAlignedBuffer)) {
            throw new IllegalArgumentException("buffer was not allocated by the native backend: "
                    + buffer.getClass().getName());
        }
        return (NativeAlignedBuffer) buffer;
    }

    /**
     * What one read(2) or write(2) of this buffer asks for: {@code length}, capped at
     * MAX_RW_COUNT rounded down to the buffer's alignment (so that an O_DIRECT transfer stays
     * aligned); the caller loops over the rest.
     *
     * @param length bytes wanted, {@code > 0}
     * @return bytes to ask for
     * @throws IllegalArgumentException if {@code length <= 0}
     */
    long oneCallBytes(long length) {
        if (length <= 0) {
            throw new IllegalArgumentException("length must be > 0: " + length);
        }
        return Math.min(length, LinuxConstants.MAX_RW_COUNT & -(long) alignmentBytes);
    }

    /** @return whether madvise(MADV_HUGEPAGE) was accepted for this buffer */
    boolean hugePagesAdvised() {
        return hugePagesAdvised;
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
