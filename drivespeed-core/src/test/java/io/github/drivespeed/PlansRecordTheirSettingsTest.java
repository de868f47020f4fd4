package io.github.drivespeed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.parameters.CapacityParameters;
import io.github.drivespeed.parameters.IoEngine;
import io.github.drivespeed.parameters.IoMode;
import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.report.view.ReportView;
import io.github.drivespeed.unit.DataSize;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every setting that shapes a run is in the plan's record, which the report carries; what the run
 * changed (the engine that ran) is in the report's record.
 */
class PlansRecordTheirSettingsTest {

    @TempDir
    Path dir;

    @Test
    void plansStartFromTheirRecordsDefaults() {
        assertThat(DriveSpeed.on(dir).parameters())
                .isEqualTo(io.github.drivespeed.parameters.SequentialParameters.defaults());
        assertThat(DriveSpeed.workload(dir).parameters()).isEqualTo(WorkloadParameters.defaults());
        assertThat(DriveSpeed.verifyCapacity(dir).parameters())
                .isEqualTo(CapacityParameters.defaults());
        assertThat(SequentialPlan.DEFAULT_COUNT)
                .isEqualTo(io.github.drivespeed.parameters.SequentialParameters.DEFAULT_COUNT);
    }

    @Test
    void theCachedReadPassIsRecorded() {
        SequentialPlan seq = DriveSpeed.on(dir).cachedRead(Duration.ofMillis(300));
        assertThat(seq.parameters().cachedRead()).contains(Duration.ofMillis(300));
        assertThat(seq.cachedReadDuration()).contains(Duration.ofMillis(300));
        assertThat(DriveSpeed.on(dir).cachedRead().parameters().cachedRead())
                .contains(SequentialPlan.DEFAULT_CACHED_READ);
        assertThat(DriveSpeed.onDevice(Path.of("/dev/null")).cachedRead().parameters().cachedRead())
                .contains(SequentialPlan.DEFAULT_CACHED_READ);
        assertThatThrownBy(() -> DriveSpeed.on(dir).cachedRead(Duration.ofNanos(5)))
                .hasMessage("cachedRead is too short (must be in [1 ms, 24 h]): 5 ns");
    }

    @Test
    void theWorkloadsIoModeAndExistingFileAreRecorded() {
        WorkloadPlan w = DriveSpeed.workload(dir).ioEngine("libaio").directOrBuffered();
        assertThat(w.parameters().io()).isEqualTo(new IoMode(true, true,
                Optional.of(IoEngine.LIBAIO), false));
        assertThat(w.ioEngine()).contains(IoEngine.LIBAIO);
        assertThat(w.bufferedFallback()).isTrue();
        assertThat(w.buffered().parameters().io()).isEqualTo(new IoMode(false, false,
                Optional.of(IoEngine.LIBAIO), false));
        assertThat(DriveSpeed.workload(dir).sqThreadPoll().parameters().io().sqThreadPoll())
                .isTrue();
        Path file = dir.resolve("existing");
        WorkloadPlan over = DriveSpeed.workload(dir).existingFile(file);
        assertThat(over.parameters().existingFile()).contains(file);
        assertThat(over.existingFile()).contains(file);
        assertThat(over.allowWritesTo(file).parameters()).isEqualTo(over.parameters());
        assertThatThrownBy(() -> DriveSpeed.workload(dir).allowWritesTo(file))
                .hasMessageContaining("existingFile is not set");
    }

    @Test
    void aWorkloadReportRecordsTheEngineThatRan() throws IOException {
        WorkloadPlan plan = DriveSpeed.workload(dir).size("1M").blockSize("4K").count(64)
                .directOrBuffered().backend("java");
        assertThat(plan.parameters().io().ioEngine()).isEmpty();
        WorkloadReport r = plan.run();
        assertThat(r.parameters().io().ioEngine()).contains(r.engine().ioEngine())
                .contains(IoEngine.PSYNC);
        assertThat(r.engine().requestedIoEngine()).isEmpty();
        assertThat(ReportView.of(r).settings().text("ioengine")).contains("psync");
        assertThat(ReportView.of(r).settings().flag("buffered_fallback")).contains(true);
        assertThat(r.parameters().withIo(plan.parameters().io()).withDirect(true))
                .isEqualTo(plan.parameters());
    }

    @Test
    void blockSizeIsSetTheSameWayOnEveryBlockPlan() {
        DataSize b = DataSize.ofKibibytes(64);
        assertThat(DriveSpeed.on(dir).blockSize(b).parameters().blockSize()).isEqualTo(b);
        assertThat(DriveSpeed.workload(dir).blockSize(b).parameters().blockSize()).isEqualTo(b);
        assertThat(DriveSpeed.sustained(dir).blockSize(b).parameters().blockSize()).isEqualTo(b);
        assertThat(DriveSpeed.onDevice(Path.of("/dev/null")).blockSize(b).parameters().blockSize())
                .isEqualTo(b);
        assertThatThrownBy(() -> DriveSpeed.workload(dir).blockSize(DataSize.ofBytes(1000)))
                .hasMessage("blockSize must be a multiple of 512 bytes (one sector): 1000 bytes");
    }
}
