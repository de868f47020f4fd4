package io.github.drivespeed.spi;

import java.io.Closeable;
import java.io.IOException;
import java.util.Optional;

/**
 * An open file or block device that the engine reads and writes at explicit offsets, like
 * pread(2) and pwrite(2): a {@link TestFile} the engine created, or a block device opened with
 * {@link IoBackend#openBlockDevice}.
 *
 * <p>{@link #write} and {@link #read} are single positional calls: they may transfer fewer bytes
 * than asked, and the caller loops. With O_DIRECT, buffer address, offset and length must be
 * multiples of the backend's direct-I/O alignment.
 *
 * @since 0.1.0
 */
public interface FileHandle extends Closeable {

    /**
     * {@return the path, or a description such as {@code <unnamed O_TMPFILE in /mnt>}, for
     * messages}
     */
    String displayName();

    /**
     * Writes bytes from {@code src} at a position, in one call.
     *
     * @param src buffer from the same backend
     * @param srcOffset first byte of {@code src} to write
     * @param length bytes to write, {@code > 0}
     * @param position offset in bytes
     * @return bytes written, {@code > 0}
     * @throws IOException if the call failed; ENOSPC must be recognisable (its message carries
     *     {@code No space left on device} or {@code ENOSPC})
     */
    long write(AlignedBuffer src, long srcOffset, long length, long position) throws IOException;

    /**
     * Reads bytes into {@code dst} from a position, in one call.
     *
     * @param dst buffer from the same backend
     * @param dstOffset first byte of {@code dst} to fill
     * @param length bytes to read, {@code > 0}
     * @param position offset in bytes
     * @return bytes read, {@code > 0}, or -1 at the end
     * @throws IOException if the call failed
     */
    long read(AlignedBuffer dst, long dstOffset, long length, long position) throws IOException;

    /**
     * Flushes the data written to stable storage, like fdatasync(2).
     *
     * @throws IOException if the flush failed
     */
    void dataSync() throws IOException;

    /**
     * Drops the file's (or device's) pages from the page cache so that a buffered read goes to
     * the drive, and checks that none is left: for a file, fdatasync(2) then posix_fadvise(2)
     * POSIX_FADV_DONTNEED; for a block device also ioctl BLKFLSBUF where permitted.
     *
     * @return true only when eviction was done and no page is left; false when this backend
     *     cannot do it or pages stay (tmpfs, ramfs, pages mapped by another process)
     * @throws IOException if eviction was attempted and failed
     */
    boolean evictPages() throws IOException;

    /**
     * Tells the kernel how this open file will be read, over the whole file: random
     * (posix_fadvise(2) POSIX_FADV_RANDOM, which turns readahead off for it, so that a buffered
     * random read fetches only its own pages from the drive; fio's {@code fadvise_hint}) or
     * back to normal (POSIX_FADV_NORMAL). A hint: it changes no data.
     *
     * @param random true for random access, false for the normal default
     * @return true when the hint was given; false when this backend cannot give it (the
     *     default; the pure-Java backend)
     * @throws IOException if the call failed
     */
    default boolean adviseRandomAccess(boolean random) throws IOException {
        return false;
    }

    /**
     * Opens an asynchronous queue on this file, keeping up to {@code depth} I/Os in flight from
     * one thread with one of the engines the backend lists in {@link IoBackend#queueEngines()}.
     * The engine never calls it for an engine the backend did not list as available.
     *
     * @param engine the engine's fio name, for example {@code io_uring}
     * @param depth I/Os in flight at most, {@code >= 1}
     * @return the queue, to close before this file
     * @throws IOException if the queue cannot be set up (for example io_setup(2) failed with
     *     EAGAIN because fs.aio-max-nr is exhausted); the message names the call and errno
     * @throws UnsupportedOperationException if this backend has no such engine
     */
    default IoQueue openQueue(String engine, int depth) throws IOException {
        throw new UnsupportedOperationException("this backend has no asynchronous engine "
                + engine + " (" + getClass().getName() + ")");
    }

    /**
     * Whether an engine the backend offers would do worse on this file than the next one it
     * lists, and why: for example io_uring on a file system without non-blocking reads (tmpfs:
     * preadv2(2) with RWF_NOWAIT fails with EOPNOTSUPP), where it hands every I/O to a kernel
     * worker thread while Linux AIO completes it inline. The engine then passes it over when it
     * chooses, and says so; a caller who named the engine still gets it.
     *
     * @param engine the engine's fio name, as in {@link IoBackend#queueEngines()}
     * @return why it would do worse here, or empty (the default)
     */
    default Optional<String> queueEngineDrawback(String engine) {
        return Optional.empty();
    }

    /**
     * A loop of synchronous, timed transfers on this file, run inside the backend (for the
     * engine's queue-depth-1 path; see {@link TimedTransfers}). Wrappers that intercept
     * {@link #read} or {@link #write} must keep the default, or their interception is bypassed.
     *
     * @param capacity I/Os per call wanted, {@code >= 1}
     * @return the loop, to close before this file; empty (the default) where the backend has none
     */
    default Optional<TimedTransfers> timedTransfers(int capacity) {
        return Optional.empty();
    }

    /**
     * Closes the handle. Idempotent.
     *
     * @throws IOException if closing failed
     */
    @Override
    void close() throws IOException;
}
