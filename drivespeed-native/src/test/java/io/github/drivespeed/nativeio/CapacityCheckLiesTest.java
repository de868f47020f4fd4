package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.CapacityCheckReport;
import io.github.drivespeed.report.medium.DataLossKind;
import io.github.drivespeed.testing.FakeFlash;
import io.github.drivespeed.testing.TestFiles;
import io.github.drivespeed.warning.Warning;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The capacity check of a directory on ext4 over a medium whose writes fail with EIO past its
 * real size ({@code testbed/fake-flash --write-eio-from}): the fill stops there, what was written
 * is read back, and the failure is data lost with where it happened, not an I/O error.
 */
@Tag("privileged")
class CapacityCheckLiesTest {

    @TempDir
    Path dir;

    @Test
    void writesThatFailWithEioEndTheFillAsAFinding() throws Exception {
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "256M", "--real", "64M",
                "--mode", "limbo", "--write-eio-from", "64M", "--fs", "ext4")) {
            Path fs = medium.mountDir();
            long start = System.nanoTime();
            CapacityCheckReport r = DriveSpeed.verifyCapacity(fs).size("128M").backend("native")
                    .run();
            System.out.printf("ext4 over limbo 64M of 256M, writes EIO from 64M:%n%s(test %.2f s)%n",
                    r, (System.nanoTime() - start) / 1e9);
            assertThat(r.fill().stop()).isEqualTo(CapacityCheckReport.Stop.WRITE_FAILED);
            // ext4 may place the file past 64 MiB: then its first write fails
            assertThat(r.writeFailureOffsetBytes().orElseThrow()).isBetween(0L, medium.realBytes());
            assertThat(r.passed()).isFalse();
            assertThat(r.warnings()).contains(Warning.DATA_LOSS);
            assertThat(r.readBack().verification().lostBytesByKind()).containsKey(DataLossKind.UNWRITABLE);
            // everything written before the failure was read back
            assertThat(r.readBack().verification().checkedBytes()).isGreaterThan(r.fill().writtenBytes());
            assertThat(r.usableBytes()).isLessThanOrEqualTo(medium.realBytes());
            assertThat(r.details()).contains("writes failed with EIO from");
            assertThat(TestFiles.testFiles(fs)).isEmpty();
        }
    }
}
