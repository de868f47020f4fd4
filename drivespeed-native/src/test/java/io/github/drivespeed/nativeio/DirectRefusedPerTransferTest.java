package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.WorkloadPlan;
import io.github.drivespeed.error.DirectIoUnsupportedException;
import io.github.drivespeed.parameters.IoEngine;
import io.github.drivespeed.report.CacheHandling;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.testing.DirectEinval;
import io.github.drivespeed.testing.TestFiles;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * The native backend on {@code testbed/direct-einval} (root): open(O_DIRECT) succeeds, pwrite
 * fails with EINVAL; the refusal is named, and {@code directOrBuffered()} falls back. With only
 * the reads refused, a workload writes its file and meets the refusal in its reads, on each
 * engine's own path (pread, Linux AIO's completions, io_uring's); Linux AIO named and fallen
 * back to buffered runs (it is refused only where buffered I/O was asked for), with the depth it
 * never reached said.
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

    @ParameterizedTest(name = "{0} at queue depth {1}, {2}% reads")
    @CsvSource({"psync, 1, 100", "psync, 4, 100", "libaio, 8, 100", "io_uring, 8, 100",
        "libaio, 8, 50", "io_uring, 8, 50"})
    void aReadRefusedOnTheEnginesOwnPathIsAnODirectRefusalAndDirectOrBufferedRunsOnTheEngine(
            String engine, int queueDepth, int readPercent) throws IOException {
        IoEngine e = IoEngine.parse(engine);
        try (DirectEinval fs = DirectEinval.up(dir, 0, "read")) {
            Path mount = fs.mountDir().toRealPath();
            WorkloadPlan plan = DriveSpeed.workload(mount).backend("native").size("4M")
                    .blockSize("4K").count(512).queueDepth(queueDepth).ioEngine(e)
                    .readPercent(readPercent);
            DirectIoUnsupportedException refused = catchThrowableOfType(plan::run,
                    DirectIoUnsupportedException.class);
            assertThat(refused).as("a DirectIoUnsupportedException").isNotNull();
            assertThat(refused.refusedCall()).hasValue("pread(O_DIRECT) failed: EINVAL");
            assertThat(refused.fileSystemType()).isEqualTo("fuse.direct-einval");
            assertThat(TestFiles.names(mount)).isEmpty();

            WorkloadReport r = plan.directOrBuffered().run();
            assertThat(r.parameters().direct()).isFalse();
            assertThat(r.engine().ioEngine()).isEqualTo(e);
            if (e == IoEngine.LIBAIO) {
                // not refused after the automatic fallback: run, and said to queue nothing
                assertThat(r.engine().inFlight()).hasValueSatisfying(f -> assertThat(f.peakDepth())
                        .isOne());
                assertThat(r.warnings()).contains(Warning.QUEUE_DEPTH_NOT_REACHED);
            }
            PassResult read = r.read().orElseThrow();
            assertThat(read.warnings()).contains(Warning.BUFFERED_FALLBACK);
            assertThat(read.samples()).allSatisfy(s -> {
                assertThat(s.ios()).isPositive();
                assertThat(s.accounting().cacheHandling()).isNotEqualTo(CacheHandling.DIRECT_IO);
            });
            assertThat(TestFiles.names(mount)).isEmpty();
        }
    }
}
