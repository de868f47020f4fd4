package io.github.drivespeed.nativeio;

import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.FileHandle;
import io.github.drivespeed.spi.IoQueue;
import io.github.drivespeed.spi.TimedTransfers;
import java.io.IOException;
import java.util.Optional;

/**
 * A file or block device open on a file descriptor. Reads and writes are single pread(2)/pwrite(2)
 * calls between the file and native memory, of at most MAX_RW_COUNT (2 GiB - 4 KiB) bytes each,
 * as the kernel moves at most that much per call; the caller loops. They go through the
 * runtime's {@link IoCalls} (the JNI stub where it loaded, else JNA). Closing closes the
 * descriptor only.
 */
class NativeFileHandle implements FileHandle {

    /**
     * Without cachestat(2), how much of a block device mincore(2) checks after eviction: a device
     * of terabytes would take minutes to scan; device accounting checks the reads themselves.
     */
    static final long DEVICE_MINCORE_LIMIT_BYTES = 64L << 30;

    private final NativeRuntime runtime;
    private final Libc libc;
    private final LinuxConstants constants;
    private final IoCalls calls;
    private final int fd;
    private final String displayName;
    private final boolean blockDevice;
    private final boolean direct;
    private final boolean sqThreadPoll;
    private Optional<String> uringDrawback;
    private boolean closed;

    /**
     * @param runtime the C library, the architecture's values and the per-I/O calls
     * @param fd the open descriptor, owned from now on
     * @param displayName for messages
     * @param blockDevice whether {@code fd} is a block device (eviction then also uses BLKFLSBUF)
     * @param direct whether {@code fd} was opened with O_DIRECT
     * @param sqThreadPoll whether io_uring queues poll their submission ring from a kernel
     *     thread ({@link NativeIoBackend#sqThreadPoll()})
     */
    NativeFileHandle(NativeRuntime runtime, int fd, String displayName, boolean blockDevice,
            boolean direct, boolean sqThreadPoll) {
        this.runtime = runtime;
        this.libc = runtime.libc();
        this.constants = runtime.constants();
        this.calls = runtime.calls();
        this.fd = fd;
        this.displayName = displayName;
        this.blockDevice = blockDevice;
        this.direct = direct;
        this.sqThreadPoll = sqThreadPoll;
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

    /** The JNI stub's loop, where the stub loaded (not through JNA: a call per I/O there). */
    @Override
    public Optional<TimedTransfers> timedTransfers(int capacity) {
        if (closed || calls != IoCalls.jni()) {
            return Optional.empty();
        }
        return Optional.of(new NativeTimedTransfers(fd, capacity));
    }

    /** One pwrite(2) or pread(2), repeated only after EINTR; a read of 0 bytes is end of file (-1). */
    private long transfer(boolean write, AlignedBuffer buffer, long bufferOffset, long length,
            long position) throws IOException {
        NativeAlignedBuffer memory = NativeAlignedBuffer.of(buffer);
        long count = memory.oneCallBytes(length);
        long address = memory.address(bufferOffset, count);
        while (true) {
            long n = write ? calls.pwrite(fd, address, count, position)
                    : calls.pread(fd, address, count, position);
            if (n > 0) {
                return n;
            }
            if (n == 0) {
                return write ? 0 : -1;
            }
            if (n != -Errno.EINTR) {
                throw Errno.exception(libc, write ? "pwrite" : "pread", displayName, (int) -n);
            }
        }
    }

    /** Why Linux AIO queues nothing on a buffered file. */
    static final String BUFFERED_AIO = "Linux AIO is synchronous for buffered I/O (each I/O"
            + " completes inside io_submit(2), so no more than one is ever in flight)";

    /**
     * An asynchronous queue on this file's descriptor: {@code io_uring} ({@link UringQueue}) or
     * {@code libaio} ({@link AioQueue}), on x86_64, aarch64 and arm.
     *
     * @throws UnsupportedOperationException for another engine, or on an architecture without
     *     system-call numbers for them
     * @throws IOException if io_uring_setup(2) or io_setup(2) fails
     */
    @Override
    public IoQueue openQueue(String engine, int depth) throws IOException {
        SyscallNumbers numbers = SyscallNumbers.forArchitecture(constants)
                .orElseThrow(() -> new UnsupportedOperationException("no asynchronous I/O"
                        + " system-call numbers for " + constants.architecture()));
        switch (engine) {
            case NativeIoBackend.IO_URING:
                return new UringQueue(runtime, numbers, fd, displayName, depth,
                        queueEngineDrawback(engine), sqThreadPoll);
            case NativeIoBackend.LIBAIO:
                if (sqThreadPoll) {
                    throw new UnsupportedOperationException(NativeIoBackend.SQPOLL_ONLY_URING);
                }
                return new AioQueue(new LinuxAio(numbers, calls, libc, constants), constants, libc,
                        fd, displayName, depth);
            default:
                throw new UnsupportedOperationException("the native backend has no engine "
                        + engine + " (it has " + NativeIoBackend.IO_URING + " and "
                        + NativeIoBackend.LIBAIO + ")");
        }
    }

    /**
     * Linux AIO's drawback on a buffered file (it completes buffered I/O inside io_submit(2),
     * one at a time: fio's HOWTO, libaio); io_uring's on a file without non-blocking reads
     * ({@link NowaitReads}), asked once per handle.
     */
    @Override
    public Optional<String> queueEngineDrawback(String engine) {
        if (NativeIoBackend.LIBAIO.equals(engine)) {
            return direct ? Optional.empty() : Optional.of(BUFFERED_AIO);
        }
        if (!NativeIoBackend.IO_URING.equals(engine)) {
            return Optional.empty();
        }
        Optional<String> d = uringDrawback;
        if (d == null) {
            uringDrawback = d = NowaitReads.ioUringDrawback(runtime, fd, direct);
        }
        return d;
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
