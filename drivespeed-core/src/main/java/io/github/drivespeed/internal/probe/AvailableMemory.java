package io.github.drivespeed.internal.probe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * The memory the kernel can give a process without swapping: {@code MemAvailable} of
 * {@code /proc/meminfo} (proc(5): "an estimate of how much memory is available for starting new
 * applications, without swapping"), read in pure Java.
 */
public final class AvailableMemory {

    private static final Path MEMINFO = Path.of("/proc/meminfo");

    private AvailableMemory() {
    }

    /** {@return {@code MemAvailable} in bytes, or empty where {@code /proc/meminfo} lacks it} */
    public static OptionalLong bytes() {
        return bytes(MEMINFO);
    }

    /**
     * @param meminfo a file in {@code /proc/meminfo}'s format ({@code MemAvailable:  123 kB})
     * @return its {@code MemAvailable} in bytes, or empty where it is missing or unreadable
     */
    static OptionalLong bytes(Path meminfo) {
        try {
            for (String line : Files.readAllLines(meminfo)) {
                if (line.startsWith("MemAvailable:")) {
                    String[] f = line.substring("MemAvailable:".length()).trim().split("\\s+");
                    long n = Long.parseLong(f[0]);
                    return OptionalLong.of(f.length > 1 && f[1].equals("kB") ? n * 1024 : n);
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or not readable: nothing is known
        }
        return OptionalLong.empty();
    }
}
