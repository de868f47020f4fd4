package io.github.drivespeed.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code testbed/sshfs-loopback} for a test: an sshfs mount, as root, of a directory of this
 * machine through an sshd of the test bed's own on 127.0.0.1 (its own keys and configuration;
 * the machine's ssh set-up is not touched); {@code up} on a directory of the test, {@code down} on
 * close, always. Skips (or fails under CI as root) where the test bed reports itself unavailable
 * (exit code 77: not root, no sshfs or sshd).
 */
public final class SshfsLoopback implements AutoCloseable {

    private final Path script;
    private final Path mountDir;

    private SshfsLoopback(Path script, Path mountDir) {
        this.script = script;
        this.mountDir = mountDir;
    }

    /**
     * @param parent a directory of the test; the mount point and the bed's state go there
     * @return the mounted test bed, to close
     * @throws IOException if {@code up} failed
     */
    public static SshfsLoopback up(Path parent) throws IOException {
        Privileged.requireRoot();
        Path script = Testbeds.script("sshfs-loopback");
        Path mountDir = parent.resolve("sshfs");
        Mounts.Result r = Mounts.exec(script.toString(), "up", mountDir.toString());
        if (r.exitCode() != 0) {
            Mounts.exec(script.toString(), "down", mountDir.toString());
        }
        if (r.exitCode() == 77) {
            Privileged.require(false, "sshfs-loopback: " + r.output());
        }
        if (r.exitCode() != 0) {
            throw new IOException("sshfs-loopback up failed (" + r.exitCode() + "): "
                    + r.output());
        }
        return new SshfsLoopback(script, mountDir);
    }

    /** @return the mounted directory (type {@code fuse.sshfs}) */
    public Path mountDir() {
        return mountDir;
    }

    /** Unmounts, stops the test bed's sshd and removes what {@code up} made. */
    @Override
    public void close() throws IOException {
        Mounts.Result r = Mounts.exec(script.toString(), "down", mountDir.toString());
        if (r.exitCode() != 0 || Files.exists(mountDir)) {
            throw new IOException("sshfs-loopback down failed (" + r.exitCode() + "): "
                    + r.output());
        }
    }
}
