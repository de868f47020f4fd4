package io.github.drivespeed.error;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The file system refused O_DIRECT, so the page cache cannot be bypassed there: open(2) failed
 * with EINVAL, or open(2) accepted O_DIRECT and the file's first read or write failed with EINVAL
 * (as some FUSE and network file systems do; {@link #refusedCall()} then names the call, for
 * example {@code pwrite(O_DIRECT) failed: EINVAL}). Measure with {@link io.github.drivespeed.SequentialPlan#buffered()} instead (its read figures then carry a
 * warning when the file's pages could not be evicted), or with {@link io.github.drivespeed.SequentialPlan#directOrBuffered()}
 * to fall back to buffered I/O only where O_DIRECT is refused. No test file is left behind.
 *
 * @since 0.1.0
 */
public final class DirectIoUnsupportedException extends DriveSpeedException {

    private static final long serialVersionUID = 1L;

    /** The file-system type that refused O_DIRECT, for example {@code ramfs}. */
    private final String fileSystemType;
    /** The transfer that was refused, or null for a refusal at open. */
    private final String refusedCall;

    /**
     * An exception for O_DIRECT refused by the file system under {@code path}.
     *
     * @param path the test file or directory
     * @param fileSystemType the file system's type, for example {@code ramfs}
     * @param cause the refusal, or null
     */
    public DirectIoUnsupportedException(Path path, String fileSystemType, Throwable cause) {
        super(path, "O_DIRECT is not supported on " + path + " (file system " + fileSystemType
                + "); measure with buffered() or directOrBuffered()", cause);
        this.fileSystemType = fileSystemType;
        this.refusedCall = null;
    }

    /**
     * A refusal on a transfer: open(2) accepted O_DIRECT, the first read or write did not.
     *
     * @param path the test file
     * @param fileSystemType the file system's type, for example {@code fuse.sshfs}
     * @param call the refused system call, for example {@code pwrite}
     * @param errnoName its error, for example {@code EINVAL}
     * @param cause the failure as the backend reported it
     */
    public DirectIoUnsupportedException(Path path, String fileSystemType, String call,
            String errnoName, Throwable cause) {
        super(path, call + "(O_DIRECT) failed: " + errnoName + " on " + path + " (file system "
                + fileSystemType + "): O_DIRECT was accepted at open(2) and refused on each"
                + " transfer (or needs an alignment larger than the one the file system reports);"
                + " measure with buffered() or directOrBuffered()", cause);
        this.fileSystemType = fileSystemType;
        this.refusedCall = call + "(O_DIRECT) failed: " + errnoName;
    }

    /** {@return the type of the file system that refused O_DIRECT} */
    public String fileSystemType() {
        return fileSystemType;
    }

    /**
     * {@return for a refusal on a transfer, the call and its error, for example
     * {@code pwrite(O_DIRECT) failed: EINVAL}; empty for a refusal at open(2)}
     */
    public Optional<String> refusedCall() {
        return Optional.ofNullable(refusedCall);
    }
}
