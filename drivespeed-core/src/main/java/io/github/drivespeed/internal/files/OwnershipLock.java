package io.github.drivespeed.internal.files;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An exclusive POSIX record lock (fcntl(2) F_SETLK over the whole file, which is what
 * {@link FileChannel#tryLock()} takes on Linux) held on a named test file for as long as the file
 * exists. It tells a live test file from a leftover wherever a process id cannot: a run in
 * another PID namespace (another container sharing the volume) or on another host sharing an NFS
 * export (through the NFS lock manager). The kernel drops the lock when its process dies, SIGKILL
 * included, so a killed run's file can be taken over.
 */
final class OwnershipLock implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(OwnershipLock.class);
    private static final OwnershipLock NONE = new OwnershipLock(null);

    private final FileChannel channel;

    private OwnershipLock(FileChannel channel) {
        this.channel = channel;
    }

    /**
     * Locks {@code file} for this process. Never throws: where locking is not possible (a file
     * system without locks) the file is simply not locked, and cleanup elsewhere leaves it alone.
     *
     * @param file a test file this process just created
     * @return the lock, to close when the file has been removed
     */
    static OwnershipLock acquire(Path file) {
        FileChannel channel = null;
        try {
            channel = FileChannel.open(file, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
            if (channel.tryLock() != null) {
                return new OwnershipLock(channel);
            }
            LOG.debug("test file {} is already locked", file);
        } catch (IOException | OverlappingFileLockException e) {
            LOG.debug("cannot lock test file {}: {}", file, e.toString());
        }
        closeQuietly(channel);
        return NONE;
    }

    /** What a look at another process's test file found. */
    enum Probe {
        /** Locked by a live process (or not lockable): leave it alone. */
        IN_USE,
        /** Nobody holds it: a leftover, removed while we held its lock. */
        REMOVED,
        /** Nobody holds it, but it could not be removed. */
        NOT_REMOVED
    }

    /**
     * Removes {@code file} if and only if no process holds its lock.
     *
     * @param file a test file named for a process that is not alive here
     * @return what was found and done
     */
    static Probe removeIfAbandoned(Path file) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS)) {
            FileLock lock = channel.tryLock();
            if (lock == null) {
                return Probe.IN_USE;
            }
            try {
                return java.nio.file.Files.deleteIfExists(file) ? Probe.REMOVED : Probe.NOT_REMOVED;
            } finally {
                lock.release();
            }
        } catch (OverlappingFileLockException e) {
            return Probe.IN_USE; // this JVM holds it
        } catch (IOException e) {
            LOG.debug("cannot lock {} to check it: {}", file, e.toString());
            return Probe.IN_USE;
        }
    }

    /** Releases the lock. */
    @Override
    public void close() {
        closeQuietly(channel);
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel == null) {
            return;
        }
        try {
            channel.close();
        } catch (IOException e) {
            LOG.debug("closing a test-file lock failed: {}", e.toString());
        }
    }
}
