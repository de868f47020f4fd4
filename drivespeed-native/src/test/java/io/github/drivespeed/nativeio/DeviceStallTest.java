package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.DeviceReport;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.medium.Stall;
import io.github.drivespeed.testing.FakeFlash;
import io.github.drivespeed.warning.Warning;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A write stall of the device itself ({@code testbed/fake-flash --stall}: the write reaching an
 * offset completes 1.5 s later), through the device write test, which needs the native backend:
 * the stall's length within 0.3 s of the bed's, its offset within one block. Writes are paced at
 * 64 MiB/s, so that a block's time, and the stall rule's multiple of it, do not hang on the load.
 */
@Tag("privileged")
class DeviceStallTest {

    private static final long MIB = 1L << 20;

    @TempDir
    Path dir;

    @Test
    void aDeviceWriteStallIsNamedWithItsLengthAndOffset() throws Exception {
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "128M", "--mode", "honest",
                "--cache", "0", "--slow-bps", "67108864", "--stall", "1500ms", "--stall-at", "32M",
                "--fs", "none")) {
            DeviceReport r = DriveSpeed.onDevice(medium.device()).write()
                    .allowWritesTo(medium.device()).blockSize("4M").count(16).runs(1).run();
            PassResult write = r.write().orElseThrow();
            assertThat(write.warnings()).as(r.details()).contains(Warning.WRITE_STALL);
            Stall stall = write.stall().orElseThrow();
            assertThat(stall.noProgressNanos() / 1e9).isCloseTo(1.5, within(0.3));
            assertThat(stall.offsetBytes()).isBetween(28 * MIB, 32 * MIB);
            assertThat(stall.worstBlockNanos()).isGreaterThanOrEqualTo(1_200_000_000L);
            assertThat(r.read().warnings()).doesNotContain(Warning.READ_STALL);
        }
    }

}
