package io.github.drivespeed.error;

import java.nio.file.Path;

/**
 * The target does not exist. drivespeed never creates a target: a typo such as {@code /dev/sbd}
 * must not turn into a file in RAM that is then "measured".
 *
 * @since 0.1.0
 */
public final class TargetNotFoundException extends DriveSpeedException {

    private static final long serialVersionUID = 1L;

    /**
     * An exception for a target path that does not exist.
     *
     * @param target the path that does not exist
     */
    public TargetNotFoundException(Path target) {
        super(target, "target does not exist: " + target
                + " (drivespeed never creates its target; check the path)", null);
    }
}
