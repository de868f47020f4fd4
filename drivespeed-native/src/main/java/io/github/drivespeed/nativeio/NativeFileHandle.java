package io.github.drivespeed.nativeio;

import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.FileHandle;
import io.github.drivespeed.spi.IoQueue;
import java.io.IOException;

/**
 * A file or block device open on a file descriptor. Reads and writes are single pread(2)/pwrite(2)
 * calls between the file and native memory, of at most MAX_RW_COUNT (2 GiB - 4 KiB) bytes each,
 * as the kernel moves at most that much per call; the caller loops. Closing closes the descriptor
 * only.
 */
class NativeFileHandle implements FileHandle {

    /**
     * Without cachestat(2), how much of a block device mincore(2) checks after eviction: a device
     * of terabytes would take minutes to scan; device accounting checks the reads themselves.
     */
    static final long DEVICE_MINCORE_LIMIT_BYTES = 64L << 30;

    private final Libc libc;
    private final LinuxConstants constants;
    private final int fd;
    private final String displayName;
    private final boolean blockDevice;
    private boolean closed;

    /**
     * @param libc the C library
     * @param constants the architecture's values
     * @param fd the open descriptor, owned from now on
     * @param displayName for messages
     * @param blockDevice whether {@code fd} is a block device (eviction then also uses BLKFLSBUF)
     */
    NativeFileHandle(Libc libc, LinuxConstants constants, int fd, String displayName,
            boolean blockDevice) {
        this.libc = libc;
        this.constants = constants;
        this.fd = fd;
        this.displayName = displayName;
        this.blockDevice = blockDevice;
    }

    /** @return the file descriptor, for tests in this package */
    int fd() {
        return fd;
    }

    @Override
    public String displayName() {
        return displayName;
    }

    @Override
    public long write(AlignedBuffer src, long srcOffset, long length, long position)
            throws IOException {
        return transfer(true, src, srcOffset, length, position);
    }

    @Override
    public long read(AlignedBuffer dst, long dstOffset, long length, long position)
            throws IOException {
        return transfer(false, dst, dstOffset, length, position);
    }

    /** One pwrite(2) or pread(2), repeated only after EINTR; a read of 0 bytes is end of file (-1). */
    private long transfer(boolean write, AlignedBuffer buffer, long bufferOffset, long length,
            long position) throws IOException {
        NativeAlignedBuffer memory = nativeBuffer(buffer);
        long count = oneCallCount(memory, length);
        long address = memory.address(bufferOffset, count);
        while (true) {
            long n = write ? libc.pwrite(fd, address, count, position)
                    : libc.pread(fd, address, count, position);
            if (n > 0) {
                return n;
            }
            if (n == 0) {
                return write ? 0 : -1;
            }
            int errno = libc.errno();
            if (errno != Errno.EINTR) {
                throw Errno.exception(libc, write ? "pwrite" : "pread", displayName, errno);
            }
        }
    }

    private static NativeAlignedBuffer nativeBuffer(AlignedBuffer buffer) {
        if (!(buffer instanceof NativeAlignedBuffer)) {
            throw new IllegalArgumentException("buffer was not allocated by the native backend: "
                    + buffer.getClass().getName());
        }
        return (NativeAlignedBuffer) buffer;
    }

    /**
     * What one call asks for: {@code length}, capped at MAX_RW_COUNT rounded down to the buffer's
     * alignment (so that an O_DIRECT transfer stays aligned).
     */
    private static long oneCallCount(NativeAlignedBuffer buffer, long length) {
        if (length <= 0) {
            throw new IllegalArgumentException("length must be > 0: " + length);
        }
        long cap = LinuxConstants.MAX_RW_COUNT & -(long) buffer.alignmentBytes();
        return Math.min(length, cap);
    }

    /**
     * A Linux AIO queue on this file's descriptor ({@link AioQueue}); 64-bit x86_64 and aarch64
     * only.
     *
     * @throws UnsupportedOperationException on other architectures
     * @throws IOException if io_setup(2) fails
     */
    @Override
    public IoQueue openQueue(int depth) throws IOException {
        LinuxAio aio = LinuxAio.forArchitecture(constants);
        if (aio == null) {
            throw new UnsupportedOperationException("no Linux AIO system call numbers for "
                    + constants.architecture());
        }
        return new AioQueue(aio, libc, fd, displayName, depth);
    }

    /** fdatasync(2). */
    @Override
    public void dataSync() throws IOException {
        while (libc.fdatasync(fd) != 0) {
            int errno = libc.errno();
            if (errno != Errno.EINTR) {
                throw Errno.exception(libc, "fdatasync", displayName, errno);
            }
        }
    }

    /**
     * fdatasync(2) (POSIX_FADV_DONTNEED leaves dirty pages); for a block device ioctl(2)
     * BLKFLSBUF, which drops its buffer cache where the process may (CAP_SYS_ADMIN; refused
     * otherwise, and then skipped); posix_fadvise(2) POSIX_FADV_DONTNEED over the whole file;
     * then cachestat(2) or mincore(2) to see what is still resident: true only when no page is
     * left in the page cache. On tmpfs and ramfs the page cache is the storage, the pages stay,
     * and the answer is false.
     */
    @Override
    public boolean evictPages() throws IOException {
        dataSync();
        if (blockDevice && libc.ioctl(fd, LinuxConstants.BLKFLSBUF, 0) != 0) {
            int errno = libc.errno();
            if (errno != Errno.EACCES && errno != Errno.EPERM) {
                throw Errno.exception(libc, "ioctl(BLKFLSBUF)", displayName, errno);
            }
        }
        int error = libc.posixFadvise(fd, 0, 0, constants.posixFadvDontneed());
        if (error != 0) {
            throw Errno.exception(libc, "posix_fadvise(POSIX_FADV_DONTNEED)", displayName, error);
        }
        long size = libc.sizeBySeekToEnd(fd);
        if (size < 0) {
            throw Errno.exception(libc, "lseek(SEEK_END)", displayName, libc.errno());
        }
        return PageResidency.residentPages(libc, constants, fd, size,
                blockDevice ? DEVICE_MINCORE_LIMIT_BYTES : Long.MAX_VALUE, displayName) == 0;
    }

    /** posix_fadvise(2) POSIX_FADV_RANDOM or POSIX_FADV_NORMAL over the whole file. */
    @Override
    public boolean adviseRandomAccess(boolean random) throws IOException {
        int error = libc.posixFadvise(fd, 0, 0, random ? LinuxConstants.POSIX_FADV_RANDOM
                : LinuxConstants.POSIX_FADV_NORMAL);
        if (error != 0) {
            throw Errno.exception(libc, random ? "posix_fadvise(POSIX_FADV_RANDOM)"
                    : "posix_fadvise(POSIX_FADV_NORMAL)", displayName, error);
        }
        return true;
    }

    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        // close(2) is not retried on Linux, even after EINTR: the descriptor is released.
        if (libc.close(fd) != 0) {
            throw Errno.exception(libc, "close", displayName, libc.errno());
        }
    }
}
