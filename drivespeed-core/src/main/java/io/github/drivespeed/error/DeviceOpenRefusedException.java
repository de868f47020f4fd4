package io.github.drivespeed.error;

import java.nio.file.Path;
import java.util.Objects;

/**
 * The kernel refused to open a block device (open(2) failed with {@code EACCES} or
 * {@code EPERM}) before any I/O: nothing was read or written. The message names the device, the
 * errno and the likely reason with what to try: a device node on a file system mounted
 * {@code nodev}, a node whose mode or owner does not let this user open it, a device cgroup or a
 * container's device policy, or a security module (open(2), mount(8) {@code nodev}, the kernel's
 * {@code Documentation/admin-guide/cgroup-v2.rst}, "Device controller").
 *
 * @since 0.1.0
 */
public final class DeviceOpenRefusedException extends DriveSpeedException {

    private static final long serialVersionUID = 1L;

    /** The errno's symbol: {@code EACCES} or {@code EPERM}. */
    private final String errnoName;

    /**
     * An exception for a block device the kernel would not open.
     *
     * @param device the block device as the caller gave it
     * @param errnoName the errno's symbol, {@code EACCES} or {@code EPERM}
     * @param reason the likely reason and what to try
     * @param cause the failed open, or null
     */
    public DeviceOpenRefusedException(Path device, String errnoName, String reason,
            Throwable cause) {
        super(device, "cannot open " + device + ": " + reason, cause);
        this.errnoName = Objects.requireNonNull(errnoName, "errnoName");
    }

    /** {@return the errno's symbol, {@code EACCES} or {@code EPERM}} */
    public String errnoName() {
        return errnoName;
    }
}
