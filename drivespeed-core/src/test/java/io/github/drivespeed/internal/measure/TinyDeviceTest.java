package io.github.drivespeed.internal.measure;

import io.github.drivespeed.internal.figures.Thresholds;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.report.DeviceReport;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.Privileged;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A device smaller than the device test's default block (root, a read-only 4 MiB loop device of
 * random data, as an eMMC boot partition): a time-based test with the default block reads it with
 * a block that fits, round and round until each run's duration ends, every byte of it read at the
 * device (its counters), no run flagged {@link Warning#PASS_TOO_SHORT}; one block of
 * it is too short and says so with its time and blocks; a block size the caller gave that does
 * not fit is still refused.
 */
@Tag("privileged")
class TinyDeviceTest {

    private static final long SIZE = 4L << 20;

    @TempDir
    Path dir;

    @BeforeEach
    void needsRoot() {
        Privileged.requireRoot();
    }

    @Test
    void theDefaultBlockReadsATinyDeviceWithABlockThatFitsUntilItsRunsEnd() throws IOException {
        Duration run = Duration.ofMillis(2 * Warning.MIN_PASS_MILLIS);
        try (Mounts.LoopDevice loop = Mounts.readOnlyRandomLoopDevice(dir, SIZE, 11)) {
            DeviceReport r = DriveSpeed.onDevice(loop.device()).backend("java").duration(run)
                    .runs(2).run();
            assertThat(r.parameters().blockSize().bytes()).isEqualTo(SIZE);
            for (Sample s : r.read().samples()) {
                assertThat(s.elapsedNanos()).isGreaterThanOrEqualTo(run.toNanos());
                assertThat(s.bytes()).as("whole laps of the device").isGreaterThan(SIZE)
                        .isEqualTo(s.ios() * SIZE);
                assertThat(s.accounting().deviceIo().orElseThrow().readBytes())
                        .as("read at the device")
                        .isGreaterThanOrEqualTo(s.bytes());
            }
            assertThat(r.read().warnings()).doesNotContain(Warning.PASS_TOO_SHORT,
                    Warning.READ_SERVED_FROM_CACHE, Warning.READ_CONSTANT_FILL);
        }
    }

    @Test
    void aPassOfOneBlockIsTooShortAndSaysSoWithItsTimeAndBlocks() throws IOException {
        try (Mounts.LoopDevice loop = Mounts.readOnlyRandomLoopDevice(dir, SIZE, 12)) {
            DeviceReport r = DriveSpeed.onDevice(loop.device()).backend("java").count(1)
                    .runs(2).run();
            assertThat(r.read().samples()).allSatisfy(s -> {
                assertThat(s.ios()).isEqualTo(1);
                assertThat(Thresholds.passTooShort(s.elapsedNanos(), s.ios())).isTrue();
            });
            assertThat(r.read().warnings()).contains(Warning.PASS_TOO_SHORT);
            assertThat(r.read().notTheDrives()).doesNotContain(Warning.PASS_TOO_SHORT);
            // what is too short, and what to do
            assertThat(r.details()).containsPattern("PASS_TOO_SHORT: .*\\n    read run 1 lasted"
                    + " \\d+(\\.\\d+)? (ns|us|ms|s) \\(1 block\\): (under 100 ms and )?fewer than 4"
                    + " blocks is too short to time well\\n    read run 2 lasted [^\\n]*\\n"
                    + "    measure more data in each pass: a larger count or block size, within"
                    + " the device\\n");
        }
    }

    @Test
    void aBlockSizeTheCallerGaveThatDoesNotFitIsStillRefused() throws IOException {
        try (Mounts.LoopDevice loop = Mounts.readOnlyRandomLoopDevice(dir, SIZE, 13)) {
            assertThatThrownBy(() -> DriveSpeed.onDevice(loop.device()).backend("java")
                    .blockSize("8M").run())
                    .isInstanceOfSatisfying(InvalidSettingException.class,
                            e -> assertThat(e.setting()).isEqualTo("blockSize"))
                    .hasMessageContaining("is larger than " + loop.device());
        }
    }
}
