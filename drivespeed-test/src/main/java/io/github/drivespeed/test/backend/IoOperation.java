package io.github.drivespeed.test.backend;

/**
 * A call on a test file that {@link FaultyBackend} can fail.
 *
 * @since 0.1.0
 */
public enum IoOperation {
    /** A positional write, pwrite(2). */
    WRITE,
    /** A positional read, pread(2). */
    READ,
    /** The flush to stable storage, fdatasync(2); it has no file offset. */
    DATA_SYNC,
    /**
     * The close of a test file, close(2); it has no file offset. A failure is thrown after the
     * file really closed, as close reports a write error the drive (or a network file system)
     * deferred until then, EIO for example. {@link RecordingBackend} does not record it.
     */
    CLOSE
}
