package io.github.drivespeed.nativeio;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.io.IOException;

/**
 * Counts a file's (or block device's) pages that are in the page cache: cachestat(2) over the
 * whole file where the kernel has it (Linux 6.5+, 64-bit), else mmap(2) of the file (no page is
 * touched, so none is read in), mincore(2), munmap(2), one window of at most 1 GiB at a time, up
 * to a limit.
 */
final class PageResidency {

    private static final long WINDOW_BYTES = 1L << 30;
    /** struct cachestat_range {__u64 off, len} and struct cachestat {__u64 nr_cache, ...}. */
    private static final int RANGE_BYTES = 16;
    private static final int CACHESTAT_BYTES = 40;

    private static volatile boolean cachestatMissing;

    private PageResidency() {
    }

    /**
     * @param libc the C library
     * @param constants the architecture's mmap flags
     * @param fd an open file
     * @param sizeBytes the file's size
     * @param mincoreLimitBytes without cachestat(2), how many bytes from the start mincore(2)
     *     checks (a block device of terabytes would take minutes)
     * @param displayName the file, for messages
     * @return how many of its pages are resident
     * @throws IOException if cachestat, mmap or mincore fails
     */
    static long residentPages(Libc libc, LinuxConstants constants, int fd, long sizeBytes,
            long mincoreLimitBytes, String displayName) throws IOException {
        if (constants.lp64() && !cachestatMissing) {
            try (Memory range = new Memory(RANGE_BYTES); Memory stat = new Memory(CACHESTAT_BYTES)) {
                range.clear();
                stat.clear();
                long r = Syscall.syscall(LinuxConstants.SYS_CACHESTAT, fd,
                        Pointer.nativeValue(range), Pointer.nativeValue(stat), 0, 0);
                if (r == 0) {
                    return stat.getLong(0);
                }
                int errno = libc.errno();
                if (errno != Errno.ENOSYS && errno != Errno.EOPNOTSUPP) {
                    throw Errno.exception(libc, "cachestat", displayName, errno);
                }
                if (errno == Errno.ENOSYS) {
                    cachestatMissing = true;
                }
            }
        }
        return residentPagesByMincore(libc, constants, fd, Math.min(sizeBytes, mincoreLimitBytes),
                displayName);
    }

    private static long residentPagesByMincore(Libc libc, LinuxConstants constants, int fd,
            long sizeBytes, String displayName) throws IOException {
        long page = libc.pageSize();
        long resident = 0;
        long vectorBytes = (Math.min(sizeBytes, WINDOW_BYTES) + page - 1) / page + 1;
        try (Memory vector = new Memory(vectorBytes)) {
            long vectorAddress = Pointer.nativeValue(vector);
            byte[] bits = new byte[(int) vectorBytes];
            for (long offset = 0; offset < sizeBytes; offset += WINDOW_BYTES) {
                long length = Math.min(WINDOW_BYTES, sizeBytes - offset);
                long address = libc.mmap(0, length, constants.protRead(), constants.mapShared(), fd,
                        offset);
                if (address == -1) {
                    throw Errno.exception(libc, "mmap", displayName, libc.errno());
                }
                try {
                    if (libc.mincore(address, length, vectorAddress) != 0) {
                        throw Errno.exception(libc, "mincore", displayName, libc.errno());
                    }
                    int pages = (int) ((length + page - 1) / page);
                    vector.read(0, bits, 0, pages);
                    for (int i = 0; i < pages; i++) {
                        resident += bits[i] & 1;
                    }
                } finally {
                    libc.munmap(address, length);
                }
            }
        }
        return resident;
    }
}
