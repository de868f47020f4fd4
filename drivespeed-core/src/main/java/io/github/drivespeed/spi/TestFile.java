package io.github.drivespeed.spi;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A new file created for one measured run, open for reading and writing. It belongs to the
 * engine: {@link #close()} closes and removes it. Reads, writes, syncs and eviction are those of
 * every {@link FileHandle}.
 *
 * @since 0.1.0
 */
public interface TestFile extends FileHandle {

    /** {@return the file's path, or empty when it has no name (O_TMPFILE)} */
    Optional<Path> path();

    /**
     * Makes this file, still empty, NOCOW: ioctl(2) FS_IOC_GETFLAGS, then FS_IOC_SETFLAGS with
     * FS_NOCOW_FL added ({@code include/uapi/linux/fs.h}; what {@code chattr +C} does). On btrfs
     * its data is then written in place and not checksummed, so that O_DIRECT writes to it are
     * direct I/O rather than run through the page cache, as btrfs runs them for a file whose data
     * is checksummed. The engine calls it before the first write (btrfs takes the flag only on an
     * empty file) and only where the target's file system is btrfs. A hint: the data is the same.
     *
     * @return true when the flag is set (read back with FS_IOC_GETFLAGS); false when this backend
     *     cannot set it (the default; the pure-Java backend) or the file system refused it
     *     (ENOTTY, EOPNOTSUPP, EINVAL) or left it unset
     * @throws IOException if the call failed otherwise, naming it and errno
     */
    default boolean makeNoCow() throws IOException {
        return false;
    }

    /**
     * Closes the file and removes it. Idempotent; the file is removed even if closing failed.
     *
     * @throws IOException if closing or removing failed
     */
    @Override
    void close() throws IOException;
}
