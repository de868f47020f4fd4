package io.github.drivespeed.spi;

import java.nio.file.Path;
import java.util.Objects;

/**
 * What the engine asks of a new test file.
 *
 * @param directory the directory to create it in; it exists and is a directory
 * @param fileName the name to use if the file gets a name; a backend that can create an
 *     anonymous file (O_TMPFILE) may ignore it
 * @param direct open with O_DIRECT
 * @param dsync open with O_DSYNC
 * @since 0.1.0
 */
public record TestFileRequest(Path directory, String fileName, boolean direct, boolean dsync) {

    /**
     * Checks that no field is null and the name is a plain file name.
     *
     * @param directory the directory to create it in; it exists and is a directory
     * @param fileName the name to use if the file gets a name; a backend that can create an
     *     anonymous file (O_TMPFILE) may ignore it
     * @param direct open with O_DIRECT
     * @param dsync open with O_DSYNC
     */
    public TestFileRequest {
        Objects.requireNonNull(directory, "directory");
        Objects.requireNonNull(fileName, "fileName");
        if (fileName.isEmpty() || fileName.contains("/")) {
            throw new IllegalArgumentException("fileName must be a plain file name: " + fileName);
        }
    }

    /** {@return the path of the file to create: {@code directory.resolve(fileName)}} */
    public Path namedPath() {
        return directory.resolve(fileName);
    }
}
