package io.github.drivespeed.spi;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A new file created for one measured run, open for reading and writing. It belongs to the
 * engine: {@link #close()} closes and removes it.
 *
 * <p>{@link #write} and {@link #read} are single positional calls, like pwrite(2) and pread(2):
 * they may transfer fewer bytes than asked, and the caller loops. With O_DIRECT, buffer address,
 * offset and length must be multiples of the backend's direct-I/O alignment.
 */
public interface TestFile extends Closeable {

    /** @return the file's path, or empty when it has no name (O_TMPFILE) */
    Optional<Path> path();

    /** @return the path, or a description such as {@code <unnamed O_TMPFILE in /mnt>}, for messages */
    String displayName();

    /**
     * Writes bytes from {@code src} at a file position, in one call.
     *
     * @param src buffer from the same backend
     * @param srcOffset first byte of {@code src} to write
     * @param length bytes to write, {@code > 0}
     * @param position file offset in bytes
     * @return bytes written, {@code > 0}
     * @throws IOException if the call failed; ENOSPC must be recognisable (its message carries
     *     {@code No space left on device} or {@code ENOSPC})
     */
    long write(AlignedBuffer src, long srcOffset, long length, long position) throws IOException;

    /**
     * Reads bytes into {@code dst} from a file position, in one call.
     *
     * @param dst buffer from the same backend
     * @param dstOffset first byte of {@code dst} to fill
     * @param length bytes to read, {@code > 0}
     * @param position file offset in bytes
     * @return bytes read, {@code > 0}, or -1 at end of file
     * @throws IOException if the call failed
     */
    long read(AlignedBuffer dst, long dstOffset, long length, long position) throws IOException;

    /**
     * Flushes the file's data to stable storage, like fdatasync(2).
     *
     * @throws IOException if the flush failed
     */
    void dataSync() throws IOException;

    /**
     * Drops the file's pages from the page cache so that a buffered read goes to the drive.
     *
     * @return true when eviction was done, false when this backend cannot do it
     * @throws IOException if eviction was attempted and failed
     */
    boolean evictPages() throws IOException;

    /**
     * Opens an asynchronous queue on this file, keeping up to {@code depth} I/Os in flight from
     * one thread. Only backends with {@link Capability#ASYNC_IO} implement it; the engine never
     * calls it on others.
     *
     * @param depth I/Os in flight at most, {@code >= 1}
     * @return the queue, to close before this file
     * @throws IOException if the queue cannot be set up (for example io_setup(2) failed with
     *     EAGAIN because fs.aio-max-nr is exhausted); the message names the call and errno
     * @throws UnsupportedOperationException if this backend has no asynchronous I/O
     */
    default IoQueue openQueue(int depth) throws IOException {
        throw new UnsupportedOperationException("this backend has no asynchronous I/O ("
                + getClass().getName() + ")");
    }

    /**
     * Closes the file and removes it. Idempotent; the file is removed even if closing failed.
     *
     * @throws IOException if closing or removing failed
     */
    @Override
    void close() throws IOException;
}
