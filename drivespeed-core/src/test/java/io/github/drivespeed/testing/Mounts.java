package io.github.drivespeed.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Small file systems mounted for a test and always unmounted afterwards (root only). */
public final class Mounts {

    private Mounts() {
    }

    /** A mount that is undone on close. */
    public static final class Mount implements AutoCloseable {
        private final Path dir;

        Mount(Path dir) {
            this.dir = dir;
        }

        /** @return the mount point */
        public Path dir() {
            return dir;
        }

        @Override
        public void close() throws IOException {
            Result r = exec("umount", dir.toString());
            if (r.exitCode() != 0) {
                exec("umount", "-l", dir.toString());
            }
            Files.deleteIfExists(dir);
        }
    }

    /** The outcome of a command. */
    public record Result(int exitCode, String output) { }

    /**
     * Mounts a file system of {@code type} on a new directory under {@code parent}.
     *
     * @param parent where to create the mount point
     * @param type for example {@code tmpfs} or {@code ramfs}
     * @param options mount options, for example {@code size=16m}
     * @return the mount, to close
     * @throws IOException if mounting failed
     */
    public static Mount mount(Path parent, String type, String options) throws IOException {
        Path dir = Files.createTempDirectory(parent, type + "-");
        Result r = exec("mount", "-t", type, "-o", options, type, dir.toString());
        if (r.exitCode() != 0) {
            Files.deleteIfExists(dir);
            throw new IOException("mount -t " + type + " failed: " + r.output());
        }
        return new Mount(dir);
    }

    /**
     * Runs a command and waits for it (at most 2 minutes).
     *
     * @param command the command and its arguments
     * @return its exit code and combined output
     * @throws IOException if it cannot be started or times out
     */
    public static Result exec(String... command) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(command));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try {
            if (!p.waitFor(2, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IOException("timed out: " + cmd);
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted: " + cmd, e);
        }
        return new Result(p.exitValue(),
                new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim());
    }
}
