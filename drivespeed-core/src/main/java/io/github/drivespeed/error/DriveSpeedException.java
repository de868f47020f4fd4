package io.github.drivespeed.error;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Base of the checked exceptions a measurement throws. Each names the path it concerns and says,
 * in its message, what was being done and what went wrong.
 *
 * @since 0.1.0
 */
public abstract class DriveSpeedException extends IOException {

    private static final long serialVersionUID = 1L;

    private final transient Path path;

    /**
     * An exception about {@code path}, with what went wrong.
     *
     * @param path the target or test file concerned
     * @param message what was being done and what went wrong
     * @param cause the underlying failure, or null
     */
    protected DriveSpeedException(Path path, String message, Throwable cause) {
        super(message, cause);
        this.path = Objects.requireNonNull(path, "path");
    }

    /** {@return the target or test file the failure concerns} */
    public Path path() {
        return path;
    }
}
