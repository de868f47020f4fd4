package io.github.drivespeed.nativeio;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.io.IOException;

/**
 * Counts a file's pages that are in the page cache: mmap(2) of the file (no page is touched, so
 * none is read in), mincore(2), munmap(2), one window of at most 1 GiB at a time.
 */
final class PageResidency {

    private static final long WINDOW_BYTES = 1L << 30;

    private PageResidency() {
    }

    /**
     * @param libc the C library
     * @param constants the architecture's mmap flags
     * @param fd an open file
     * @param sizeBytes the file's size
     * @param displayName the file, for messages
     * @return how many of its pages are resident
     * @throws IOException if mmap or mincore fails
     */
    static long residentPages(Libc libc, LinuxConstants constants, int fd, long sizeBytes,
            String displayName) throws IOException {
        long page = libc.pageSize();
        long resident = 0;
        try (Memory vector = new Memory((Math.min(sizeBytes, WINDOW_BYTES) + page - 1) / page + 1)) {
            long vectorAddress = Pointer.nativeValue(vector);
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
                    long pages = (length + page - 1) / page;
                    for (long i = 0; i < pages; i++) {
                        if ((vector.getByte(i) & 1) != 0) {
                            resident++;
                        }
                    }
                } finally {
                    libc.munmap(address, length);
                }
            }
        }
        return resident;
    }
}
