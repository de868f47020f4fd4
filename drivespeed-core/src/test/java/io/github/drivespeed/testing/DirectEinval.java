package io.github.drivespeed.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code testbed/direct-einval} for a test: a FUSE file system that accepts O_DIRECT at open and
 * fails each read and write of such a file (or only its reads, or only its writes) with EINVAL,
 * or whose directories cannot be listed ({@link #unlistable});
 * {@code up} on a directory of the test,
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
        return up(parent, allowFiles, "both");
    }

    /**
     * @param parent a directory of the test; the mount point and the backing directory go there
     * @param allowFiles how many files opened with O_DIRECT may transfer before the refusals start
     * @param refuse {@code read}, {@code write} or {@code both}: which transfers are refused
     * @return the mounted test bed, to close
     * @throws IOException if {@code up} failed
     */
    public static DirectEinval up(Path parent, int allowFiles, String refuse) throws IOException {
        return up(parent, "--allow-files", Integer.toString(allowFiles), "--refuse", refuse);
    }

    /**
     * A file system whose directories open but cannot be listed, with EOVERFLOW (what a 32-bit
     * JVM meets on a file system with 64-bit directory offsets); O_DIRECT is not refused.
     *
     * @param parent a directory of the test; the mount point and the backing directory go there
     * @return the mounted test bed, to close
     * @throws IOException if {@code up} failed
     */
    public static DirectEinval unlistable(Path parent) throws IOException {
        return up(parent, "--refuse", "none", "--readdir", "EOVERFLOW");
    }

    private static DirectEinval up(Path parent, String... options) throws IOException {
        Privileged.requireRoot();
        Path script = ThrottledDisk.script().resolveSibling("direct-einval");
        Path mountDir = parent.resolve("direct-einval");
        String[] command = new String[options.length + 3];
        command[0] = script.toString();
        command[1] = "up";
        command[2] = mountDir.toString();
        System.arraycopy(options, 0, command, 3, options.length);
        Mounts.Result r = Mounts.exec(command);
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

    /**
     * @return the directory the file system passes through to, which can be listed
     * @throws IOException if the test bed cannot say
     */
    public Path backingDir() throws IOException {
        Mounts.Result r = Mounts.execOrThrow(script.toString(), "info", mountDir.toString());
        return r.output().lines().filter(l -> l.startsWith("BACKING=")).findFirst()
                .map(l -> Path.of(l.substring("BACKING=".length())))
                .orElseThrow(() -> new IOException("direct-einval info: " + r.output()));
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
