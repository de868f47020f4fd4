package io.github.drivespeed.report;

import io.github.drivespeed.internal.figures.SizeText;
import io.github.drivespeed.unit.DataSize;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * What the block device under the target actually moved during one timed pass: the difference of
 * its kernel I/O counters ({@code /sys/class/block/<name>/stat}, {@code Documentation/block/stat.rst})
 * read just before and just after the pass. An independent check of a figure: a read said to come
 * from the drive that moved far fewer bytes at the device than it read was served from a cache,
 * and the average request size tells why the same block size can run at different speeds (the
 * block layer splits and merges I/O into requests; {@code iostat}'s {@code rareq-sz} and
 * {@code wareq-sz} are the same figure).
 *
 * <p>Limits: the counters are the device's, not the process's, so other I/O on the same device at
 * the same time adds to them (never subtracts); file-system metadata and journal writes count too;
 * for a device-mapper or md device the "requests" are the bios it received. File systems without a
 * block device of this machine (tmpfs, ramfs, NFS, FUSE, overlay) have no counters and no
 * {@code DeviceIo}.
 *
 * @param deviceName the kernel names of the devices counted, for example {@code vda}, {@code sda1},
 *     {@code loop3}, or several joined by {@code +} (the devices of a multi-device btrfs)
 * @param readBytes bytes read from the device (sectors read x 512)
 * @param readRequests read requests completed
 * @param writeBytes bytes written to the device (sectors written x 512)
 * @param writeRequests write requests completed
 * @param activity the device's other counters over the same pass (merges, ticks, busy time);
 *     empty where they were not read
 * @param flushes the FLUSH requests of each disk at the bottom of the chain over the same pass
 *     ({@link DiskFlushes}); empty where not read
 * @since 0.1.0
 */
public record DeviceIo(String deviceName, long readBytes, long readRequests, long writeBytes,
        long writeRequests, Optional<DeviceActivity> activity, List<DiskFlushes> flushes) {

    /**
     * Checks the values.
     *
     * @param deviceName the kernel names of the devices counted
     * @param readBytes bytes read from the device (sectors read x 512)
     * @param readRequests read requests completed
     * @param writeBytes bytes written to the device (sectors written x 512)
     * @param writeRequests write requests completed
     * @param activity the device's other counters, or empty
     * @param flushes the bottom disks' FLUSH requests, or empty
     * @throws IllegalArgumentException if a count is negative
     */
    public DeviceIo {
        Objects.requireNonNull(deviceName, "deviceName");
        Objects.requireNonNull(activity, "activity");
        flushes = List.copyOf(flushes);
        if (readBytes < 0 || readRequests < 0 || writeBytes < 0 || writeRequests < 0) {
            throw new IllegalArgumentException("device counters must be >= 0: read " + readBytes
                    + " B in " + readRequests + ", write " + writeBytes + " B in "
                    + writeRequests);
        }
    }

    /**
     * {@return the disks that took writes without being asked to make them durable
     * ({@link DiskFlushes#flushNotSent}), in chain order; empty where none, or not read}
     *
     * @param dsync whether the pass's writes were O_DSYNC
     */
    public List<DiskFlushes> unflushed(boolean dsync) {
        return flushes.stream().filter(f -> f.flushNotSent(dsync)).toList();
    }

    /**
     * {@return bytes the device moved in the pass's direction (reads for a read or cached-read
     * pass, writes for a write pass)}
     *
     * @param kind the pass
     */
    public long bytes(PassKind kind) {
        return kind == PassKind.WRITE ? writeBytes : readBytes;
    }

    /**
     * {@return requests the device completed in the pass's direction}
     *
     * @param kind the pass
     */
    public long requests(PassKind kind) {
        return kind == PassKind.WRITE ? writeRequests : readRequests;
    }

    /**
     * {@return bytes per request in the pass's direction; NaN when there was no request}
     *
     * @param kind the pass
     */
    public double averageRequestBytes(PassKind kind) {
        long n = requests(kind);
        return n == 0 ? Double.NaN : (double) bytes(kind) / n;
    }

    /**
     * The share of {@code passBytes} that the device moved in the pass's direction.
     *
     * @param kind the pass
     * @param passBytes bytes the pass transferred
     * @return device bytes / pass bytes; NaN when the pass moved nothing
     */
    public double coverage(PassKind kind, long passBytes) {
        return passBytes == 0 ? Double.NaN : (double) bytes(kind) / passBytes;
    }

    /**
     * One line for a pass, for example {@code vda read 268.4 MB in 64 requests (avg 4096 KiB)}.
     *
     * @param kind the pass
     * @return the line
     */
    public String describe(PassKind kind) {
        String direction = kind == PassKind.WRITE ? "wrote" : "read";
        long n = requests(kind);
        return String.format(Locale.ROOT, "%s %s %s in %d request%s%s", deviceName, direction,
                formatBytes(bytes(kind)), n, n == 1 ? "" : "s",
                n == 0 ? "" : String.format(Locale.ROOT, " (avg %.0f KiB)",
                        averageRequestBytes(kind) / 1024));
    }

    /**
     * @param bytes a byte count
     * @return it in MB (10^6 bytes) with one decimal, and in MiB, for example
     *     {@code 268.4 MB (256.0 MiB)}
     */
    static String formatBytes(long bytes) {
        return SizeText.megabytes(bytes);
    }

    /** For example {@code vda: read 256 MiB in 64 requests, wrote 1 MiB in 1 request}. */
    @Override
    public String toString() {
        return deviceName + ": read " + DataSize.ofBytes(readBytes) + " in "
                + requestCount(readRequests) + ", wrote " + DataSize.ofBytes(writeBytes) + " in "
                + requestCount(writeRequests);
    }

    private static String requestCount(long n) {
        return n + (n == 1 ? " request" : " requests");
    }
}
