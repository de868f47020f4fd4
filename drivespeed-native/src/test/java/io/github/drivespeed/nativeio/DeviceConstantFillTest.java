package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.medium.ConstantFill;
import io.github.drivespeed.report.DeviceReport;
import io.github.drivespeed.testing.FakeFlash;
import io.github.drivespeed.warning.Warning;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A read-only device test on a medium that answers never-written and discarded blocks at once
 * with a constant fill, as SSDs and cards do: zeros ({@code testbed/fake-flash --unwritten fast})
 * or 0xFF, as erased NAND flash reads ({@code --unwritten ff}). Flagged
 * {@link Warning#READ_CONSTANT_FILL} (not the drive's figure), naming the byte and how much read
 * as it, on the fresh medium and after a discard; not once data was written there.
 */
@Tag("privileged")
class DeviceConstantFillTest {

    private static final long READ_BPS = 32L << 20;
    private static final long MIB = 1L << 20;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "--unwritten {0}: blocks read as 0x{1}")
    @CsvSource({"fast, 00", "ff, FF"})
    void readsOfUnwrittenOrDiscardedBlocksAreFlaggedWithTheirByteAndReadsOfDataAreNot(
            String unwritten, String fillHex) throws Exception {
        int fill = Integer.parseInt(fillHex, 16);
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "256M", "--mode", "honest",
                "--read-bps", Long.toString(READ_BPS), "--unwritten", unwritten, "--fs", "none")) {
            Path dev = medium.device();
            DeviceReport fresh = read(dev, "fresh medium");
            assertThat(fresh.read().warnings()).contains(Warning.READ_CONSTANT_FILL);
            assertThat(fresh.read().notTheDrives()).contains(Warning.READ_CONSTANT_FILL);
            // the bed's truth: every block never written reads as its fill
            assertThat(fresh.constantFill()).contains(new ConstantFill(64 * MIB,
                    Map.of(fill, 64 * MIB)));
            assertThat(fresh.details()).contains("read: 67.1 MB (64.0 MiB) of 67.1 MB (64.0 MiB)"
                    + " read (100 %) came back as blocks of one byte repeated: 0x" + fillHex
                    + " 67.1 MB (64.0 MiB)");

            // data in [0, 64 MiB): what the read-only test reads next
            DriveSpeed.onDevice(dev).write().allowWritesTo(dev).count(8).runs(1).run();
            DeviceReport data = read(dev, "after 64 MiB written");
            assertThat(data.read().warnings()).doesNotContain(Warning.READ_CONSTANT_FILL);
            assertThat(data.constantFill()).contains(new ConstantFill(64 * MIB, Map.of()));
            // read at the bed's enforced rate, not at the speed of the fill
            assertThat(data.read().median().bytesPerSecond()).isLessThan(READ_BPS * 1.1);

            exec("blkdiscard", "-o", "0", "-l", Long.toString(48 * MIB), dev.toString());
            DeviceReport trimmed = read(dev, "after [0, 48 MiB) discarded");
            assertThat(trimmed.read().warnings()).contains(Warning.READ_CONSTANT_FILL);
            assertThat(trimmed.constantFill()).contains(new ConstantFill(64 * MIB,
                    Map.of(fill, 48 * MIB)));
        }
    }

    private static DeviceReport read(Path dev, String what) throws Exception {
        long start = System.nanoTime();
        DeviceReport r = DriveSpeed.onDevice(dev).count(8).runs(1).run();
        System.out.printf("read-only 8 x 8 MiB, %s: %s, warnings %s, %s (test %.2f s)%n", what,
                r.read().median(), r.read().warnings(), r.constantFill().orElseThrow(),
                (System.nanoTime() - start) / 1e9);
        return r;
    }

    private static void exec(String... command) throws Exception {
        Process p = new ProcessBuilder(List.of(command)).inheritIO().start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(String.join(" ", command)).isZero();
    }
}
