package io.github.drivespeed.spi;

/**
 * Size and sector sizes of a block device, as the kernel reports them through ioctl(2) on the
 * device node (linux/fs.h: BLKGETSIZE64, BLKSSZGET, BLKPBSZGET; the same figures as
 * {@code blockdev --getsize64 --getss --getpbsz}).
 *
 * @param sizeBytes the device's size in bytes (BLKGETSIZE64)
 * @param logicalBlockBytes the logical sector size in bytes, the smallest unit the device
 *     addresses (BLKSSZGET), usually 512 or 4096
 * @param physicalBlockBytes the physical sector size in bytes, the unit the device writes
 *     without a read-modify-write (BLKPBSZGET), usually 512 or 4096
 */
public record BlockDeviceGeometry(long sizeBytes, int logicalBlockBytes, int physicalBlockBytes) {

    /**
     * Checks that the size is not negative and the sector sizes are positive.
     *
     * @param sizeBytes the device's size in bytes (BLKGETSIZE64)
     * @param logicalBlockBytes the logical sector size in bytes, the smallest unit the device
     *     addresses (BLKSSZGET), usually 512 or 4096
     * @param physicalBlockBytes the physical sector size in bytes, the unit the device writes
     *     without a read-modify-write (BLKPBSZGET), usually 512 or 4096
     */
    public BlockDeviceGeometry {
        if (sizeBytes < 0) {
            throw new IllegalArgumentException("sizeBytes must be >= 0: " + sizeBytes);
        }
        if (logicalBlockBytes <= 0 || physicalBlockBytes <= 0) {
            throw new IllegalArgumentException("sector sizes must be > 0: logical "
                    + logicalBlockBytes + ", physical " + physicalBlockBytes);
        }
    }
}
