package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.CapacityCheckReport;
import io.github.drivespeed.report.medium.DataLossKind;
import io.github.drivespeed.report.medium.FirstLoss;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.testing.FakeFlash;
import io.github.drivespeed.testing.TestFiles;
import io.github.drivespeed.warning.Warning;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The capacity check of a directory (f3write + f3read) on ext4 over emulated media
 * ({@code testbed/fake-flash}): usable bytes at most the real size and at least the real size
 * minus the file system's own blocks; an honest medium loses nothing; a duration ends the fill
 * (and only what was written is read back), a size that comes first ends it too; and the default
 * speed test on a medium that wraps reports the loss.
 */
@Tag("privileged")
class CapacityCheckTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}: {1} of {2}")
    @CsvSource({"wrap, 100M, 256M", "limbo, 64M, 256M", "honest, 256M, 256M"})
    void theFillFindsWhatTheMediumStores(String mode, String real, String claimed)
            throws Exception {
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", claimed, "--real", real,
                "--mode", mode, "--fs", "ext4")) {
            Path fs = medium.mountDir();
            long total = Files.getFileStore(fs).getTotalSpace();
            long free = Files.getFileStore(fs).getUsableSpace();
            long overhead = medium.claimedBytes() - free;
            CapacityCheckReport r = DriveSpeed.verifyCapacity(fs).backend("native").run();
            System.out.println("fake-flash " + mode + " real " + real + " claimed " + claimed
                    + " (file-system overhead " + overhead + " B of " + total + "):\n" + r.details());
            long truth = medium.realBytes();
            assertThat(r.usableBytes()).isLessThanOrEqualTo(truth)
                    .isGreaterThanOrEqualTo(Math.min(truth, free) - overhead);
            if (mode.equals("honest")) {
                assertThat(r.passed()).isTrue();
                assertThat(r.lostBytes()).isZero();
            } else {
                assertThat(r.passed()).isFalse();
                assertThat(r.readBack().verification().firstLoss().map(FirstLoss::kind)).get().isEqualTo(mode.equals("wrap")
                        ? DataLossKind.ALIASED : DataLossKind.ZEROS);
            }
            assertThat(TestFiles.names(fs)).doesNotContain("drivespeed");
            assertThat(TestFiles.testFiles(fs)).isEmpty();
        }
    }

    @Test
    void aDurationEndsTheFillAndWhatWasWrittenIsReadBackAndRemoved() throws Exception {
        // ext4 over a medium held to 4 MiB/s: 64 MiB would take 16 s to write
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "128M", "--mode", "honest",
                "--slow-bps", "4194304", "--fs", "ext4")) {
            Path fs = medium.mountDir();
            long mib = 1 << 20;
            CapacityCheckReport timed = DriveSpeed.verifyCapacity(fs).size("64M")
                    .duration(Duration.ofSeconds(1)).backend("native").run();
            System.out.println("fake-flash honest at 4 MiB/s, 64M within 1 s:\n" + timed.details());
            assertThat(timed.fill().stop()).isEqualTo(CapacityCheckReport.Stop.DURATION);
            assertThat(timed.fill().writtenBytes()).isPositive().isLessThan(64 * mib);
            assertThat(timed.fill().writtenBytes() % mib).isZero();
            assertThat(timed.readBack().verification().checkedBytes()).isEqualTo(timed.fill().writtenBytes());
            assertThat(timed.usableBytes()).isEqualTo(timed.fill().writtenBytes());
            assertThat(timed.passed()).isTrue();
            assertThat(timed.details()).contains("the fill stopped at the duration given");
            assertThat(TestFiles.testFiles(fs)).isEmpty();

            // the size comes first: the duration does not end it
            CapacityCheckReport sized = DriveSpeed.verifyCapacity(fs).size("2M")
                    .duration(Duration.ofSeconds(30)).backend("native").run();
            assertThat(sized.fill().stop()).isEqualTo(CapacityCheckReport.Stop.SIZE);
            assertThat(sized.fill().writtenBytes()).isEqualTo(2 * mib);
            assertThat(sized.details()).doesNotContain("duration");
            assertThat(TestFiles.testFiles(fs)).isEmpty();
        }
    }

    @Test
    void theDefaultTestOnAWrappingMediumReportsDataLoss() throws Exception {
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "256M", "--real", "64M",
                "--mode", "wrap", "--fs", "none")) {
            Path dev = medium.device();
            SpeedReport unused = null;
            var r = DriveSpeed.onDevice(dev).write().allowWritesTo(dev).count(32).runs(1).run();
            System.out.println(r.details());
            assertThat(r.read().warnings()).contains(Warning.DATA_LOSS);
            assertThat(r.read().notTheDrives()).contains(Warning.DATA_LOSS);
            assertThat(r.read().verification().get().firstLoss().map(FirstLoss::kind)).get()
                    .isEqualTo(DataLossKind.ALIASED);
        }
    }
}
