package io.github.drivespeed.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code testbed/cgroup-limits} for a test: a directory whose writer is held by a cgroup of the
 * bed's own, an I/O cap on its loop device or a memory limit over a private tmpfs; children run
 * through {@code run} (never the test JVM itself), and {@code down} on close, always. Skips (or
 * fails under CI as root) where the bed reports itself unavailable (exit code 77).
 */
public final class CgroupLimitsBed extends MountedTestbed {

    private CgroupLimitsBed(Path mountDir, List<String> options)
            throws IOException, InterruptedException {
        super("cgroup-limits", mountDir, options);
    }

    /**
     * Sets the bed up in a new temporary directory ({@link MountedTestbed#newParent}), which
     * {@link #closeAndRemove()} removes.
     *
     * @param prefix of the temporary directory's name
     * @param options the options of {@code cgroup-limits up}, for example {@code --write-bps
     *     8388608}
     * @return the bed
     */
    public static CgroupLimitsBed upInNewDirectory(String prefix, String... options)
            throws IOException, InterruptedException {
        Path parent = newParent(prefix);
        try {
            return new CgroupLimitsBed(parent.resolve("limited"), List.of(options));
        } catch (IOException | InterruptedException | RuntimeException | Error e) {
            Files.deleteIfExists(parent);
            throw e;
        }
    }
}
