package io.github.drivespeed.error;

import java.nio.file.Path;
import java.util.function.UnaryOperator;

/**
 * Writing to a block device was refused before anything was opened for writing: the caller did
 * not confirm it by naming the device again, or the device (one of its partitions, or something
 * stacked on it) is mounted, used as swap or held by device-mapper or md, or it carries a
 * partition table or file-system signature and {@link io.github.drivespeed.DevicePlan#force()} was not given. A
 * mounted or held device is never written, forced or not. Not one byte of the device changed.
 *
 * @since 0.1.0
 */
public final class UnsafeTargetException extends DriveSpeedException {

    private static final long serialVersionUID = 1L;

    /** Why, with the settings that would allow it by reference. */
    private final InvalidSettingException.Reason reason;

    /**
     * An exception for a write to a block device refused.
     *
     * @param device the block device
     * @param reason why writing it was refused, and what would allow it where anything does
     */
    public UnsafeTargetException(Path device, String reason) {
        this(device, InvalidSettingException.Reason.of(reason));
    }

    /**
     * An exception for a write to a block device refused, with the settings that would allow it.
     *
     * @param device the block device
     * @param reason why writing it was refused, and the settings that would allow it (for example
     *     {@code allowWritesTo}, {@code force}) by reference
     */
    public UnsafeTargetException(Path device, InvalidSettingException.Reason reason) {
        super(device, "refusing to write to " + device + ": " + reason, null);
        this.reason = reason;
    }

    /**
     * {@return why writing was refused, with the settings named by {@code names}}
     *
     * @param names gives the name to print for a setting's API name (the command line gives
     *     {@code --force} for {@code force})
     */
    public String reason(UnaryOperator<String> names) {
        return reason.render(names);
    }
}
