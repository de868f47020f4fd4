package io.github.drivespeed.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code testbed/throttled-disk} for a test: {@code up} on a directory of the test, children run
 * through {@code run}, and {@code down} on close, always. Skips (or fails under CI as root) where
 * the testbed reports itself unavailable (exit code 77).
 *
 * <p>The cap is a cgroup's (v1 {@code blkio.throttle.*}, v2 {@code io.max}) on the process that
 * {@code run} starts, so drivespeed there sees it and names a figure at the cap
 * {@code CGROUP_IO_LIMIT}: the accuracy tests measure the cap itself, and expect that warning on
 * the capped direction.
 */
public final class ThrottledDisk extends MountedTestbed {

    private ThrottledDisk(Path mountDir, long writeBps, long readBps)
            throws IOException, InterruptedException {
        this(mountDir, List.of("--size", "256M",
                "--write-bps", Long.toString(writeBps), "--read-bps", Long.toString(readBps)));
    }

    private ThrottledDisk(Path mountDir, List<String> options)
            throws IOException, InterruptedException {
        super("throttled-disk", mountDir, options);
    }

    /**
     * A bed whose reads are capped in I/Os per second ({@code --read-iops}; no byte cap), in a new
     * temporary directory that {@link #closeAndRemove()} removes: a queue of I/Os held at a known
     * pace, where the device, not the program, is the limit. A cap of 0 is no cap at all.
     *
     * @param prefix of the temporary directory's name
     * @param readIops read cap, I/Os per second, or 0 for none
     * @return the testbed
     */
    public static ThrottledDisk upWithReadIops(String prefix, long readIops)
            throws IOException, InterruptedException {
        Path parent = newParent(prefix);
        try {
            return new ThrottledDisk(parent.resolve("throttled"), List.of("--size", "256M",
                    "--read-iops", Long.toString(readIops)));
        } catch (IOException | InterruptedException | RuntimeException | Error e) {
            Files.deleteIfExists(parent);
            throw e;
        }
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
        return new ThrottledDisk(parent.resolve("throttled"), writeBps, readBps);
    }

    /**
     * {@link #up} in a new temporary directory ({@link MountedTestbed#newParent}), which
     * {@link #closeAndRemove()} removes.
     *
     * @param prefix of the temporary directory's name
     * @param writeBps write cap, bytes per second
     * @param readBps read cap, bytes per second
     * @return the testbed
     */
    public static ThrottledDisk upInNewDirectory(String prefix, long writeBps, long readBps)
            throws IOException, InterruptedException {
        Path parent = newParent(prefix);
        try {
            return up(parent, writeBps, readBps);
        } catch (IOException | InterruptedException | RuntimeException | Error e) {
            Files.deleteIfExists(parent);
            throw e;
        }
    }

    /** @return the loop device, for example {@code /dev/loop3} */
    public Path device() {
        return Path.of(info("DEVICE"));
    }
}
