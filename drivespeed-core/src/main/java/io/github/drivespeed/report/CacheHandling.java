package io.github.drivespeed.report;

/**
 * How a pass dealt with the page cache: what was actually done, recorded per run so a figure says
 * whether it can include memory speed.
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
    NOT_RECORDED("not recorded", false);

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
