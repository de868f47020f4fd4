package io.github.drivespeed.nativeio;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.util.Optional;

/**
 * Whether the kernel can try a read of a file without blocking: the file's FMODE_NOWAIT, which
 * io_uring needs to complete a read or write inline, and without which it hands every I/O to one
 * of its kernel worker threads (iou-wrk). Asked with preadv2(2) and RWF_NOWAIT of one page at
 * offset 0, which fails with EOPNOTSUPP exactly where the file lacks FMODE_NOWAIT (tmpfs, for
 * one); any other outcome (data, end of file, EAGAIN) means it has it.
 */
final class NowaitReads {

    /** RWF_NOWAIT, include/uapi/linux/fs.h. */
    static final int RWF_NOWAIT = 0x8;
    private static final int PROBE_BYTES = 4096;

    private NowaitReads() {
    }

    /**
     * @param r the runtime
     * @param fd an open file or block device, readable
     * @return why io_uring would do worse on it than Linux AIO, or empty when it would not (or
     *     the question cannot be asked here)
     */
    static Optional<String> ioUringDrawback(NativeRuntime r, int fd) {
        Libc libc = r.libc();
        try (NativeAlignedBuffer buffer = NativeAlignedBuffer.allocate(libc, r.constants(),
                PROBE_BYTES, PROBE_BYTES); Memory iov = new Memory(16)) {
            iov.setLong(0, buffer.address(0, PROBE_BYTES));
            iov.setLong(8, PROBE_BYTES);
            long n = libc.preadv2(fd, Pointer.nativeValue(iov), 1, 0, RWF_NOWAIT);
            if (n < 0 && libc.errno() == Errno.EOPNOTSUPP) {
                return Optional.of("this file system has no non-blocking reads (preadv2(2)"
                        + " RWF_NOWAIT: EOPNOTSUPP), so io_uring would hand each I/O to a kernel"
                        + " worker thread");
            }
            return Optional.empty();
        } catch (LinkageError | IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
