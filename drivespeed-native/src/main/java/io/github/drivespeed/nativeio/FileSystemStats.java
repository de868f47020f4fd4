package io.github.drivespeed.nativeio;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.OptionalLong;

/** Free inodes through statvfs(3): what {@code df -i} prints as IFree. */
final class FileSystemStats {

    /** Room for glibc's {@code struct statvfs} (112 bytes on LP64, 96 for statvfs64 on arm). */
    static final int STATVFS_BYTES = 128;
    /**
     * Offsets of {@code f_files} and {@code f_favail} in glibc's {@code struct statvfs} on 64-bit
     * Linux: f_bsize and f_frsize are {@code unsigned long}s, then f_blocks, f_bfree, f_bavail,
     * f_files, f_ffree, f_favail, 64 bits each.
     */
    static final int LP64_F_FILES = 40;
    static final int LP64_F_FAVAIL = 56;
    /** The same in {@code struct statvfs64} on 32-bit Linux, whose two longs are 4 bytes each. */
    static final int ILP32_F_FILES = 32;
    static final int ILP32_F_FAVAIL = 48;

    private FileSystemStats() {
    }

    /**
     * @param libc the C library
     * @param c the architecture's constants (the struct's layout follows {@code lp64})
     * @param directory an existing directory
     * @return {@code f_favail}, the inodes free for an unprivileged user; empty when the file
     *     system counts no inodes ({@code f_files} 0: btrfs, and others that allocate them as
     *     they go)
     * @throws IOException naming statvfs and the errno
     */
    static OptionalLong freeInodes(Libc libc, LinuxConstants c, Path directory)
            throws IOException {
        try (Memory buffer = new Memory(STATVFS_BYTES)) {
            buffer.clear();
            if (libc.statvfs(PathBytes.of(directory), Pointer.nativeValue(buffer)) != 0) {
                throw Errno.pathException(libc, "statvfs", directory.toString(), libc.errno());
            }
            long files = buffer.getLong(c.lp64() ? LP64_F_FILES : ILP32_F_FILES);
            long available = buffer.getLong(c.lp64() ? LP64_F_FAVAIL : ILP32_F_FAVAIL);
            return files == 0 ? OptionalLong.empty() : OptionalLong.of(available);
        }
    }
}
