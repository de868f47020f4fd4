package io.github.drivespeed.report;

import io.github.drivespeed.target.BlockDevice.WriteCache;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Whether durability was asked of one disk at the bottom of the target's device chain during a
 * write pass ({@link io.github.drivespeed.warning.Warning#FLUSH_NOT_SENT}): the FLUSH requests it
 * completed, the bytes written to it and the write-cache mode the kernel keeps for it. A flush is
 * counted where it reaches the medium: partitions, device-mapper and md devices pass theirs down,
 * and the kernel counts it on the whole disk ({@code /sys/block/<disk>/stat} field 16, Linux 5.5
 * and later, {@code Documentation/block/stat.rst}), only for a request-based (blk-mq) disk; a
 * bio-based one (zram, brd) leaves the field at 0, so its count is not read. The block layer sends
 * no FLUSH to a {@code write through} device ({@code Documentation/block/writeback_cache_control.rst});
 * a write-back device that completed none during a pass ending in fdatasync was not asked either
 * (ext4 {@code nobarrier}); an O_DSYNC write to a device with FUA asks with the write itself.
 *
 * @param deviceName the disk's kernel name, for example {@code sda} or {@code loop3}
 * @param writeCache the kernel's view of its write cache when the pass ended; empty where not read
 * @param fua whether it takes FUA writes; empty where not read
 * @param writeBytes bytes written to it during the pass (sectors written x 512)
 * @param flushRequests FLUSH requests it completed during the pass; empty where not counted
 * @since 0.1.0
 */
public record DiskFlushes(String deviceName, Optional<WriteCache> writeCache, Optional<Boolean> fua,
        long writeBytes, OptionalLong flushRequests) {

    /**
     * Checks the values.
     *
     * @param deviceName the disk's kernel name
     * @param writeCache its write-cache mode, or empty
     * @param fua whether it takes FUA writes, or empty
     * @param writeBytes bytes written to it
     * @param flushRequests FLUSH requests it completed, or empty
     * @throws IllegalArgumentException if a count is negative
     */
    public DiskFlushes {
        Objects.requireNonNull(deviceName, "deviceName");
        Objects.requireNonNull(writeCache, "writeCache");
        Objects.requireNonNull(fua, "fua");
        Objects.requireNonNull(flushRequests, "flushRequests");
        if (writeBytes < 0 || flushRequests.orElse(0) < 0) {
            throw new IllegalArgumentException("disk counters must be >= 0: wrote " + writeBytes
                    + " B, flushes " + flushRequests);
        }
    }

    /**
     * Whether the disk took writes during a pass that asked for durability (its fdatasync, or
     * O_DSYNC) without being asked: it wrote, and its write cache is {@code write through}, or it
     * completed no FLUSH (but for O_DSYNC writes to a write-back disk with FUA).
     *
     * @param dsync whether the pass's writes were O_DSYNC
     * @return true when the disk was not asked to make the pass's writes durable
     */
    public boolean flushNotSent(boolean dsync) {
        boolean writeThrough = writeCache.filter(w -> w == WriteCache.WRITE_THROUGH).isPresent();
        boolean askedByFua = dsync && fua.orElse(false);
        return writeBytes > 0 && (writeThrough
                || flushRequests.isPresent() && flushRequests.getAsLong() == 0 && !askedByFua);
    }

    /** For example {@code loop3 (write cache write through) completed 0 flush requests ...}. */
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s (write cache %s) completed %s flush requests while"
                + " it wrote %s", deviceName, writeCache.map(WriteCache::sysfsText).orElse("unknown"),
                flushRequests.isPresent() ? flushRequests.getAsLong() : "uncounted",
                DeviceIo.formatBytes(writeBytes));
    }
}
