package io.github.drivespeed.spi;

import java.nio.file.Path;
import java.util.Objects;

/**
 * What the engine asks when it opens a block device for a device test.
 *
 * @param device the block device node, for example {@code /dev/sdb}; the engine has checked that
 *     it exists and is a block device
 * @param direct open with O_DIRECT
 * @param write open for writing as well as reading. The engine asks for it only after the caller
 *     opted in and its own checks passed; a backend must then open the device exclusively
 *     (open(2) O_EXCL, which the kernel refuses with EBUSY while the device is mounted or held by
 *     device-mapper, md or another exclusive user), and a backend that cannot must refuse
 * @since 0.1.0
 */
public record BlockDeviceRequest(Path device, boolean direct, boolean write) {

    /**
     * Checks that the device is not null.
     *
     * @param device the block device node
     * @param direct open with O_DIRECT
     * @param write open for writing as well as reading, exclusively
     */
    public BlockDeviceRequest {
        Objects.requireNonNull(device, "device");
    }
}
