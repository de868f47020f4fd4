package io.github.drivespeed.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code testbed/throttled-disk} for a test: {@code up} on a directory of the test, children run
 * through {@code run}, and {@code down} on close, always. Skips (or fails under CI as root) where
 * the testbed reports itself unavailable (exit code 77).
 */
public final class ThrottledDisk implements AutoCloseable {

    private final Path script;
    private final Path mountDir;
    private final Map<String, String> info;

    private ThrottledDisk(Path script, Path mountDir, Map<String, String> info) {
        this.script = script;
        this.mountDir = mountDir;
        this.info = info;
    }

    /** @return {@code testbed/throttled-disk} of this repository */
    public static Path script() {
        return Testbeds.script("throttled-disk");
    }

    /**
     * @param parent a directory of the test; the mount point and image go there
     * @param writeBps write cap, bytes per second
     * @param readBps read cap, bytes per second
     * @return the testbed, to close
     */
    public static ThrottledDisk up(Path parent, long writeBps, long readBps)
            throws IOException, InterruptedException {
        Privileged.requireRoot();
        Path script = script();
        Path mountDir = parent.resolve("throttled");
        Result r = exec(List.of(script.toString(), "up", mountDir.toString(), "--size", "256M",
                "--write-bps", Long.toString(writeBps), "--read-bps", Long.toString(readBps)));
        if (r.exitCode() == 77) {
            Privileged.require(false, "throttled-disk: " + r.output());
        }
        if (r.exitCode() != 0) {
            throw new IOException("throttled-disk up failed (" + r.exitCode() + "): " + r.output());
        }
        return new ThrottledDisk(script, mountDir, keyValues(r.output()));
    }

    /**
     * {@link #up} in a new temporary directory, which {@link #closeAndRemove()} removes: under
     * {@code /dev/shm} where that is a writable directory, so that the loop device's image lives
     * in memory and the cap is the only limit on the medium (with the image on the disk of
     * {@code /tmp}, another writer on that disk held a figure 6 % below its cap),
     * else in {@code java.io.tmpdir}.
     *
     * @param prefix of the temporary directory's name
     * @param writeBps write cap, bytes per second
     * @param readBps read cap, bytes per second
     * @return the testbed
     */
    public static ThrottledDisk upInNewDirectory(String prefix, long writeBps, long readBps)
            throws IOException, InterruptedException {
        Path memory = Mounts.memoryOr(null);
        Path parent = memory != null ? Files.createTempDirectory(memory, prefix)
                : Files.createTempDirectory(prefix);
        try {
            return up(parent, writeBps, readBps);
        } catch (IOException | InterruptedException | RuntimeException | Error e) {
            Files.deleteIfExists(parent);
            throw e;
        }
    }

    /** Takes the testbed down, then removes the directory it was set up in and its files. */
    public void closeAndRemove() throws IOException {
        Path parent = mountDir.getParent();
        try {
            close();
        } finally {
            try (var s = Files.list(parent)) {
                s.forEach(p -> p.toFile().delete());
            }
            Files.deleteIfExists(parent);
        }
    }

    /** @return the mounted directory */
    public Path mountDir() {
        return mountDir;
    }

    /** @return the loop device, for example {@code /dev/loop3} */
    public Path device() {
        return Path.of(info.get("DEVICE"));
    }

    /**
     * Runs {@code main} through {@code throttled-disk run} with this test's class path; fails
     * unless it exits 0.
     *
     * @param main the class whose {@code main} runs in the child
     * @param args the child's arguments
     * @return its {@code key=value} lines, and its whole output under {@code output}
     * @throws IOException if it fails (with its output)
     */
    public Map<String, String> runMain(Class<?> main, String... args)
            throws IOException, InterruptedException {
        Map<String, String> values = runMainExit(main, args);
        if (!"0".equals(values.get("exitCode"))) {
            throw new IOException("child " + List.of(args) + " exited " + values.get("exitCode")
                    + ": " + values.get("output"));
        }
        return values;
    }

    /**
     * Runs {@code main} as {@link #runMain} does, whatever its exit code.
     *
     * @param main the class whose {@code main} runs in the child
     * @param args the child's arguments
     * @return its {@code key=value} lines, its whole output under {@code output} and its exit
     *     code under {@code exitCode}
     */
    public Map<String, String> runMainExit(Class<?> main, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(script.toString(), "run",
                mountDir.toString(), "--",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(List.of(args));
        // The loop device keeps what it was written as dirty pages of its image file, and the
        // next fdatasync on it writes all of them to the disk below: flush what earlier children
        // left, so that a timed write pass pays only for its own data.
        Result synced = exec(List.of("sync"));
        if (synced.exitCode() != 0) {
            throw new IOException("sync failed: " + synced.output());
        }
        Result r = exec(command);
        Map<String, String> values = keyValues(r.output());
        values.put("output", r.output());
        values.put("exitCode", Integer.toString(r.exitCode()));
        return values;
    }

    @Override
    public void close() throws IOException {
        Result r;
        try {
            r = exec(List.of(script.toString(), "down", mountDir.toString()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while taking the testbed down", e);
        }
        if (r.exitCode() != 0) {
            throw new IOException("throttled-disk down failed: " + r.output());
        }
    }

    private record Result(int exitCode, String output) { }

    private static Result exec(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IOException("timed out: " + command);
        }
        return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }

    private static Map<String, String> keyValues(String output) {
        Map<String, String> values = new HashMap<>();
        for (String line : output.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0 && line.substring(0, eq).matches("[A-Za-z_.]+")) {
                values.put(line.substring(0, eq), line.substring(eq + 1).trim());
            }
        }
        return values;
    }
}
