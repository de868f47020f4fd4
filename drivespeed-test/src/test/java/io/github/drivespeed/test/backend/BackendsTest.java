package io.github.drivespeed.test.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.spi.QueueEngine;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.spi.TestFileRequest;
import io.github.drivespeed.testing.TestFiles;
import io.github.drivespeed.unit.DataSize;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The test backends do real I/O and inject, record and check what they say, on a real file. */
class BackendsTest {

    private static final int BLOCK = 64 * 1024;

    @TempDir
    Path dir;

    @AfterEach
    void nothingLeftBehind() throws IOException {
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void aWriteFaultInAMeasuredRunFailsTheRunAndCleansUp() {
        IOException eio = new IOException("pwrite failed: EIO (Input/output error)");
        // the warm-up writes offset 0 first; the second write there is the measured run's
        FaultyBackend faulty = FaultyBackend.failingOnCall(IoOperation.WRITE, 0, 2, eio);
        assertThatThrownBy(() -> DriveSpeed.on(dir).blockSize("64K").count(4).runs(1)
                .directOrBuffered().backend(faulty).run())
                .isInstanceOf(IOException.class).hasStackTraceContaining("EIO");
        assertThat(faulty.matchingCallCount()).isEqualTo(2);
    }

    @Test
    void aFaultThatNeverMatchesChangesNothing() throws IOException {
        FaultyBackend faulty = FaultyBackend.failing(IoOperation.READ, 1L << 40,
                new IOException("never"));
        SpeedReport report = DriveSpeed.on(dir).blockSize("64K").count(4).runs(1)
                .directOrBuffered().backend(faulty).run();
        assertThat(report.backend().name()).isEqualTo("faulty");
        assertThat(faulty.matchingCallCount()).isZero();
    }

    @Test
    void shortTransfersAreLoopedToWholeBlocks() throws IOException {
        FaultyBackend faulty = FaultyBackend.shortTransfers(DataSize.ofKibibytes(4));
        SpeedReport report = DriveSpeed.on(dir).blockSize("64K").count(4).runs(1)
                .directOrBuffered().backend(faulty).run();
        assertThat(faulty.shortTransferCount()).isPositive();
        assertThat(report.write().totalBytes()).isEqualTo(4L * BLOCK);
        assertThat(report.read().totalBytes()).isEqualTo(4L * BLOCK);
    }

    @Test
    void badFaultsAreRefusedNamingTheSetting() {
        IOException e = new IOException("x");
        assertThatThrownBy(() -> FaultyBackend.failing(IoOperation.WRITE, -1, e))
                .hasMessage("offset must be >= 0 for WRITE: -1");
        assertThatThrownBy(() -> FaultyBackend.failing(IoOperation.DATA_SYNC, 0, e))
                .hasMessage("offset must be NO_OFFSET (-1) for DATA_SYNC: 0");
        assertThatThrownBy(() -> FaultyBackend.failing(IoOperation.CLOSE, 0, e))
                .hasMessage("offset must be NO_OFFSET (-1) for CLOSE: 0");
        assertThatThrownBy(() -> FaultyBackend.failingOnCall(IoOperation.READ, 0, 0, e))
                .hasMessage("nth must be >= 1: 0");
        assertThatThrownBy(() -> FaultyBackend.shortTransfers(DataSize.ofBytes(0)))
                .hasMessage("maxBytes must be > 0: 0");
    }

    @Test
    void aFailingFlushFailsTheWritePass() {
        FaultyBackend faulty = FaultyBackend.failing(IoOperation.DATA_SYNC, FaultyBackend.NO_OFFSET,
                new IOException("fdatasync failed: EIO"));
        assertThatThrownBy(() -> DriveSpeed.on(dir).blockSize("64K").count(2).runs(1)
                .directOrBuffered().backend(faulty).run())
                .hasStackTraceContaining("fdatasync failed: EIO");
    }

    @Test
    void aFailingCloseFailsTheRunAfterTheFileReallyClosedAndIsRemoved() {
        // the warm-up's test file closes first; the second close is the measured run's
        FaultyBackend faulty = FaultyBackend.failingOnCall(IoOperation.CLOSE,
                FaultyBackend.NO_OFFSET, 2, new IOException("close failed: EIO"));
        assertThatThrownBy(() -> DriveSpeed.on(dir).blockSize("64K").count(2).runs(1)
                .directOrBuffered().backend(faulty).run())
                .isInstanceOf(IOException.class).hasStackTraceContaining("close failed: EIO");
        assertThat(faulty.matchingCallCount()).isEqualTo(2);
    }

    @Test
    void aForwardingBackendOffersTheQueueEnginesOfItsDelegate() {
        List<QueueEngine> engines = List.of(QueueEngine.available("io_uring"));
        ForwardingBackend withEngines = new ForwardingBackend() {
            @Override
            protected TestFile wrap(TestFile file, TestFileRequest request) {
                return file;
            }

            @Override
            public List<QueueEngine> queueEngines() {
                return engines;
            }
        };
        assertThat(FaultyBackend.shortTransfers(withEngines, DataSize.ofKibibytes(4))
                .queueEngines()).isEqualTo(engines);
    }

    @Test
    void theRecordingBackendSeesEveryBlockAndTheBytesWritten() throws IOException {
        RecordingBackend recording = RecordingBackend.callsAndContent();
        DriveSpeed.on(dir).blockSize("64K").count(4).runs(1).directOrBuffered()
                .backend(recording).run();
        List<RecordingBackend.Call> writes = recording.recordedCalls(IoOperation.WRITE);
        assertThat(writes).isNotEmpty().allSatisfy(c -> assertThat(c.lengthBytes()).isEqualTo(BLOCK));
        assertThat(recording.recordedCalls(IoOperation.DATA_SYNC)).isNotEmpty();
        assertThat(recording.recordedCalls(IoOperation.READ)).isNotEmpty();
        assertThat(recording.recordedCalls()).hasSizeGreaterThanOrEqualTo(writes.size() + 2);
        if (recording.lastFileContent().isPresent()) {
            assertThat(recording.lastFileContent().get()).hasSize(4 * BLOCK);
        }
        assertThat(RecordingBackend.calls().lastFileContent()).isEmpty();
    }

    @Test
    void theCheckingBackendPassesAnHonestRunAndCatchesForeignBytes() throws IOException {
        CheckingBackend checking = CheckingBackend.limitedTo(DataSize.ofBytes(4L * BLOCK));
        DriveSpeed.on(dir).blockSize("64K").count(4).runs(1).directOrBuffered()
                .backend(checking).run();
        assertThat(checking.problems()).isEmpty();

        // bytes that another writer put into the file are caught on the read
        CheckingBackend catching = CheckingBackend.limitedTo(DataSize.ofBytes(BLOCK));
        try (TestFile file = catching.createTestFile(new TestFileRequest(dir,
                "drivespeed-" + ProcessHandle.current().pid() + "-checking.tmp", false, false));
                var buffer = catching.allocate(BLOCK, 4096)) {
            buffer.window(0, BLOCK).put(new byte[BLOCK]);
            file.write(buffer, 0, BLOCK, 0);
            try (FileChannel other = FileChannel.open(file.path().orElseThrow(),
                    StandardOpenOption.WRITE)) {
                other.write(ByteBuffer.wrap(new byte[] {42}), 100);
            }
            assertThatThrownBy(() -> file.read(buffer, 0, BLOCK, 0))
                    .isInstanceOf(AssertionError.class)
                    .hasMessageEndingWith(": bytes read at offset 0 are not the bytes written there");
        }
        assertThat(catching.problems()).hasSize(1);
        assertThatThrownBy(() -> CheckingBackend.limitedTo(DataSize.ofBytes(0)))
                .hasMessageStartingWith("maxFileBytes must be in [1, ");
    }
}
