package io.github.drivespeed.internal.measure;

import io.github.drivespeed.internal.io.IoFailures;
import io.github.drivespeed.report.CacheHandling;
import io.github.drivespeed.spi.Capability;
import io.github.drivespeed.spi.FileHandle;
import io.github.drivespeed.spi.IoBackend;
import java.io.IOException;
import java.nio.file.Path;

/** Keeps the page cache out of a buffered read pass, and says what was done. */
public final class CacheEviction {

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
}
