package io.github.drivespeed.internal.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.DevicePlan;
import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.report.DeviceReport;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.Privileged;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A raw read of a loop device whose size is not a multiple of the block size (root): a pass
 * asked to reach the end reads the part after the last whole block as one smaller request; one
 * asked for whole blocks only does not. With the pure-Java backend, whose O_DIRECT transfers the
 * JDK checks against 4096 B, the 1536-B rest is asked for as 4096 B and the kernel ends the read
 * at the device's end. (The native backend and the write test: {@code BlockDeviceTest}.)
 */
@Tag("privileged")
class DeviceTailTest {

    private static final long MIB = 1L << 20;
    /** 16 MiB and three 512-byte sectors. */
    private static final long SIZE = 16 * MIB + 3 * 512;

    @TempDir
    Path dir;

    @BeforeEach
    void needsRoot() {
        Privileged.requireRoot();
    }

    @Test
    void aCountReachingTheEndAndATimeBasedPassReadTheDeviceToItsLastByte() throws IOException {
        try (Mounts.LoopDevice loop = Mounts.randomLoopDevice(dir, SIZE, 7)) {
            DevicePlan plan = DriveSpeed.onDevice(loop.device()).backend("java").blockSize("1M");
            DeviceReport r = plan.count(17).runs(2).run();
            assertThat(r.sizeBytes()).isEqualTo(SIZE);
            for (Sample s : r.read().samples()) {
                assertThat(s.bytes()).as("whole blocks and the rest").isEqualTo(SIZE);
                assertThat(s.ios()).isEqualTo(17);
                assertThat(s.accounting().deviceIo().orElseThrow().readBytes())
                        .isGreaterThanOrEqualTo(SIZE);
            }
            assertThat(r.details()).contains("  rest:     the last 1536 B, after the last whole"
                    + " block, are read as one smaller last request");

            DeviceReport timed = plan.duration(Duration.ofSeconds(5)).runs(1).run();
            assertThat(timed.read().samples().get(0).bytes()).isEqualTo(SIZE);

            long before = Mounts.sectorsRead(loop.device());
            DeviceReport whole = plan.count(16).runs(1).run();
            assertThat(whole.read().samples().get(0).bytes()).isEqualTo(16 * MIB);
            assertThat(whole.read().samples().get(0).ios()).isEqualTo(16);
            // the warm-up reads the last whole blocks, never the rest: 16 MiB twice at most
            assertThat((Mounts.sectorsRead(loop.device()) - before) * 512).isLessThanOrEqualTo(32 * MIB);

            assertThatThrownBy(() -> plan.count(18).run())
                    .isInstanceOfSatisfying(InvalidSettingException.class, e -> {
                        assertThat(e.setting()).isEqualTo("count");
                        assertThat(e.value()).hasValue("18");
                        assertThat(e.settings()).containsExactly("blockSize");
                    })
                    .hasMessageContaining("(16778752 bytes, 16 whole blocks and the rest as a"
                            + " last, smaller request); nothing past the end is read: give at"
                            + " most 17");
        }
    }
}
