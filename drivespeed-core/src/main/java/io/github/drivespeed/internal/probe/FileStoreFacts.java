package io.github.drivespeed.internal.probe;

import java.io.IOException;
import java.nio.file.FileStore;
import java.util.Objects;

/**
 * What {@link FileStore} says about a file system: the fallback type and source where the mount
 * table cannot be read, and its size, which only {@code statvfs(3)} knows.
 *
 * @param type the file-system type ({@link FileStore#type()})
 * @param name what it was mounted from ({@link FileStore#name()})
 * @param blockSizeBytes {@code f_frsize}, 0 when unknown
 * @param totalBytes the size, 0 when the file system reports none
 * @param usableBytes bytes this process could write
 */
public record FileStoreFacts(String type, String name, long blockSizeBytes, long totalBytes,
        long usableBytes) {

    /** Checks that no field is null. */
    public FileStoreFacts {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(name, "name");
    }

    /**
     * {@return the file store's type, name, block size and total and usable space, in bytes}
     *
     * @param store a file store
     * @throws IOException if its sizes cannot be read
     */
    public static FileStoreFacts of(FileStore store) throws IOException {
        long blockSize;
        try {
            blockSize = store.getBlockSize();
        } catch (UnsupportedOperationException e) {
            blockSize = 0;
        }
        return new FileStoreFacts(store.type(), store.name(), blockSize, store.getTotalSpace(),
                store.getUsableSpace());
    }
}
