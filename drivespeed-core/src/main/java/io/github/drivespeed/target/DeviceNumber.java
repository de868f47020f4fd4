package io.github.drivespeed.target;

import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Linux device number, {@code major:minor}, as {@code stat(2)} reports it in {@code st_dev} and
 * {@code /proc/self/mountinfo} and {@code /sys/dev/block} name it ({@code 254:0}).
 *
 * @param major the major number (the driver: 8 for SCSI disks, 253 or 254 for device-mapper or
 *     virtio, 259 for extended partitions and NVMe, 0 for file systems without a block device)
 * @param minor the minor number (the device or partition of that driver)
 * @since 0.1.0
 */
public record DeviceNumber(long major, long minor) {

    private static final Pattern MAJOR_MINOR = Pattern.compile("(\\d{1,10}):(\\d{1,10})");

    /**
     * Checks the numbers.
     *
     * @param major the major number (the driver: 8 for SCSI disks, 253 or 254 for device-mapper or
     *     virtio, 259 for extended partitions and NVMe, 0 for file systems without a block device)
     * @param minor the minor number (the device or partition of that driver)
     * @throws IllegalArgumentException if either is negative or does not fit in 32 bits
     */
    public DeviceNumber {
        if (major < 0 || major > 0xffff_ffffL) {
            throw new IllegalArgumentException("major must be in [0, 2^32): " + major);
        }
        if (minor < 0 || minor > 0xffff_ffffL) {
            throw new IllegalArgumentException("minor must be in [0, 2^32): " + minor);
        }
    }

    /**
     * Decodes an {@code st_dev} value the way glibc's {@code major(3)} and {@code minor(3)} do
     * ({@code <sys/sysmacros.h>}): the major number is bits 8-19 of {@code st_dev} joined with
     * bits 44-63 shifted down by 32; the minor number is bits 0-7 joined with bits 20-43 shifted
     * down by 12.
     *
     * @param stDev the {@code st_dev} of a file, for example from
     *     {@code Files.getAttribute(path, "unix:dev")}
     * @return the device number
     */
    public static DeviceNumber fromStDev(long stDev) {
        long major = ((stDev & 0x0000_0000_000f_ff00L) >>> 8)
                | ((stDev & 0xffff_f000_0000_0000L) >>> 32);
        long minor = (stDev & 0x0000_0000_0000_00ffL)
                | ((stDev & 0x0000_0fff_fff0_0000L) >>> 12);
        return new DeviceNumber(major, minor);
    }

    /**
     * Parses {@code major:minor}, as in {@code /sys/block/sda/dev} or the third field of
     * {@code /proc/self/mountinfo}.
     *
     * @param text for example {@code 8:17}
     * @return the device number
     * @throws IllegalArgumentException if the text is not two decimal numbers below 2^32 joined
     *     by a colon
     */
    public static DeviceNumber parse(String text) {
        Objects.requireNonNull(text, "text");
        Matcher m = MAJOR_MINOR.matcher(text.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("device number must be major:minor: " + text);
        }
        try {
            return new DeviceNumber(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("device number must be major:minor: " + text, e);
        }
    }

    /** {@return {@code major:minor}, for example {@code 254:0}} */
    @Override
    public String toString() {
        return major + ":" + minor;
    }
}
