package io.github.drivespeed.error;

import java.nio.file.Path;

/**
 * The file system refused O_DIRECT (open(2) failed with EINVAL), so the page cache cannot be
 * bypassed there. Measure with {@link io.github.drivespeed.SequentialPlan#buffered()} instead (its read figures then carry a
 * warning when the file's pages could not be evicted), or with {@link io.github.drivespeed.SequentialPlan#directOrBuffered()}
 * to fall back to buffered I/O only where O_DIRECT is refused. No test file is left behind.
 */
public final class DirectIoUnsupportedException extends DriveSpeedException {

    private static final long serialVersionUID = 1L;

    /** The file-system type that refused O_DIRECT, for example {@code ramfs}. */
    private final String fileSystemType;

    /**
     * @param path the test file or directory
     * @param fileSystemType the file system's type, for example {@code ramfs}
     * @param cause the refusal, or null
     */
    public DirectIoUnsupportedException(Path path, String fileSystemType, Throwable cause) {
        super(path, "O_DIRECT is not supported on " + path + " (file system " + fileSystemType
                + "); measure with buffered() or directOrBuffered()", cause);
        this.fileSystemType = fileSystemType;
    }

    /** @return the type of the file system that refused O_DIRECT */
    public String fileSystemType() {
        return fileSystemType;
    }
}
