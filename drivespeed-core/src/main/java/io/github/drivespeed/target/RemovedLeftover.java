package io.github.drivespeed.target;

import io.github.drivespeed.unit.DataSize;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A test file that an earlier run left behind and this measurement removed before it started:
 * named {@code drivespeed-PID-NONCE.tmp}, its process gone and no process holding its lock (a run
 * killed with SIGKILL, or a machine that lost power, cannot remove its own file).
 *
 * @param path where it was, absolute
 * @param bytes its size when it was removed, in bytes ({@code st_size}); -1 where it could not be
 *     read
 * @since 0.1.0
 */
public record RemovedLeftover(Path path, long bytes) {

    /**
     * Checks the path.
     *
     * @param path where it was
     * @param bytes its size in bytes, or -1
     */
    public RemovedLeftover {
        Objects.requireNonNull(path, "path");
    }

    /** {@return {@code /mnt/drivespeed-4242-0123456789abcdef.tmp (256 MiB)}} */
    @Override
    public String toString() {
        return path + (bytes < 0 ? " (size unknown)" : " (" + DataSize.ofBytes(bytes) + ")");
    }
}
