package io.github.drivespeed.internal.measure;

import io.github.drivespeed.internal.io.IoFailures;
import io.github.drivespeed.internal.probe.FuseBackingDevice;
import io.github.drivespeed.report.CacheHandling;
import io.github.drivespeed.spi.Capability;
import io.github.drivespeed.spi.FileHandle;
import io.github.drivespeed.spi.BlockDeviceRequest;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.target.TargetInfo;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Keeps the page cache out of a buffered read pass, and says what was done. */
public final class CacheEviction {

    private static final Logger LOG = LoggerFactory.getLogger(CacheEviction.class);
    private static final FuseBackingDevice FUSE_DEVICES = new FuseBackingDevice(Path.of("/proc"));

    private CacheEviction() {
    }

    /**
     * Before a buffered read: when opted in, drops the machine's clean caches (sync,
     * drop_caches); then evicts the file's pages (fdatasync, posix_fadvise DONTNEED; BLKFLSBUF for
     * a device) and checks that none is left, where the backend can.
     *
     * @param io the backend
     * @param file the file or device about to be read
     * @param dropCaches whether the caller opted in to drop_caches (checked to be possible)
     * @param name the file, for messages
     * @param what the pass, for messages
     * @param passBytes bytes the pass is to read, for messages
     * @return {@link CacheHandling#EVICTED} when the backend found no page left,
     *     {@link CacheHandling#CACHES_DROPPED} after drop_caches (unless the backend found pages
     *     left even then), else {@link CacheHandling#NOT_EVICTED}
     * @throws IOException if eviction or drop_caches failed
     */
    public static CacheHandling beforeBufferedRead(IoBackend io, FileHandle file, boolean dropCaches,
            Path name, String what, long passBytes) throws IOException {
        try {
            if (dropCaches) {
                file.dataSync();
                io.dropCaches();
            }
            boolean evicted = file.evictPages();
            if (evicted) {
                return dropCaches ? CacheHandling.CACHES_DROPPED : CacheHandling.EVICTED;
            }
            // Pages left after drop_caches on a backend that can check: tmpfs, or mapped pages.
            return dropCaches && !io.capabilities().contains(Capability.EVICT_FILE_PAGES)
                    ? CacheHandling.CACHES_DROPPED : CacheHandling.NOT_EVICTED;
        } catch (IOException e) {
            throw IoFailures.map(e, name, dropCaches ? "drop caches" : "evict pages", -1, what,
                    0, passBytes);
        }
    }

    /**
     * Before a read through a FUSE file system: drops the page cache of the block device its
     * daemon reads (exfat-fuse, ntfs-3g and fusefat read and write their device through it, so a
     * read-back through the mount would otherwise be served what was just written, from memory).
     * Opens the device read-only, then fsync(2) (the daemon's dirty pages reach the device),
     * ioctl BLKFLSBUF where permitted, posix_fadvise(2) POSIX_FADV_DONTNEED, and a residency
     * check ({@link FileHandle#evictPages()}).
     *
     * @param io the backend
     * @param target the probed target
     * @param what the pass, for the log
     * @return empty when the target is not FUSE; {@link CacheHandling#FUSE_DEVICE_EVICTED} when
     *     no page of the device was left; {@link CacheHandling#FUSE_NO_LOCAL_DEVICE} when its
     *     daemon holds no block device (sshfs, a FUSE file system over files);
     *     {@link CacheHandling#FUSE_DEVICE_CACHED} when the device was not found otherwise (a
     *     daemon whose descriptors this process may not read), could not be opened, or kept pages
     */
    public static Optional<CacheHandling> beforeFuseRead(IoBackend io, TargetInfo target,
            String what) {
        if (!FuseBackingDevice.isFuse(target.fileSystemType())) {
            return Optional.empty();
        }
        Optional<Path> device = FUSE_DEVICES.of(target);
        if (device.isEmpty()) {
            boolean none = FUSE_DEVICES.holdsNoBlockDevice(target);
            LOG.info("{}: {} under the {} mount {}: its page cache cannot be dropped", what,
                    none ? "its daemon holds no block device (a network or file-backed FUSE file"
                    + " system)" : "no block device found", target.fileSystemType(),
                    target.directory());
            return Optional.of(none ? CacheHandling.FUSE_NO_LOCAL_DEVICE
                    : CacheHandling.FUSE_DEVICE_CACHED);
        }
        try (FileHandle dev = io.openBlockDevice(new BlockDeviceRequest(device.get(), false,
                false))) {
            boolean evicted = dev.evictPages();
            LOG.debug("{}: page cache of {} under the FUSE mount dropped: {}", what, device.get(),
                    evicted);
            return Optional.of(evicted ? CacheHandling.FUSE_DEVICE_EVICTED
                    : CacheHandling.FUSE_DEVICE_CACHED);
        } catch (IOException | UnsupportedOperationException e) {
            LOG.info("{}: the page cache of {} under the FUSE mount could not be dropped: {}",
                    what, device.get(), e.toString());
            return Optional.of(CacheHandling.FUSE_DEVICE_CACHED);
        }
    }
}
