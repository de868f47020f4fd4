package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.DeviceReport;
import io.github.drivespeed.testing.FakeFlash;
import io.github.drivespeed.warning.Warning;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A read-only device test on a medium that answers never-written and discarded blocks with zeros
 * at once ({@code testbed/fake-flash --unwritten fast}), as SSDs and cards do: flagged
 * {@link Warning#READ_ZEROS} (not the drive's figure) on the fresh medium and after a discard,
 * not once data was written there.
 */
@Tag("privileged")
class DeviceZeroReadsTest {

    private static final long READ_BPS = 32L << 20;

    @TempDir
    Path dir;

    @Test
    void readsOfUnwrittenOrDiscardedBlocksAreFlaggedAndReadsOfDataAreNot() throws Exception {
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "256M", "--mode", "honest",
                "--read-bps", Long.toString(READ_BPS), "--unwritten", "fast", "--fs", "none")) {
            Path dev = medium.device();
            DeviceReport fresh = read(dev, "fresh medium");
            assertThat(fresh.read().warnings()).contains(Warning.READ_ZEROS);
            assertThat(fresh.read().notTheDrives()).contains(Warning.READ_ZEROS);

            // data in [0, 64 MiB): what the read-only test reads next
            DriveSpeed.onDevice(dev).write().allowWritesTo(dev).count(8).runs(1).run();
            DeviceReport data = read(dev, "after 64 MiB written");
            assertThat(data.read().warnings()).doesNotContain(Warning.READ_ZEROS);
            // read at the bed's enforced rate, not at the speed of zeros
            assertThat(data.read().median().bytesPerSecond()).isLessThan(READ_BPS * 1.1);

            exec("blkdiscard", "-o", "0", "-l", Long.toString(48L << 20), dev.toString());
            DeviceReport trimmed = read(dev, "after [0, 48 MiB) discarded");
            assertThat(trimmed.read().warnings()).contains(Warning.READ_ZEROS);
        }
    }

    private static DeviceReport read(Path dev, String what) throws Exception {
        long start = System.nanoTime();
        DeviceReport r = DriveSpeed.onDevice(dev).count(8).runs(1).run();
        System.out.printf("read-only 8 x 8 MiB, %s: %s, warnings %s (test %.2f s)%n", what,
                r.read().median(), r.read().warnings(), (System.nanoTime() - start) / 1e9);
        return r;
    }

    private static void exec(String... command) throws Exception {
        Process p = new ProcessBuilder(List.of(command)).inheritIO().start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(String.join(" ", command)).isZero();
    }
}
