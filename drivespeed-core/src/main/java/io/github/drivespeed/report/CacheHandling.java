package io.github.drivespeed.report;

/**
 * How a pass dealt with the page cache: what was actually done, recorded per run so a figure says
 * whether it can include memory speed.
 *
 * @since 0.1.0
 */
public enum CacheHandling {
    /** O_DIRECT was asked for and honoured: the page cache was bypassed. */
    DIRECT_IO("O_DIRECT", false),
    /** A buffered write; the timed closing fdatasync puts the data on the drive. */
    BUFFERED_WRITE("buffered, fdatasync timed", false),
    /**
     * A buffered read after the file's (or device's) pages were dropped from the page cache with
     * posix_fadvise(2) POSIX_FADV_DONTNEED (and ioctl BLKFLSBUF for a block device, where
     * permitted), and a check found none left (cachestat(2) or mincore(2)).
     */
    EVICTED("buffered, after posix_fadvise DONTNEED (no page left)", false),
    /**
     * A buffered read after the whole machine's clean caches were dropped (sync, then
     * {@code /proc/sys/vm/drop_caches}); only when the caller opted in, as root.
     */
    CACHES_DROPPED("buffered, after drop_caches", false),
    /** A buffered read whose pages could not be evicted first: it may come from the page cache. */
    NOT_EVICTED("buffered, pages not evicted (may be served from the page cache)", true),
    /**
     * A read of a small region held in the page cache on purpose, as {@code hdparm -T} does: the
     * figure is the speed of the page cache and memory, never the drive's.
     */
    FROM_CACHE("from the page cache on purpose (memory speed, not the drive)", true),
    /** Not recorded (a sample made outside a measurement). */
    NOT_RECORDED("not recorded", false),
    /**
     * A read through a FUSE file system whose daemon reads its block device through that
     * device's page cache (exfat-fuse, ntfs-3g, fusefat), after the device's dirty pages were
     * written (fsync(2)) and its cached pages dropped (ioctl BLKFLSBUF where permitted,
     * posix_fadvise(2) POSIX_FADV_DONTNEED) and a check found none left: what the daemon reads
     * comes from the device. A daemon's own data cache, if it kept one, is out of reach.
     */
    FUSE_DEVICE_EVICTED("through FUSE, after the page cache of the device under it was dropped",
            false),
    /**
     * A read through a FUSE file system whose daemon reads its block device through a page cache
     * that could not be dropped (the device under the mount was not found, could not be opened,
     * or kept pages): what came back may be what was just written, from memory, so a read-back
     * check of it verifies nothing ({@link io.github.drivespeed.warning.Warning#READ_BACK_NOT_VERIFIED}).
     */
    FUSE_DEVICE_CACHED("through FUSE, whose device's page cache could not be dropped (may be"
            + " served from memory)", true),
    /**
     * A read through a FUSE file system with no block device of this machine under it: its daemon
     * holds none open (sshfs, whose data is on another machine; a FUSE file system over files or
     * a directory). Nothing of this machine's could be dropped to make the daemon read from a
     * medium: what came back may come from the daemon's cache, the server's page cache or the
     * backing file system's, so a read-back check of it verifies nothing
     * ({@link io.github.drivespeed.warning.Warning#READ_BACK_NOT_VERIFIED}); running as root does
     * not change that. The medium is where the data is stored: measure there.
     */
    FUSE_NO_LOCAL_DEVICE("through FUSE, with no block device of this machine under it (the"
            + " server's or the backing file system's caches may have served it)", true);

    private final String description;
    private final boolean mayIncludeCache;

    CacheHandling(String description, boolean mayIncludeCache) {
        this.description = description;
        this.mayIncludeCache = mayIncludeCache;
    }

    /** {@return what was done, for people, for example {@code O_DIRECT}} */
    public String description() {
        return description;
    }

    /** {@return whether a figure measured this way may include the page cache} */
    public boolean mayIncludeCache() {
        return mayIncludeCache;
    }

    @Override
    public String toString() {
        return description;
    }
}
