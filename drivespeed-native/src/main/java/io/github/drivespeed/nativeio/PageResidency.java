package io.github.drivespeed.nativeio;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.io.IOException;

/**
 * Counts a file's (or block device's) pages that are in the page cache: cachestat(2) over the
 * whole file where the kernel has it (Linux 6.5+; number 451 on x86_64, aarch64 and arm, its
 * structures of {@code __u64}s alike everywhere), else mmap(2) of the file (no page is touched,
 * so none is read in), mincore(2), munmap(2), one window at a time (1 GiB, or 64 MiB in a 32-bit
 * address space, where a free gigabyte is not to be counted on), up to a limit.
 */
final class PageResidency {

    private static final long WINDOW_BYTES_LP64 = 1L << 30;
    private static final long WINDOW_BYTES_ILP32 = 64L << 20;
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
        if (!cachestatMissing) {
            try (Memory range = new Memory(RANGE_BYTES); Memory stat = new Memory(CACHESTAT_BYTES)) {
                range.clear();
                stat.clear();
                long r = libc.syscall(LinuxConstants.SYS_CACHESTAT, fd,
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
        long window = constants.lp64() ? WINDOW_BYTES_LP64 : WINDOW_BYTES_ILP32;
        long vectorBytes = (Math.min(sizeBytes, window) + page - 1) / page + 1;
        try (Memory vector = new Memory(vectorBytes)) {
            long vectorAddress = Pointer.nativeValue(vector);
            byte[] bits = new byte[(int) vectorBytes];
            for (long offset = 0; offset < sizeBytes; offset += window) {
                long length = Math.min(window, sizeBytes - offset);
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
