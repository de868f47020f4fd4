package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.unit.DataSize;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A block the machine cannot hold is refused before any I/O, naming the block size and the
 * memory: the native backend's memory is reserved lazily, so without the check such a run was
 * ended by the kernel's OOM killer mid-pass (exit 137, no message). The other outcome, a block
 * that fits, is every other test's.
 */
class MemoryRefusalTest {

    @TempDir
    Path dir;

    @Test
    void aBlockLargerThanTheAvailableMemoryIsRefusedBeforeAnyIo() throws Exception {
        long available = availableBytes();
        // a whole number of MiB, 1 GiB above what is available: refused whatever the disk holds
        long block = (available / DataSize.MEBIBYTE + 1024) * DataSize.MEBIBYTE;
        InvalidSettingException e = catchThrowableOfType(() -> DriveSpeed.on(dir)
                .backend(new NativeIoBackend()).blockSize(DataSize.ofBytes(block)).count(1)
                .runs(1).run(), InvalidSettingException.class);
        assertThat(e).isNotNull();
        assertThat(e.setting()).isEqualTo("blockSize");
        assertThat(e.getMessage()).contains("of memory (the write pool, and a second block to"
                + " read back into for verification), more than the").contains("MemAvailable");
        try (var left = Files.list(dir)) {
            assertThat(left).isEmpty();
        }
        // without verification one block less is needed, and the message says what it is
        InvalidSettingException noVerify = catchThrowableOfType(() -> DriveSpeed.on(dir)
                .backend(new NativeIoBackend()).blockSize(DataSize.ofBytes(block)).count(1)
                .runs(1).noVerify().run(), InvalidSettingException.class);
        assertThat(noVerify.getMessage()).contains("(the write pool, which the reads reuse)");
    }

    @Test
    void aSmallBlockIsMeasuredAsBefore() throws Exception {
        SpeedReport r = DriveSpeed.on(dir).backend(new NativeIoBackend()).blockSize("1M")
                .count(2).runs(1).run();
        assertThat(r.write().totalBytes()).isEqualTo(2 * DataSize.MEBIBYTE);
    }

    private static long availableBytes() throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
            if (line.startsWith("MemAvailable:")) {
                return Long.parseLong(line.replaceAll("\\D", "")) * 1024;
            }
        }
        throw new AssertionError("no MemAvailable in /proc/meminfo");
    }
}
