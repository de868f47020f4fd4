package io.github.drivespeed;

import java.nio.file.Path;

/**
 * Entry point: measures how fast a drive writes and reads, the way
 * {@code dd if=/dev/urandom of=F bs=8M count=32 oflag=direct conv=fdatasync} followed by
 * {@code dd if=F of=/dev/null bs=8M iflag=direct} does, in-process.
 *
 * <pre>{@code
 * SpeedReport r = DriveSpeed.on(Path.of("/media/usb0")).blockSize("8M").count(32).direct().run();
 * double mbps = r.write().median().megabytesPerSecond();   // 10^6 bytes per second
 * }</pre>
 */
public final class DriveSpeed {

    private DriveSpeed() {
    }

    /**
     * A speed test with the default settings in {@code directory}, where the test file will be
     * created. Nothing is examined or written until {@link SpeedTest#run()}.
     *
     * @param directory an existing directory on the drive to measure
     * @return the plan, with defaults
     * @throws NullPointerException if {@code directory} is null
     * @throws IllegalArgumentException if {@code directory} is the empty path
     */
    public static SpeedTest on(Path directory) {
        if (directory != null && directory.toString().isEmpty()) {
            throw new IllegalArgumentException("directory must not be empty: give a directory,"
                    + " for example Path.of(\".\") for the current one");
        }
        return SpeedTest.defaults(directory);
    }
}
