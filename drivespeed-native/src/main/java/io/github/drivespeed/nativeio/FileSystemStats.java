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
        // glibc's struct statvfs: f_bsize, f_frsize (unsigned long), then f_blocks, f_bfree,
        // f_bavail, f_files, f_ffree, f_favail (fsblkcnt_t/fsfilcnt_t, 64 bits in statvfs64)
        int head = c.lp64() ? 16 : 8;
        try (Memory buffer = new Memory(STATVFS_BYTES)) {
            buffer.clear();
            if (libc.statvfs(PathBytes.of(directory), Pointer.nativeValue(buffer)) != 0) {
                throw Errno.pathException(libc, "statvfs", directory.toString(), libc.errno());
            }
            long files = buffer.getLong(head + 3 * Long.BYTES);
            long available = buffer.getLong(head + 5 * Long.BYTES);
            return files == 0 ? OptionalLong.empty() : OptionalLong.of(available);
        }
    }
}
