package io.github.drivespeed.error;

import java.nio.file.Path;

/**
 * The test file cannot be created in the target directory: a read-only mount, missing write
 * permission, or an immutable directory. Nothing was written.
 *
 * @since 0.1.0
 */
public final class TargetNotWritableException extends DriveSpeedException {

    private static final long serialVersionUID = 1L;

    /**
     * An exception for a target directory that cannot be written.
     *
     * @param directory the target directory
     * @param reason why it cannot be written, for example {@code Read-only file system}
     * @param cause the underlying failure, or null
     */
    public TargetNotWritableException(Path directory, String reason, Throwable cause) {
        super(directory, "cannot create a test file in " + directory + ": " + reason, cause);
    }
}
