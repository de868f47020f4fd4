package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.parameters.IoEngine;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.IoQueue;
import io.github.drivespeed.spi.QueueEngine;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.spi.TestFileRequest;
import io.github.drivespeed.testing.TestFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * io_uring with submission-queue polling ({@link NativeIoBackend#sqThreadPoll()}, fio's
 * {@code sqthread_poll=1}) on real files with O_DIRECT: the ring is set up with
 * IORING_SETUP_SQPOLL, each I/O is the polling thread's as soon as it is queued, the bytes land
 * and read back, a workload runs on it (at queue depth 1 too, where psync would run without
 * it), and Linux AIO, which has no such thing, is refused.
 */
class SqThreadPollTest {

    private static final int BLOCK = 4096;

    @TempDir
    Path dir;

    private final NativeIoBackend polled = new NativeIoBackend().sqThreadPoll();

    @Test
    void onlyIoUringIsOfferedAndLinuxAioSaysWhyNot() {
        assertThat(polled.sqThreadPolling()).isTrue();
        assertThat(new NativeIoBackend().sqThreadPolling()).isFalse();
        List<QueueEngine> engines = polled.queueEngines();
        assertThat(engines).extracting(QueueEngine::fioName)
                .containsExactly(NativeIoBackend.IO_URING, NativeIoBackend.LIBAIO);
        assertThat(engines.get(0).unavailableReason()).as("on this Linux 6.x machine").isEmpty();
        assertThat(engines.get(1).unavailableReason()).hasValueSatisfying(
                r -> assertThat(r).contains("SQPOLL").contains("only io_uring"));
        assertThat(polled.description()).contains("io_uring with submission-queue polling");
    }

    @Test
    void eachIoIsHandedOverAsItIsQueuedAndTheBytesReadBack() throws IOException {
        int depth = 16;
        try (TestFile file = polled.createTestFile(
                     new TestFileRequest(dir, "sqpoll.tmp", true, false));
             AlignedBuffer out = polled.allocate((long) depth * BLOCK, BLOCK);
             AlignedBuffer in = polled.allocate((long) depth * BLOCK, BLOCK);
             IoQueue queue = file.openQueue(NativeIoBackend.IO_URING, depth)) {
            assertThat(queue.description()).contains("IORING_SETUP_SQPOLL")
                    .doesNotContain("refill in parts");
            // handed to the polling thread as it is queued, not held back until the wait
            long before = System.nanoTime();
            queue.submitWrite(0, out, 0, BLOCK, 0);
            assertThat(queue.issuedAtNanos(0) - before).isPositive();
            QueueEngineTest.awaitAll(queue, 1, BLOCK);
            QueueEngineTest.writeReversed(queue, out, depth);
            file.dataSync();
            QueueEngineTest.readInOrder(queue, in, depth);
        }
        assertThat(TestFiles.unnamedFiles(dir)).isEmpty();
    }

    @Test
    void aWorkloadRunsOnThePolledRingAndLinuxAioIsRefused() throws IOException {
        assertThat(new NativeIoBackend().withSqThreadPoll()).hasValueSatisfying(
                b -> assertThat(b.description()).contains("submission-queue polling"));
        WorkloadReport r = DriveSpeed.workload(dir).sqThreadPoll().size("8M").random()
                .readPercent(70).queueDepth(8).count(3000).seed(3).run();
        assertThat(r.engine().ioEngine()).isEqualTo(IoEngine.IO_URING);
        assertThat(r.engine().details().orElseThrow()).contains("IORING_SETUP_SQPOLL");
        assertThat(r.backend().description()).contains("submission-queue polling");
        assertThat(r.read().orElseThrow().totalIos() + r.write().orElseThrow().totalIos())
                .isEqualTo(3000);
        assertThatThrownBy(() -> DriveSpeed.workload(dir).backend(polled)
                .ioEngine(IoEngine.LIBAIO).size("8M").queueDepth(8).count(100).run())
                .hasMessageContaining("libaio").hasMessageContaining("SQPOLL");
        assertThatThrownBy(() -> DriveSpeed.workload(dir).sqThreadPoll()
                .ioEngine(IoEngine.LIBAIO).size("8M").queueDepth(8).count(100).run())
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("sqThreadPoll").hasMessageContaining("libaio");
        assertThatThrownBy(() -> DriveSpeed.workload(dir).backend("java").sqThreadPoll()
                .size("8M").queueDepth(8).count(100).run())
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("sqThreadPoll")
                .hasMessageContaining("the java backend has none");
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void atQueueDepthOneThePolledRingRunsNotPsync() throws IOException {
        WorkloadReport r = DriveSpeed.workload(dir).sqThreadPoll().size("4M").random().read()
                .count(500).seed(5).run();
        assertThat(r.parameters().queueDepth()).isEqualTo(1);
        assertThat(r.engine().ioEngine()).isEqualTo(IoEngine.IO_URING);
        assertThat(r.engine().details().orElseThrow()).contains("IORING_SETUP_SQPOLL");
        assertThat(r.read().orElseThrow().totalIos()).isEqualTo(500);
        WorkloadReport plain = DriveSpeed.workload(dir).size("4M").random().read().count(500)
                .seed(5).run();
        assertThat(plain.engine().ioEngine()).as("the choice at depth 1 without SQPOLL")
                .isEqualTo(IoEngine.PSYNC);
        assertThat(TestFiles.names(dir)).isEmpty();
    }
}
