package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.spi.TestFileRequest;
import io.github.drivespeed.spi.TimedTransfers;
import io.github.drivespeed.testing.TestFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JNI stub's loop of timed pread/pwrite calls: what it writes lands where it was told, what
 * it reads is what is there, each I/O gets its own clock reading after it, and it stops where it
 * says (the deadline, end of file, an error) with the result of the I/O it stopped after.
 */
class NativeTimedTransfersTest {

    private static final int BLOCK = 4096;
    private static final int IOS = 16;

    @TempDir
    Path dir;

    private final NativeIoBackend io = new NativeIoBackend();

    private TestFile create() throws IOException {
        return io.createTestFile(new TestFileRequest(dir, "timed.tmp", true, false));
    }

    @Test
    void writesLandWhereTheySaidReadsReturnThemAndEachIoIsTimedAfterItReturned()
            throws IOException {
        try (TestFile file = create();
             AlignedBuffer out = io.allocate((long) IOS * BLOCK, BLOCK);
             AlignedBuffer in = io.allocate((long) IOS * BLOCK, BLOCK);
             TimedTransfers loop = file.timedTransfers(IOS).orElseThrow()) {
            assertThat(loop.capacity()).isEqualTo(IOS);
            for (int i = 0; i < IOS; i++) {
                out.window((long) i * BLOCK, BLOCK).putLong(0, 1000L + i);
                // block i goes to file block IOS - 1 - i: order and place both checked
                loop.set(i, out, (long) i * BLOCK, BLOCK, (long) (IOS - 1 - i) * BLOCK);
            }
            long before = System.nanoTime();
            assertThat(loop.transfer(true, BLOCK, 0, IOS, Long.MAX_VALUE / 4)).isEqualTo(IOS);
            long after = System.nanoTime();
            assertThat(loop.stopResult()).isEqualTo(BLOCK);
            assertThat(loop.timeNanos(0)).isBetween(before, after);
            for (int i = 0; i < IOS; i++) {
                assertThat(loop.timeNanos(i + 1)).isGreaterThanOrEqualTo(loop.timeNanos(i))
                        .isLessThanOrEqualTo(after);
            }
            for (int i = 0; i < IOS; i++) {
                loop.set(i, in, (long) i * BLOCK, BLOCK, (long) i * BLOCK);
            }
            assertThat(loop.transfer(false, BLOCK, 0, IOS, Long.MAX_VALUE / 4)).isEqualTo(IOS);
            for (int i = 0; i < IOS; i++) {
                ByteBuffer read = in.window((long) i * BLOCK, BLOCK);
                assertThat(read.getLong(0)).as("file block %d", i).isEqualTo(1000L + IOS - 1 - i);
            }
        }
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void aPassedDeadlineStartsNoIoAndTheRunFromTheMiddleKeepsItsNumbers() throws IOException {
        try (TestFile file = create();
             AlignedBuffer out = io.allocate(BLOCK, BLOCK);
             TimedTransfers loop = file.timedTransfers(IOS).orElseThrow()) {
            for (int i = 0; i < IOS; i++) {
                loop.set(i, out, 0, BLOCK, (long) i * BLOCK);
            }
            assertThat(loop.transfer(true, BLOCK, 0, IOS, System.nanoTime())).isZero();
            assertThat(loop.stopResult()).isEqualTo(BLOCK);
            assertThat(loop.transfer(true, BLOCK, 4, 9, Long.MAX_VALUE / 4)).isEqualTo(5);
            assertThat(loop.timeNanos(9)).isGreaterThanOrEqualTo(loop.timeNanos(4));
            assertThat(Files.size(TestFiles.unnamedFiles(dir).get(0)))
                    .as("blocks 4 to 8 written, so the file ends after block 8")
                    .isEqualTo(9L * BLOCK);
        }
    }

    @Test
    void aReadAtTheEndOfTheFileStopsTheLoopWithItsResult() throws IOException {
        try (TestFile file = create();
             AlignedBuffer buffer = io.allocate(BLOCK, BLOCK);
             TimedTransfers loop = file.timedTransfers(4).orElseThrow()) {
            for (int i = 0; i < 4; i++) {
                loop.set(i, buffer, 0, BLOCK, (long) i * BLOCK);
            }
            assertThat(loop.transfer(true, BLOCK, 0, 2, Long.MAX_VALUE / 4)).isEqualTo(2);
            // blocks 0 and 1 exist; block 2 is past the end: read returns 0
            assertThat(loop.transfer(false, BLOCK, 0, 4, Long.MAX_VALUE / 4)).isEqualTo(2);
            assertThat(loop.stopResult()).isZero();
            assertThat(loop.timeNanos(3)).isGreaterThanOrEqualTo(loop.timeNanos(2));
        }
    }

    @Test
    void aFailingCallStopsTheLoopWithMinusErrno() throws IOException {
        try (TestFile file = create();
             AlignedBuffer buffer = io.allocate(2L * BLOCK, BLOCK);
             TimedTransfers loop = file.timedTransfers(2).orElseThrow()) {
            loop.set(0, buffer, 0, BLOCK, 0);
            // an O_DIRECT write at an offset that is not a multiple of the block: EINVAL
            loop.set(1, buffer, 0, BLOCK, 1);
            assertThat(loop.transfer(true, BLOCK, 0, 2, Long.MAX_VALUE / 4)).isEqualTo(1);
            assertThat(loop.stopResult()).isEqualTo(-Errno.EINVAL);
        }
    }

    @Test
    void withoutTheStubThereIsNoLoopAndAQueueDepthOneWorkloadStillRuns() throws IOException {
        NativeIoBackend jna = new NativeIoBackend(false);
        try (TestFile file = jna.createTestFile(new TestFileRequest(dir, "jna.tmp", true, false))) {
            assertThat(file.timedTransfers(8)).isEmpty();
        }
        WorkloadReport r = DriveSpeed.workload(dir).backend(jna).ioEngine("psync").size("4M")
                .random().readPercent(100).count(256).run();
        assertThat(r.read().orElseThrow().totalIos()).isEqualTo(256);
    }
}
