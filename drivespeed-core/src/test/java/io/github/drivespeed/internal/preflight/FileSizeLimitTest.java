package io.github.drivespeed.internal.preflight;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.report.CapacityCheckReport;
import io.github.drivespeed.testing.TestFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The largest file known before any I/O: the soft RLIMIT_FSIZE as {@code /proc/PID/limits}
 * gives it, and the file systems' limits by type.
 */
class FileSizeLimitTest {

    private static final String HEADER = "Limit                     Soft Limit           Hard Limit"
            + "           Units     \n"
            + "Max cpu time              unlimited            unlimited            seconds   \n";

    @TempDir
    Path dir;

    @Test
    void theSoftFileSizeLimitOfTheProcessIsRead() throws IOException {
        Path limits = Files.writeString(dir.resolve("limits"), HEADER
                + "Max file size             16777216             unlimited            bytes     \n"
                + "Max data size             unlimited            unlimited            bytes     \n");
        FileSizeLimit limit = FileSizeLimit.ofProcess(limits).orElseThrow();
        assertThat(limit.bytes()).isEqualTo(16L << 20);
        assertThat(limit.describe(dir)).isEqualTo("RLIMIT_FSIZE (ulimit -f) (16777216 bytes) for"
                + " this process");
    }

    @Test
    void noLimitWhenUnlimitedOrUnreadable() throws IOException {
        Path limits = Files.writeString(dir.resolve("limits"), HEADER
                + "Max file size             unlimited            unlimited            bytes     \n");
        assertThat(FileSizeLimit.ofProcess(limits)).isEmpty();
        assertThat(FileSizeLimit.ofProcess(dir.resolve("absent"))).isEmpty();
    }

    @Test
    void fatAndFusefatLimitTheFileAndOthersDoNot() {
        // FAT32's size field is 32 bits; fusefat refuses writes at file offsets from 2 GiB
        assertThat(FileSizeLimit.ofFileSystem("vfat", "/dev/sdb1").orElseThrow().bytes())
                .isEqualTo((4L << 30) - 1);
        assertThat(FileSizeLimit.ofFileSystem("msdos", "/dev/sdb1").orElseThrow().bytes())
                .isEqualTo((4L << 30) - 1);
        assertThat(FileSizeLimit.ofFileSystem("fuse.fusefat", "fusefat").orElseThrow().bytes())
                .isEqualTo((2L << 30) - 1);
        assertThat(FileSizeLimit.ofFileSystem("fuse.fusefat", "fusefat").orElseThrow()
                .describe(Path.of("/media/card"))).isEqualTo("the largest file fusefat writes"
                        + " (2147483647 bytes) on /media/card");
        assertThat(FileSizeLimit.ofFileSystem("ext4", "/dev/sdb1")).isEmpty();
        assertThat(FileSizeLimit.ofFileSystem("tmpfs", "tmpfs")).isEmpty();
        // a fuseblk whose source is no readable device with a FAT boot sector: unknown
        assertThat(FileSizeLimit.ofFileSystem("fuseblk", dir.toString())).isEmpty();
    }

    @Test
    void underUlimitFATooLargeTestFileIsRefusedAndTheCapacityCheckSizesItsFilesUnderIt()
            throws Exception {
        // this JVM's own soft RLIMIT_FSIZE lowered to 16 MiB for the test (prlimit(1)), then
        // given back; the JVM ignores SIGXFSZ, so a write past it would fail with EFBIG
        Path self = Path.of("/proc/self/limits");
        String before = FileSizeLimit.ofProcess(self).map(l -> Long.toString(l.bytes()))
                .orElse("unlimited");
        Assumptions.assumeTrue(prlimit("16777216:"), "prlimit(1) could not lower the limit");
        try {
            assertThatThrownBy(() -> DriveSpeed.on(dir).blockSize("1M").count(32).runs(1).run())
                    .isInstanceOfSatisfying(InvalidSettingException.class,
                            e -> assertThat(e.setting()).isEqualTo("count"))
                    .hasMessageContaining("larger than RLIMIT_FSIZE (ulimit -f) (16777216 bytes)");
            assertThat(TestFiles.names(dir)).isEmpty();

            CapacityCheckReport check = DriveSpeed.verifyCapacity(dir).size("24M").run();
            assertThat(check.fill().fileBytes()).isEqualTo(16L << 20);
            assertThat(check.fill().files()).isEqualTo(2);
            assertThat(check.passed()).isTrue();
            assertThat(TestFiles.names(dir)).isEmpty();
        } finally {
            assertThat(prlimit(before + ":")).as("RLIMIT_FSIZE given back").isTrue();
        }
    }

    private static boolean prlimit(String fsize) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(List.of("prlimit", "--pid",
                Long.toString(ProcessHandle.current().pid()), "--fsize=" + fsize))
                .redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
    }
}
