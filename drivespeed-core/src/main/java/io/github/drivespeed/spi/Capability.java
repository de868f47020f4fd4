package io.github.drivespeed.spi;

/**
 * Something a backend can do beyond plain positional reads and writes.
 *
 * @since 0.1.0
 */
public enum Capability {
    /** Opens files with O_DIRECT, bypassing the page cache. */
    DIRECT_IO,
    /** Opens files with O_DSYNC, each write returning once its data is on stable storage. */
    DSYNC,
    /** Creates the test file with no name (O_TMPFILE), so nothing can be left behind. */
    ANONYMOUS_TEST_FILE,
    /** Drops a file's pages from the page cache (posix_fadvise POSIX_FADV_DONTNEED). */
    EVICT_FILE_PAGES,
    /**
     * Drops the whole machine's clean caches with {@link IoBackend#dropCaches()} (sync, then
     * /proc/sys/vm/drop_caches); reported only where the process may do it (root).
     */
    DROP_CACHES,
    /**
     * Reads a block device's size and sector sizes with {@link IoBackend#blockDeviceGeometry}
     * (ioctl BLKGETSIZE64, BLKSSZGET, BLKPBSZGET).
     */
    DEVICE_SIZE,
    /**
     * Keeps several I/Os of one file in flight from one thread: {@link IoBackend#queueEngines()}
     * lists an engine that works here, and {@link FileHandle#openQueue(String, int)} returns a
     * real asynchronous {@link IoQueue} for it (Linux AIO: io_submit(2), io_getevents(2);
     * io_uring: io_uring_enter(2)). Without it, a queue depth above 1 is run as that many
     * synchronous threads, and reports say so.
     */
    ASYNC_IO,
    /**
     * Opens a block device for reading with {@link IoBackend#openBlockDevice} (O_RDONLY, with or
     * without O_DIRECT).
     */
    BLOCK_DEVICE_READ,
    /**
     * Opens a block device for writing with {@link IoBackend#openBlockDevice}, exclusively
     * (open(2) O_RDWR|O_EXCL: the kernel refuses a mounted or otherwise claimed device).
     */
    BLOCK_DEVICE_WRITE
}
