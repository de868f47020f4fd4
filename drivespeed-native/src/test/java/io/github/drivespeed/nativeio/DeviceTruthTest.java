package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.DeviceReport;
import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.Privileged;
import io.github.drivespeed.warning.Warning;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What stands between the native backend and a device, on real beds (root, loop devices): a
 * device the kernel treats as write through, whose write test is {@link Warning#FLUSH_NOT_SENT}.
 */
@Tag("privileged")
class DeviceTruthTest {

    @TempDir
    Path dir;

    @BeforeEach
    void needsRoot() {
        Privileged.requireRoot();
    }

    @Test
    void aDeviceWriteTestOnAWriteThroughDeviceIsFlaggedAndOnAWriteBackOneIsNot()
            throws Exception {
        try (Mounts.LoopDevice loop = Mounts.loopDevice(dir, 64, false, null)) {
            DeviceReport writeBack = DriveSpeed.onDevice(loop.device()).write()
                    .allowWritesTo(loop.device()).blockSize("1M").count(32).runs(1).run();
            assertThat(writeBack.write().orElseThrow().warnings())
                    .doesNotContain(Warning.FLUSH_NOT_SENT);
            loop.writeThrough();
            DeviceReport writeThrough = DriveSpeed.onDevice(loop.device()).write()
                    .allowWritesTo(loop.device()).blockSize("1M").count(32).runs(1).run();
            assertThat(writeThrough.write().orElseThrow().warnings())
                    .contains(Warning.FLUSH_NOT_SENT);
            assertThat(writeThrough.write().orElseThrow().samples().get(0).accounting().deviceIo()
                    .orElseThrow().flushes().get(0).flushRequests()).hasValue(0);
            assertThat(writeThrough.read().warnings()).doesNotContain(Warning.FLUSH_NOT_SENT);
            assertThat(writeThrough.target().blockDevice().orElseThrow().writeCache())
                    .hasValue(io.github.drivespeed.target.BlockDevice.WriteCache.WRITE_THROUGH);
        }
    }
}
