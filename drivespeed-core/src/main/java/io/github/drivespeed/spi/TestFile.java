package io.github.drivespeed.spi;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A new file created for one measured run, open for reading and writing. It belongs to the
 * engine: {@link #close()} closes and removes it. Reads, writes, syncs and eviction are those of
 * every {@link FileHandle}.
 */
public interface TestFile extends FileHandle {

    /** {@return the file's path, or empty when it has no name (O_TMPFILE)} */
    Optional<Path> path();

    /**
     * Closes the file and removes it. Idempotent; the file is removed even if closing failed.
     *
     * @throws IOException if closing or removing failed
     */
    @Override
    void close() throws IOException;
}
