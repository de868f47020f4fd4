package io.github.drivespeed.internal.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.engine.InFlight;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.testing.InlineQueueBackend;
import io.github.drivespeed.testing.TestFiles;
import io.github.drivespeed.testing.ThreadedAsyncBackend;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The in-flight depth in a workload's report and the warnings it gives: a queue whose slowed
 * submitting thread does each I/O itself keeps one in flight and is the limit
 * ({@code QUEUE_DEPTH_NOT_REACHED} and {@code TOOL_LIMITED});
 * psync has one per worker by construction; a queue that keeps no meter has no figure and no
 * warning.
 */
class InFlightWarningsTest {

    @TempDir
    Path dir;

    @Test
    void aSlowSubmittingThreadThatDoesTheIoItselfNeverReachesTheDepth() throws IOException {
        // buffered writes into the page cache: the submitting thread never waits for the disk
        WorkloadReport r = DriveSpeed.workload(dir).size("4M").blockSize("4K").random().write()
                .buffered().queueDepth(8).duration(Duration.ofMillis(300))
                .backend(new InlineQueueBackend(20_000)).run();
        InFlight f = r.engine().inFlight().orElseThrow();
        assertThat(f.queueDepth()).isEqualTo(8);
        assertThat(f.peakDepth()).isEqualTo(1);
        assertThat(f.meanDepth()).isPositive().isLessThanOrEqualTo(1.0);
        assertThat(f.reached()).isFalse();
        assertThat(f.submitterBusy()).isPresent();
        assertThat(r.warnings()).contains(Warning.QUEUE_DEPTH_NOT_REACHED);
        // on a CPU or waiting for one the whole time, however loaded the machine
        assertThat(f.submitterBusy().getAsDouble()).isGreaterThanOrEqualTo(0.9);
        assertThat(f.toolLimited()).isTrue();
        assertThat(r.warnings()).contains(Warning.TOOL_LIMITED);
        assertThat(r.details()).contains("QUEUE_DEPTH_NOT_REACHED: ").contains("TOOL_LIMITED: ")
                .containsPattern("1 thread x queue depth 8 \\(\\d\\.\\d in flight on average,"
                        + " peak 1, submitting thread \\d+ % busy\\)");
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void psyncHasOneInFlightPerWorkerAndAQueueWithoutAMeterHasNoFigure() throws IOException {
        WorkloadReport psync = DriveSpeed.workload(dir).size("4M").blockSize("4K").random()
                .read().count(200).run();
        assertThat(psync.engine().inFlight()).hasValueSatisfying(f -> {
            assertThat(f.meanDepth()).isEqualTo(1.0);
            assertThat(f.reached()).isTrue();
        });
        assertThat(psync.engine().toString()).isEqualTo("psync: 1 thread x queue depth 1");

        WorkloadReport unmetered = DriveSpeed.workload(dir).size("4M").blockSize("4K").random()
                .read().queueDepth(4).count(200).backend(new ThreadedAsyncBackend(Long.MAX_VALUE))
                .run();
        assertThat(unmetered.engine().inFlight()).isEmpty();
        assertThat(unmetered.warnings()).doesNotContain(Warning.QUEUE_DEPTH_NOT_REACHED,
                Warning.TOOL_LIMITED);
        assertThat(TestFiles.names(dir)).isEmpty();
    }
}
