package io.github.drivespeed.nativeio;

import io.github.drivespeed.testing.Privileged;
import io.github.drivespeed.testing.Testbeds;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
final class ThrottledDisk implements AutoCloseable {

    private final Path script;
    private final Path mountDir;
    private final Map<String, String> info;

    private ThrottledDisk(Path script, Path mountDir, Map<String, String> info) {
        this.script = script;
        this.mountDir = mountDir;
        this.info = info;
    }

    /** @return {@code testbed/throttled-disk} of this repository */
    static Path script() {
        return Testbeds.script("throttled-disk");
    }

    /**
     * @param parent a directory of the test; the mount point and image go there
     * @param writeBps write cap, bytes per second
     * @param readBps read cap, bytes per second
     * @return the testbed, to close
     */
    static ThrottledDisk up(Path parent, long writeBps, long readBps)
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

    /** @return the mounted directory */
    Path mountDir() {
        return mountDir;
    }

    /** @return the loop device, for example {@code /dev/loop3} */
    Path device() {
        return Path.of(info.get("DEVICE"));
    }

    /**
     * Runs {@link ThrottledChild} through {@code throttled-disk run} with this test's class path.
     *
     * @param args the child's arguments
     * @return its {@code key=value} lines, and its whole output under {@code output}
     * @throws IOException if it fails (with its output)
     */
    Map<String, String> runChild(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(script.toString(), "run",
                mountDir.toString(), "--",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), ThrottledChild.class.getName()));
        command.addAll(List.of(args));
        // The loop device keeps what it was written as dirty pages of its image file, and the
        // next fdatasync on it writes all of them to the disk below: flush what earlier children
        // left, so that a timed write pass pays only for its own data.
        Result synced = exec(List.of("sync"));
        if (synced.exitCode() != 0) {
            throw new IOException("sync failed: " + synced.output());
        }
        Result r = exec(command);
        if (r.exitCode() != 0) {
            throw new IOException("child " + List.of(args) + " exited " + r.exitCode() + ": "
                    + r.output());
        }
        Map<String, String> values = keyValues(r.output());
        values.put("output", r.output());
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
