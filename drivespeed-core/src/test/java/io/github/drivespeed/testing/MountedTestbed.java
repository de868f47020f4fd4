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
 * A test bed of {@code testbed/} with the verbs {@code up DIR ...}, {@code run DIR -- COMMAND},
 * {@code down DIR}, and {@code KEY=VALUE} lines from {@code up}: set up on a directory of the
 * test, children run through {@code run}, and {@code down} on close, always. Skips (or fails under
 * CI as root) where the bed reports itself unavailable (exit code 77).
 */
public class MountedTestbed implements AutoCloseable {

    private final Path script;
    private final Path mountDir;
    private final Map<String, String> info;

    /**
     * Sets the bed up.
     *
     * @param name the bed, {@code testbed/NAME}
     * @param mountDir the directory it mounts
     * @param upOptions the options of its {@code up} verb
     * @throws IOException if {@code up} fails otherwise than by being unavailable
     */
    protected MountedTestbed(String name, Path mountDir, List<String> upOptions)
            throws IOException, InterruptedException {
        Privileged.requireRoot();
        this.script = Testbeds.script(name);
        this.mountDir = mountDir;
        List<String> command = new ArrayList<>(List.of(script.toString(), "up",
                mountDir.toString()));
        command.addAll(upOptions);
        Result r = exec(command);
        if (r.exitCode() == 77) {
            Privileged.require(false, name + ": " + r.output());
        }
        if (r.exitCode() != 0) {
            throw new IOException(name + " up failed (" + r.exitCode() + "): " + r.output());
        }
        this.info = keyValues(r.output());
    }

    /**
     * A new temporary directory for a bed: under {@code /dev/shm} where that is a writable
     * directory, so that a loop device's image lives in memory and the bed's limit is the only
     * limit on the medium (with the image on the disk of {@code /tmp}, another writer on that
     * disk held a throttled figure 6 % below its cap), else in {@code java.io.tmpdir}.
     *
     * @param prefix of the directory's name
     * @return the directory
     */
    protected static Path newParent(String prefix) throws IOException {
        Path memory = Mounts.memoryOr(null);
        return memory != null ? Files.createTempDirectory(memory, prefix)
                : Files.createTempDirectory(prefix);
    }

    /** Takes the bed down, then removes the directory it was set up in and its files. */
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

    /**
     * @param key a key of the lines {@code up} printed, for example {@code DEVICE}
     * @return its value, empty where the line was empty or missing
     */
    public String info(String key) {
        return info.getOrDefault(key, "");
    }

    /**
     * Runs {@code main} through the bed's {@code run} with this test's class path; fails
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
        // A loop device keeps what it was written as dirty pages of its image file, and the
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
            throw new IOException(script.getFileName() + " down failed: " + r.output());
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
