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
 * {@code testbed/fake-flash} for a test: a loop device (or a file system on one) over an emulated
 * medium that lies like counterfeit or cache-limited flash. {@code up} in a new directory under
 * {@code /dev/shm}, {@code down} on close, always. Skips (or fails under CI as root) where the
 * testbed says it cannot run here (exit code 77).
 *
 * <p>The medium's image lives in memory, not on the disk of the test's directory: with it on a
 * disk that another build writes to, the emulated medium moved slower than its declared rate, and
 * a steady medium's rate fell mid-pass (a cliff the medium does not have). Its daemon runs at
 * nice -10, so that builds beside it do not starve it of the CPU time its rate needs.
 */
public final class FakeFlash implements AutoCloseable {

    private final Path script;
    private final Path dir;
    private final Map<String, String> info;

    private FakeFlash(Path script, Path dir, Map<String, String> info) {
        this.script = script;
        this.dir = dir;
        this.info = info;
    }

    /**
     * @param parent a directory of the test; the mount point and the medium's state go there
     *     where {@code /dev/shm} is not a writable directory, else into a new directory
     *     {@code /dev/shm/fake-flash-*}, removed on close
     * @param args {@code up}'s options, for example {@code --claimed 256M --real 64M --mode wrap}
     * @return the medium, to close
     * @throws IOException if {@code up} failed
     */
    public static FakeFlash up(Path parent, String... args) throws IOException {
        Privileged.requireRoot();
        Path script = script();
        Path memory = Mounts.memoryOr(null);
        Path place = memory != null ? Files.createTempDirectory(memory, "fake-flash-") : parent;
        Path dir = place.resolve("fake-flash");
        // the daemon (a child of up) at a higher priority than the builds beside it: its slow rate
        // is sleep-based, and a daemon starved of CPU time holds the medium below that rate
        List<String> command = new ArrayList<>(List.of("nice", "-n", "-10", script.toString(),
                "up", dir.toString()));
        command.addAll(List.of(args));
        Mounts.Result r = exec(command);
        if (r.exitCode() != 0) {
            exec(List.of(script.toString(), "down", dir.toString()));
            removeIfMade(place, parent);
        }
        if (r.exitCode() == 77) {
            Privileged.require(false, "fake-flash: " + r.output());
        }
        if (r.exitCode() != 0) {
            throw new IOException("fake-flash up failed (" + r.exitCode() + "): " + r.output());
        }
        Map<String, String> values = new HashMap<>();
        for (String line : r.output().split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                values.put(line.substring(0, eq), line.substring(eq + 1).trim());
            }
        }
        return new FakeFlash(script, dir, values);
    }

    /** @return {@code testbed/fake-flash} of this repository */
    public static Path script() {
        return Testbeds.script("fake-flash");
    }

    /** @return the mounted file system's directory (with {@code --fs ext4} or {@code xfs}) */
    public Path mountDir() {
        return dir;
    }

    /** @return the loop device: the medium itself */
    public Path device() {
        return Path.of(info.get("DEVICE"));
    }

    /** @return bytes the medium claims */
    public long claimedBytes() {
        return Long.parseLong(info.get("CLAIMED_BYTES"));
    }

    /** @return bytes it really stores */
    public long realBytes() {
        return Long.parseLong(info.get("REAL_BYTES"));
    }

    /** @return the bytes written at full speed before the slow rate */
    public long cacheBytes() {
        return Long.parseLong(info.get("CACHE_BYTES"));
    }

    /** @return the rate after the cache, bytes per second (0: none) */
    public long slowBytesPerSecond() {
        return Long.parseLong(info.get("SLOW_BPS"));
    }

    /**
     * @param key a key {@code info} prints, for example {@code FLIP_BIT_OFFSET}
     * @return its value, as printed
     * @throws IllegalArgumentException if {@code up} printed no such key (its option not given)
     */
    public String info(String key) {
        String value = info.get(key);
        if (value == null) {
            throw new IllegalArgumentException("fake-flash info has no " + key + ": " + info);
        }
        return value;
    }

    /** @return the dead spots ({@code --hole}): offset and length in bytes each, as given */
    public List<long[]> holes() {
        String[] from = info("HOLE_FROM_BYTES").split(",");
        String[] bytes = info("HOLE_BYTES").split(",");
        List<long[]> holes = new ArrayList<>();
        for (int i = 0; i < from.length; i++) {
            holes.add(new long[] {Long.parseLong(from[i]), Long.parseLong(bytes[i])});
        }
        return holes;
    }

    /**
     * {@code fake-flash where}: the offset of the medium whose storage each offset uses (itself
     * below the real size; for {@code --mode wrap} the offset modulo the real size, for
     * {@code --mode scramble} where its block lands).
     *
     * @param offsets offsets of the medium, bytes
     * @return for each, the offset that stores it, or -1 where nothing does ({@code limbo})
     * @throws IOException if {@code where} failed
     */
    public long[] where(long... offsets) throws IOException {
        List<String> command = new ArrayList<>(List.of(script.toString(), "where", dir.toString()));
        for (long o : offsets) {
            command.add(Long.toString(o));
        }
        Mounts.Result r = exec(command);
        if (r.exitCode() != 0) {
            throw new IOException("fake-flash where failed: " + r.output());
        }
        String[] lines = r.output().split("\n");
        long[] stored = new long[offsets.length];
        for (int i = 0; i < offsets.length; i++) {
            String value = lines[i].substring(lines[i].indexOf('=') + 1);
            stored[i] = value.equals("none") ? -1 : Long.parseLong(value);
        }
        return stored;
    }

    @Override
    public void close() throws IOException {
        Mounts.Result r = exec(List.of(script.toString(), "down", dir.toString()));
        if (r.exitCode() != 0) {
            throw new IOException("fake-flash down failed: " + r.output());
        }
        Path place = dir.getParent();
        if (place.getFileName().toString().startsWith("fake-flash-")) {
            Files.deleteIfExists(place);
        }
    }

    /** Removes the directory {@code up} made under /dev/shm (empty once down has run). */
    private static void removeIfMade(Path place, Path parent) throws IOException {
        if (!place.equals(parent)) {
            Files.deleteIfExists(place);
        }
    }

    private static Mounts.Result exec(List<String> command) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(5, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IOException("timed out: " + command);
            }
            return new Mounts.Result(p.exitValue(), new String(out, StandardCharsets.UTF_8).trim());
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted: " + command, e);
        }
    }
}
