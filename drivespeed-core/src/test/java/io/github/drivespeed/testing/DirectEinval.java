package io.github.drivespeed.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code testbed/direct-einval} for a test: a FUSE file system that accepts O_DIRECT at open and
 * fails each read and write of such a file with EINVAL; {@code up} on a directory of the test,
 * {@code down} on close, always. Skips (or fails under CI as root) where the test bed reports
 * itself unavailable (exit code 77).
 */
public final class DirectEinval implements AutoCloseable {

    private final Path script;
    private final Path mountDir;

    private DirectEinval(Path script, Path mountDir) {
        this.script = script;
        this.mountDir = mountDir;
    }

    /**
     * @param parent a directory of the test; the mount point and the backing directory go there
     * @param allowFiles how many files opened with O_DIRECT may transfer before the refusals start
     * @return the mounted test bed, to close
     * @throws IOException if {@code up} failed
     */
    public static DirectEinval up(Path parent, int allowFiles) throws IOException {
        Privileged.requireRoot();
        Path script = ThrottledDisk.script().resolveSibling("direct-einval");
        Path mountDir = parent.resolve("direct-einval");
        Mounts.Result r = Mounts.exec(script.toString(), "up", mountDir.toString(),
                "--allow-files", Integer.toString(allowFiles));
        if (r.exitCode() == 77) {
            Privileged.require(false, "direct-einval: " + r.output());
        }
        if (r.exitCode() != 0) {
            throw new IOException("direct-einval up failed (" + r.exitCode() + "): " + r.output());
        }
        return new DirectEinval(script, mountDir);
    }

    /** @return the mounted directory */
    public Path mountDir() {
        return mountDir;
    }

    /** Unmounts, stops the daemon and removes what {@code up} made. */
    @Override
    public void close() throws IOException {
        Mounts.Result r = Mounts.exec(script.toString(), "down", mountDir.toString());
        if (r.exitCode() != 0 || Files.exists(mountDir)) {
            throw new IOException("direct-einval down failed (" + r.exitCode() + "): "
                    + r.output());
        }
    }
}
