package io.github.drivespeed.error;

import java.nio.file.Path;

/**
 * The target exists but is not something drivespeed measures: a regular file, a character
 * device, a socket, or another kind of file where a directory is expected.
 */
public final class UnsupportedTargetException extends DriveSpeedException {

    private static final long serialVersionUID = 1L;

    /**
     * @param target the path refused
     * @param reason what the path is and what is expected instead
     */
    public UnsupportedTargetException(Path target, String reason) {
        super(target, "unsupported target " + target + ": " + reason, null);
    }
}
