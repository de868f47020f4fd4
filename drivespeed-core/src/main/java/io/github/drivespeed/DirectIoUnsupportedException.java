package io.github.drivespeed;

import java.nio.file.Path;

/**
 * The file system refused O_DIRECT (open(2) failed with EINVAL), so the page cache cannot be
 * bypassed there. Measure with {@link SpeedTest#buffered()} instead; its read figures then carry a
 * warning when the file's pages could not be evicted.
 */
public final class DirectIoUnsupportedException extends DriveSpeedException {

    private static final long serialVersionUID = 1L;

    private final String fileSystemType;

    /**
     * @param path the test file or directory
     * @param fileSystemType the file system's type, for example {@code ramfs}
     * @param cause the refusal, or null
     */
    public DirectIoUnsupportedException(Path path, String fileSystemType, Throwable cause) {
        super(path, "O_DIRECT is not supported on " + path + " (file system " + fileSystemType
                + "); measure with buffered() (command line: --buffered)", cause);
        this.fileSystemType = fileSystemType;
    }

    /** @return the type of the file system that refused O_DIRECT */
    public String fileSystemType() {
        return fileSystemType;
    }
}
