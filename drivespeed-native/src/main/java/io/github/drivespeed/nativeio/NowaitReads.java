package io.github.drivespeed.nativeio;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.util.Optional;

/**
 * Whether the kernel can issue a read of a file without blocking, which io_uring needs to
 * complete an I/O inline or in the device's own time; where it cannot, io_uring hands every I/O
 * to one of its kernel worker threads (iou-wrk), a thread switch per I/O that Linux AIO does
 * not pay. Asked with preadv2(2) and RWF_NOWAIT of one page at offset 0:
 * <ul>
 *   <li>EOPNOTSUPP: the file system has no non-blocking I/O at all (no FMODE_NOWAIT: tmpfs);</li>
 *   <li>EAGAIN on an O_DIRECT file: the block device refuses REQ_NOWAIT bios (a bio-based
 *       driver without nowait support: zram, brd), so every direct I/O would be retried from a
 *       worker (an idle device with nowait support serves the page);</li>
 *   <li>anything else (data, end of file, EAGAIN on a buffered file whose page is not cached,
 *       which io_uring reads asynchronously where the file system can): no drawback.</li>
 * </ul>
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
     * @param direct whether {@code fd} was opened with O_DIRECT
     * @return why io_uring would do worse on it than Linux AIO, or empty when it would not (or
     *     the question cannot be asked here)
     */
    static Optional<String> ioUringDrawback(NativeRuntime r, int fd, boolean direct) {
        Libc libc = r.libc();
        try (NativeAlignedBuffer buffer = NativeAlignedBuffer.allocate(libc, r.constants(),
                PROBE_BYTES, PROBE_BYTES); Memory iov = new Memory(Iovec.bytes(r.constants()))) {
            Iovec.put(iov, 0, buffer.address(0, PROBE_BYTES), PROBE_BYTES, r.constants());
            long n = libc.preadv2(fd, Pointer.nativeValue(iov), 1, 0, RWF_NOWAIT);
            int errno = n < 0 ? libc.errno() : 0;
            if (errno == Errno.EOPNOTSUPP) {
                return Optional.of("this file system has no non-blocking reads (preadv2(2)"
                        + " RWF_NOWAIT: EOPNOTSUPP), so io_uring hands each I/O to a kernel"
                        + " worker thread");
            }
            if (errno == Errno.EAGAIN && direct) {
                return Optional.of("the device takes no non-blocking direct I/O (an O_DIRECT"
                        + " preadv2(2) RWF_NOWAIT of an idle device: EAGAIN), so io_uring"
                        + " hands each I/O to a kernel worker thread");
            }
            return Optional.empty();
        } catch (LinkageError | IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
