package io.github.drivespeed.spi;

/**
 * Size, sector sizes and read-only flag of a block device, as the kernel reports them through
 * ioctl(2) on the device node (linux/fs.h: BLKGETSIZE64, BLKSSZGET, BLKPBSZGET, BLKROGET; the
 * same figures as {@code blockdev --getsize64 --getss --getpbsz --getro}).
 *
 * @param sizeBytes the device's size in bytes (BLKGETSIZE64)
 * @param logicalBlockBytes the logical sector size in bytes, the smallest unit the device
 *     addresses (BLKSSZGET), usually 512 or 4096
 * @param physicalBlockBytes the physical sector size in bytes, the unit the device writes
 *     without a read-modify-write (BLKPBSZGET), usually 512 or 4096
 * @param readOnly whether the kernel refuses writes to it (BLKROGET): a write-protect switch, a
 *     read-only loop device ({@code losetup -r}), {@code blockdev --setro}; false when the
 *     backend could not tell (the engine also reads sysfs {@code ro})
 * @since 0.1.0
 */
public record BlockDeviceGeometry(long sizeBytes, int logicalBlockBytes, int physicalBlockBytes,
        boolean readOnly) {

    /**
     * Checks that the size is not negative and the sector sizes are positive.
     *
     * @param sizeBytes the device's size in bytes (BLKGETSIZE64)
     * @param logicalBlockBytes the logical sector size in bytes, the smallest unit the device
     *     addresses (BLKSSZGET), usually 512 or 4096
     * @param physicalBlockBytes the physical sector size in bytes, the unit the device writes
     *     without a read-modify-write (BLKPBSZGET), usually 512 or 4096
     * @param readOnly whether the kernel refuses writes to it (BLKROGET)
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

    /**
     * A geometry whose read-only flag was not read (taken as writable; the engine also reads
     * sysfs {@code ro}).
     *
     * @param sizeBytes the device's size in bytes
     * @param logicalBlockBytes the logical sector size in bytes
     * @param physicalBlockBytes the physical sector size in bytes
     */
    public BlockDeviceGeometry(long sizeBytes, int logicalBlockBytes, int physicalBlockBytes) {
        this(sizeBytes, logicalBlockBytes, physicalBlockBytes, false);
    }
}
