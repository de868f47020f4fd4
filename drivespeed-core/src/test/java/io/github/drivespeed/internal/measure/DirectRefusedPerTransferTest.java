package io.github.drivespeed.internal.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.SequentialPlan;
import io.github.drivespeed.error.DirectIoUnsupportedException;
import io.github.drivespeed.WorkloadPlan;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.CacheHandling;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.testing.DirectEinval;
import io.github.drivespeed.testing.TestFiles;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * O_DIRECT accepted at open and refused on each transfer, on a real FUSE file system that does
 * that ({@code testbed/direct-einval}; root): named as an O_DIRECT refusal, and with
 * {@code directOrBuffered()} measured buffered from the start, whether the warm-up file or a
 * measured one meets it first.
 */
@Tag("privileged")
class DirectRefusedPerTransferTest {

    @TempDir
    Path dir;

    private static SequentialPlan plan(Path mount, List<String> events) {
        return DriveSpeed.on(mount).blockSize("64K").count(16).runs(2)
                .listener(new ProgressListener() {
                    @Override
                    public void passStarted(PassKind pass, int run, long totalBytes) {
                        events.add(pass + " " + run);
                    }
                });
    }

    /** Runs the plan, which must fail with an O_DIRECT refusal on a pwrite, and returns it. */
    private static DirectIoUnsupportedException refusal(ThrowingCallable run) {
        DirectIoUnsupportedException refused = catchThrowableOfType(run,
                DirectIoUnsupportedException.class);
        assertThat(refused).as("a DirectIoUnsupportedException").isNotNull();
        assertThat(refused.refusedCall()).hasValue("pwrite(O_DIRECT) failed: EINVAL");
        return refused;
    }

    @Test
    void theFirstTransferIsAnODirectRefusalNamingTheCallAndDirectOrBufferedFallsBack()
            throws IOException {
        try (DirectEinval fs = DirectEinval.up(dir, 0)) {
            Path mount = fs.mountDir().toRealPath();
            List<String> events = new ArrayList<>();
            DirectIoUnsupportedException refused = refusal(() -> plan(mount, events).run());
            assertThat(refused.fileSystemType()).isEqualTo("fuse.direct-einval");
            assertThat(refused.getMessage()).matches("pwrite\\(O_DIRECT\\) failed: EINVAL on "
                    + mount + "/drivespeed-\\d+-[0-9a-f]{16}\\.tmp \\(file system"
                    + " fuse\\.direct-einval\\): O_DIRECT was accepted at open\\(2\\) and refused"
                    + " on each transfer .*; measure with buffered\\(\\) or"
                    + " directOrBuffered\\(\\)");
            assertThat(events).as("refused in the warm-up, before any pass").isEmpty();
            assertThat(TestFiles.names(mount)).isEmpty();

            SpeedReport r = plan(mount, events).directOrBuffered().run();
            assertThat(r.parameters().direct()).isFalse();
            assertThat(r.write().warnings()).contains(Warning.BUFFERED_FALLBACK);
            assertThat(r.read().warnings()).contains(Warning.BUFFERED_FALLBACK);
            assertThat(r.write().samples()).hasSize(2)
                    .allSatisfy(s -> assertThat(s.bytes()).isEqualTo(16 * 65536));
            assertThat(events).containsExactly("write 1", "read 1", "write 2", "read 2");
            assertThat(TestFiles.names(mount)).isEmpty();
        }
    }

    @Test
    void aWorkloadMeetsTheRefusalWritingItsFileAndDirectOrBufferedRunsItBuffered()
            throws IOException {
        try (DirectEinval fs = DirectEinval.up(dir, 0)) {
            Path mount = fs.mountDir().toRealPath();
            WorkloadPlan plan = DriveSpeed.workload(mount).size("4M").blockSize("4K").count(256);
            refusal(plan::run);
            assertThat(TestFiles.names(mount)).isEmpty();

            WorkloadReport r = plan.directOrBuffered().run();
            assertThat(r.parameters().direct()).isFalse();
            PassResult read = r.read().orElseThrow();
            assertThat(read.warnings()).contains(Warning.BUFFERED_FALLBACK);
            assertThat(read.samples()).allSatisfy(s -> {
                assertThat(s.ios()).isEqualTo(256);
                assertThat(s.accounting().cacheHandling()).isNotEqualTo(CacheHandling.DIRECT_IO);
            });
            assertThat(TestFiles.names(mount)).isEmpty();
        }
    }

    @Test
    void aRefusalFirstMetOnAMeasuredFileKeepsNoODirectFigure() throws IOException {
        // The warm-up's file (the first opened with O_DIRECT) transfers; the next is refused.
        try (DirectEinval fs = DirectEinval.up(dir, 1)) {
            Path mount = fs.mountDir().toRealPath();
            List<String> events = new ArrayList<>();
            refusal(() -> plan(mount, events).run());
            assertThat(events).as("the warm-up passed, run 1 met it").containsExactly("write 1");
            assertThat(TestFiles.names(mount)).isEmpty();
        }
        try (DirectEinval fs = DirectEinval.up(dir, 1)) {
            Path mount = fs.mountDir().toRealPath();
            List<String> events = new ArrayList<>();
            SpeedReport r = plan(mount, events).directOrBuffered().run();
            assertThat(r.parameters().direct()).isFalse();
            assertThat(r.write().warnings()).contains(Warning.BUFFERED_FALLBACK);
            assertThat(r.write().samples()).hasSize(2);
            assertThat(r.write().samples()).allSatisfy(s -> assertThat(
                    s.accounting().cacheHandling()).isEqualTo(CacheHandling.BUFFERED_WRITE));
            // run 1 was started with O_DIRECT, then every run again, buffered
            assertThat(events).containsExactly("write 1", "write 1", "read 1", "write 2",
                    "read 2");
            assertThat(TestFiles.names(mount)).isEmpty();
        }
    }
}
