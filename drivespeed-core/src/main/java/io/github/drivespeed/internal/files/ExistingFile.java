package io.github.drivespeed.internal.files;

import java.nio.file.Path;
import java.util.Objects;

/**
 * An existing regular file a workload runs over instead of a new test file.
 *
 * @param path the file, as the caller gave it
 * @param writable whether the caller allowed it to be overwritten
 */
public record ExistingFile(Path path, boolean writable) {

    /**
     * Checks that the path is not null.
     *
     * @param path the file, as the caller gave it
     * @param writable whether the caller allowed it to be overwritten
     */
    public ExistingFile {
        Objects.requireNonNull(path, "path");
    }
}
