package io.github.drivespeed.internal.io;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.parameters.IoLogging;
import io.github.drivespeed.report.IoLog;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.report.medium.Verification;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.testing.BatchingBackend;
import io.github.drivespeed.testing.TestFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The I/O loop's batched path at queue depth 1 (a backend with {@code TimedTransfers}) does what
 * the one-call-per-I/O path does: the same offsets in the same order, every I/O recorded once,
 * writes that read back as written, a short transfer completed, the deadline kept.
 */
class TimedBatchLoopTest {

    @TempDir
    Path dir;

    private WorkloadReport randomReads(IoBackend backend, long count) throws IOException {
        return DriveSpeed.workload(dir).backend(backend).ioEngine("psync").size("4M")
                .blockSize("4K").random().readPercent(100).count(count).seed(7)
                .ioLogging(new IoLogging(Duration.ZERO, Duration.ZERO)).run();
    }

    private static IoLog log(WorkloadReport r) {
        return r.read().orElseThrow().samples().get(0).ioLog().orElseThrow();
    }

    @Test
    void batchesReadTheOffsetsTheOrdinaryPathReadsInTheSameOrder() throws IOException {
        BatchingBackend batching = new BatchingBackend(-1);
        IoLog batched = log(randomReads(batching, 3000));
        IoLog ordinary = log(randomReads(DriveSpeed.backend("java"), 3000));
        assertThat(batched.entries()).isEqualTo(3000);
        assertThat(ordinary.entries()).isEqualTo(3000);
        for (int i = 0; i < 3000; i++) {
            assertThat(batched.offsetBytes(i)).as("I/O %d", i).isEqualTo(ordinary.offsetBytes(i));
            assertThat(batched.latencyNanos(i)).isPositive();
            if (i > 0) {
                assertThat(batched.completedNanos(i)).isGreaterThanOrEqualTo(
                        batched.completedNanos(i - 1));
            }
        }
        assertThat(batching.batchedIos()).isGreaterThanOrEqualTo(3000);
        assertThat(batching.batches()).as("some batch held more than one I/O")
                .isLessThan(batching.batchedIos());
    }

    @Test
    void writtenBlocksReadBackAsWrittenAndAShortTransferIsCompleted() throws IOException {
        BatchingBackend batching = new BatchingBackend(40);
        SpeedReport r = DriveSpeed.on(dir).backend(batching).blockSize("64K").count(256)
                .runs(1).run();
        Verification v = r.read().verification().orElseThrow();
        assertThat(v.checkedBytes()).isEqualTo(256L * 65536);
        assertThat(v.hasLoss()).isFalse();
        PassResult write = r.write();
        assertThat(write.samples().get(0).ios()).isEqualTo(256);
        assertThat(write.samples().get(0).bytes()).isEqualTo(256L * 65536);
        assertThat(batching.ordinaryCalls()).as("the short write done again, and the read-back")
                .isPositive();
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void aTimeBasedRunStartsNoIoAfterItsDeadline() throws IOException {
        BatchingBackend batching = new BatchingBackend(-1);
        WorkloadReport r = DriveSpeed.workload(dir).backend(batching).ioEngine("psync")
                .size("4M").blockSize("4K").random().readPercent(0).duration(Duration.ofMillis(300)).seed(3)
                .ioLogging(new IoLogging(Duration.ZERO, Duration.ZERO)).run();
        var sample = r.write().orElseThrow().samples().get(0);
        IoLog log = sample.ioLog().orElseThrow();
        assertThat(sample.ios()).isPositive().isEqualTo(log.entries());
        // the last I/O started before 300 ms; it ended at most its own latency after
        long last = log.completedNanos(log.entries() - 1);
        assertThat(last - log.latencyNanos(log.entries() - 1)).isLessThan(300_000_000L);
        assertThat(batching.batches()).isLessThan(batching.batchedIos());
    }
}
