package io.github.drivespeed.internal.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.WorkloadPlan;
import io.github.drivespeed.parameters.IoEngine;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.test.backend.IoOperation;
import io.github.drivespeed.test.backend.RecordingBackend;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The null engine (fio's {@code ioengine=null}) on a real file, through a backend that records
 * the file's reads, writes and fdatasyncs: every I/O of the run is counted and timed as psync's,
 * and none reaches the file.
 */
class NullEngineTest {

    @TempDir
    Path dir;

    private WorkloadPlan mixed(RecordingBackend io, IoEngine engine) {
        return DriveSpeed.workload(dir).size("4M").blockSize("4K").random().readPercent(50)
                .count(2000).syncEveryWrites(16).ioEngine(engine).backend(io);
    }

    @Test
    void everyIoIsCountedAndTimedAndNoneReachesTheFile() throws IOException {
        RecordingBackend psyncIo = RecordingBackend.calls();
        mixed(psyncIo, IoEngine.PSYNC).run();
        assertThat(psyncIo.recordedCalls(IoOperation.READ)).as("psync reads the file")
                .isNotEmpty();

        RecordingBackend io = RecordingBackend.calls();
        WorkloadReport r = mixed(io, IoEngine.NULL).run();
        assertThat(r.engine().ioEngine()).isEqualTo(IoEngine.NULL);
        PassResult read = r.read().orElseThrow();
        PassResult write = r.write().orElseThrow();
        assertThat(read.totalIos() + write.totalIos()).isGreaterThanOrEqualTo(2000);
        assertThat(read.latency().count()).isEqualTo(read.totalIos());
        assertThat(write.latency().count()).isEqualTo(write.totalIos());
        assertThat(io.recordedCalls(IoOperation.READ)).as("reads of the file").isEmpty();
        // the writes and syncs there are lay the file out before the runs, as psync's layout,
        // to which psync's runs add their own
        assertThat(io.recordedCalls(IoOperation.WRITE).size())
                .isLessThan(psyncIo.recordedCalls(IoOperation.WRITE).size());
        assertThat(io.recordedCalls(IoOperation.DATA_SYNC).size())
                .isLessThan(psyncIo.recordedCalls(IoOperation.DATA_SYNC).size());
    }
}
