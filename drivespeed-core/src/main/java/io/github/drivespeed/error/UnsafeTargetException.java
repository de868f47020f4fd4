package io.github.drivespeed.error;

import java.nio.file.Path;

/**
 * Writing to a block device was refused before anything was opened for writing: the caller did
 * not confirm it by naming the device again, or the device (one of its partitions, or something
 * stacked on it) is mounted, used as swap or held by device-mapper or md, or it carries a
 * partition table or file-system signature and {@link io.github.drivespeed.DevicePlan#force()} was not given. A
 * mounted or held device is never written, forced or not. Not one byte of the device changed.
 */
public final class UnsafeTargetException extends DriveSpeedException {

    private static final long serialVersionUID = 1L;

    /**
     * @param device the block device
     * @param reason why writing it was refused, and what would allow it where anything does
     */
    public UnsafeTargetException(Path device, String reason) {
        super(device, "refusing to write to " + device + ": " + reason, null);
    }
}
