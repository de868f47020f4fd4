package io.github.drivespeed.nativeio;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The test's own look at the page cache, independent of the backend's code: open(2), mmap64(2)
 * of the whole file (touching no page), mincore(2), through a separate JNA interface mapping;
 * {@code size_t} as JNA's {@link NativeLong} (as wide as a C long on Linux: 32 bits on arm),
 * {@code off64_t} as a Java long. Values are those of x86_64, aarch64 and arm (O_RDONLY 0,
 * PROT_READ 1, MAP_SHARED 1).
 */
final class PageCache {

    /** The few libc calls the check needs. */
    interface C extends Library {
        C LIBC = Native.load("c", C.class);

        int open(String path, int flags);

        int close(int fd);

        Pointer mmap64(Pointer addr, NativeLong length, int prot, int flags, int fd, long offset);

        int munmap(Pointer addr, NativeLong length);

        int mincore(Pointer addr, NativeLong length, byte[] vec);

        int getpagesize();
    }

    private PageCache() {
    }

    /**
     * @param file a file (or a {@code /proc/self/fd/N} link to one)
     * @return how many of its pages are in the page cache
     * @throws IOException if a call fails
     */
    static long residentPages(Path file) throws IOException {
        long size = Files.size(file);
        if (size == 0) {
            return 0;
        }
        int fd = C.LIBC.open(file.toString(), 0);
        if (fd < 0) {
            throw new IOException("open " + file + ": errno " + Native.getLastError());
        }
        try {
            NativeLong length = new NativeLong(size);
            Pointer map = C.LIBC.mmap64(null, length, 1, 1, fd, 0);
            if (Pointer.nativeValue(map) == -1 || Pointer.nativeValue(map) == 0xffffffffL) {
                throw new IOException("mmap " + file + ": errno " + Native.getLastError());
            }
            try {
                int page = C.LIBC.getpagesize();
                byte[] vec = new byte[(int) ((size + page - 1) / page)];
                if (C.LIBC.mincore(map, length, vec) != 0) {
                    throw new IOException("mincore " + file + ": errno " + Native.getLastError());
                }
                long resident = 0;
                for (byte b : vec) {
                    resident += b & 1;
                }
                return resident;
            } finally {
                C.LIBC.munmap(map, length);
            }
        } finally {
            C.LIBC.close(fd);
        }
    }
}
