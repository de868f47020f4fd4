package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.error.DirectIoUnsupportedException;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.testing.DirectEinval;
import io.github.drivespeed.testing.TestFiles;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The native backend on {@code testbed/direct-einval} (root): open(O_DIRECT) succeeds, pwrite
 * fails with EINVAL; the refusal is named, and {@code directOrBuffered()} falls back.
 */
@Tag("privileged")
class DirectRefusedPerTransferTest {

    @TempDir
    Path dir;

    @Test
    void pwriteEinvalIsAnODirectRefusalAndDirectOrBufferedFallsBack() throws IOException {
        try (DirectEinval fs = DirectEinval.up(dir, 0)) {
            Path mount = fs.mountDir().toRealPath();
            var plan = DriveSpeed.on(mount).backend("native").blockSize("64K").count(16).runs(1);
            DirectIoUnsupportedException refused = catchThrowableOfType(plan::run,
                    DirectIoUnsupportedException.class);
            assertThat(refused).as("a DirectIoUnsupportedException").isNotNull();
            assertThat(refused.refusedCall()).hasValue("pwrite(O_DIRECT) failed: EINVAL");
            assertThat(refused).hasMessageStartingWith("pwrite(O_DIRECT) failed: EINVAL on "
                    + mount + "/drivespeed-");
            assertThat(TestFiles.names(mount)).isEmpty();

            SpeedReport r = plan.directOrBuffered().run();
            assertThat(r.backend().name()).isEqualTo("native");
            assertThat(r.parameters().direct()).isFalse();
            assertThat(r.write().warnings()).contains(Warning.BUFFERED_FALLBACK);
            assertThat(r.read().warnings()).contains(Warning.BUFFERED_FALLBACK);
            assertThat(TestFiles.names(mount)).isEmpty();
        }
    }
}
