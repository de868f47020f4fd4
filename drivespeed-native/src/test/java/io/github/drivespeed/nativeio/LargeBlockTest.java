package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.test.backend.FaultyBackend;
import io.github.drivespeed.testing.TestFiles;
import io.github.drivespeed.unit.DataSize;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A block larger than 2 GiB (dd's {@code bs=8GiB} moves only 2 GiB - 4 KiB in one write and
 * reports a partial record): the native backend's calls return at most 2 GiB - 4 KiB, the engine
 * loops, and every byte is moved, counted and on disk as generated. Needs about 4.2 GiB of memory
 * (write pool and read buffer) and 2.1 GiB of disk; the file is removed.
 */
class LargeBlockTest {

    @TempDir
    Path dir;

    @Test
    void aBlockOf2GiBPlus1MiBIsMovedWholeInSeveralCalls() throws Exception {
        long block = DataSize.GIBIBYTE * 2 + DataSize.MEBIBYTE;
        Assumptions.assumeTrue(Files.getFileStore(dir).getUsableSpace() > 4 * block,
                "needs 4 x 2 GiB of free disk");
        FaultyBackend counting = FaultyBackend.shortTransfers(new NativeIoBackend(),
                DataSize.ofBytes(Long.MAX_VALUE));
        VerifyingCapture capture = new VerifyingCapture(dir, block, 1);
        SpeedReport report = DriveSpeed.on(dir).backend(counting).blockSize(DataSize.ofBytes(block))
                .count(1).runs(1).listener(capture).run();
        assertThat(report.write().totalBytes()).isEqualTo(block);
        assertThat(report.read().totalBytes()).isEqualTo(block);
        assertThat(report.write().samples()).singleElement()
                .satisfies(s -> assertThat(s.bytes()).isEqualTo(block));
        assertThat(capture.nonces()).hasSize(1);
        // warm-up and run 1, write and read: each pass needed a call that moved less than asked
        assertThat(counting.shortReturnCount()).isGreaterThanOrEqualTo(4);
        assertThat(TestFiles.names(dir)).isEmpty();
    }
}
