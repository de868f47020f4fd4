package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.report.CacheHandling;
import io.github.drivespeed.report.CapacityCheckReport;
import io.github.drivespeed.report.medium.DataLossKind;
import io.github.drivespeed.report.medium.FirstLoss;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.Verdict;
import io.github.drivespeed.report.medium.Verification;
import io.github.drivespeed.testing.DirectEinval;
import io.github.drivespeed.testing.FakeFlash;
import io.github.drivespeed.testing.TestFiles;
import io.github.drivespeed.warning.Warning;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fake media under FUSE file systems ({@code testbed/fake-flash}; this kernel has no vfat or
 * exfat driver, so exFAT and FAT go through exfat-fuse and fusefat, whose daemons read and write
 * the loop device through its page cache): the read-back reaches the medium once the device's
 * cache is dropped, or says it was not verified; EIO on reads past the real capacity is lost data,
 * the warm-up's included; and fusefat's largest file is refused before anything is written.
 */
@Tag("privileged")
class FuseMediaTest {

    private static final long MIB = 1 << 20;

    @TempDir
    Path dir;

    @Test
    void aFakeUnderExfatFuseLosesDataInTheCapacityCheckAndTheDefaultTest() throws Exception {
        // before: the read-back came from the loop device's page cache: OK, nothing lost
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "128M", "--real", "32M",
                "--mode", "limbo", "--fs", "exfat-fuse")) {
            Path fs = medium.mountDir();
            CapacityCheckReport check = DriveSpeed.verifyCapacity(fs).size("64M")
                    .backend("native").run();
            System.out.println("exfat-fuse over limbo 32M of 128M:\n" + check.details());
            assertThat(check.readBack().readHandling()).isEqualTo(CacheHandling.FUSE_DEVICE_EVICTED);
            assertThat(check.passed()).isFalse();
            assertThat(check.usableBytes()).isLessThanOrEqualTo(medium.realBytes());
            assertThat(check.readBack().verification().firstLoss().map(FirstLoss::kind)).contains(DataLossKind.ZEROS);
            assertThat(check.verdict().outcome()).isEqualTo(Verdict.Outcome.DATA_LOST);

            SpeedReport test = DriveSpeed.on(fs).backend("native").blockSize("4M").count(16)
                    .runs(1).run();
            System.out.println(test.details());
            assertThat(test.read().warnings()).contains(Warning.DATA_LOSS)
                    .doesNotContain(Warning.READ_SERVED_FROM_CACHE,
                            Warning.READ_BACK_NOT_VERIFIED);
            assertThat(test.read().samples()).allSatisfy(s -> assertThat(
                    s.accounting().cacheHandling()).isEqualTo(CacheHandling.FUSE_DEVICE_EVICTED));
            assertThat(test.verdict().dataLost()).isTrue();
            assertThat(TestFiles.testFiles(fs)).isEmpty();
        }
    }

    @Test
    void anHonestMediumUnderExfatFuseIsVerifiedAfterTheDevicesCacheIsDropped() throws Exception {
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "64M", "--mode", "honest",
                "--fs", "exfat-fuse")) {
            CapacityCheckReport check = DriveSpeed.verifyCapacity(medium.mountDir()).size("16M")
                    .backend("native").run();
            assertThat(check.readBack().readHandling()).isEqualTo(CacheHandling.FUSE_DEVICE_EVICTED);
            assertThat(check.passed()).isTrue();
            assertThat(check.verified()).isTrue();
            assertThat(check.verdict()).isEqualTo(Verdict.MEASURED);
            assertThat(check.details()).contains("result:     OK: usable 16.8 MB");
        }
    }

    @Test
    void aFakeUnderFusefatIsFoundThroughItsDaemon() throws Exception {
        // fusefat's mount names no device ("fusefat"): the daemon holding the loop device does
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "64M", "--real", "16M",
                "--mode", "limbo", "--fs", "fusefat")) {
            CapacityCheckReport check = DriveSpeed.verifyCapacity(medium.mountDir()).size("20M")
                    .backend("native").run();
            System.out.println("fusefat over limbo 16M of 64M:\n" + check.details());
            assertThat(check.readBack().readHandling()).isEqualTo(CacheHandling.FUSE_DEVICE_EVICTED);
            assertThat(check.passed()).isFalse();
            assertThat(check.usableBytes()).isLessThanOrEqualTo(medium.realBytes());
            assertThat(TestFiles.testFiles(medium.mountDir())).isEmpty();
        }
    }

    @Test
    void withNoDeviceUnderTheFuseMountTheReadBackIsNotVerified() throws Exception {
        // a FUSE passthrough to a directory: its daemon holds no block device (as root, its
        // descriptors are read), so there is no device whose cache could be dropped
        try (DirectEinval fs = DirectEinval.up(dir, 1000)) {
            Path mount = fs.mountDir();
            SpeedReport test = DriveSpeed.on(mount).backend("native").blockSize("1M").count(8)
                    .runs(1).run();
            assertThat(test.read().samples()).allSatisfy(s -> assertThat(
                    s.accounting().cacheHandling()).isEqualTo(CacheHandling.FUSE_NO_LOCAL_DEVICE));
            assertThat(test.read().warnings()).contains(Warning.READ_BACK_NOT_VERIFIED)
                    .doesNotContain(Warning.DATA_LOSS);
            assertThat(test.verdict().reasons()).contains(Warning.READ_BACK_NOT_VERIFIED);

            CapacityCheckReport check = DriveSpeed.verifyCapacity(mount).size("8M")
                    .backend("native").run();
            assertThat(check.verified()).isFalse();
            assertThat(check.verdict().reasons()).containsExactly(Warning.READ_BACK_NOT_VERIFIED);
            assertThat(check.details()).contains("result:     NOT VERIFIED");
            assertThat(TestFiles.testFiles(mount)).isEmpty();
        }
    }

    @Test
    void readsFailingPastTheRealCapacityAreLostDataNotAFailedRun() throws Exception {
        // before: the warm-up's read-back met EIO and the run failed (exit code 3)
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "256M", "--real", "64M",
                "--mode", "limbo", "--read-eio-from", "64M", "--fs", "ext4")) {
            Path fs = medium.mountDir();
            SpeedReport test = DriveSpeed.on(fs).backend("native").blockSize("4M").count(16)
                    .runs(2).run();
            System.out.println(test.details());
            Verification v = test.read().samples().get(0).findings().verification().orElseThrow();
            assertThat(v.lostBytes()).isPositive();
            assertThat(v.lostBytesByKind()).containsKey(DataLossKind.UNREADABLE);
            assertThat(v.firstLoss()).isPresent();
            assertThat(test.verdict().dataLost()).isTrue();
            assertThat(TestFiles.testFiles(fs)).isEmpty();
        }
    }

    @Test
    void readsFailingPastTheRealCapacityUnderExfatFuseAreLostData() throws Exception {
        // the daemon's read of the device fails only once its page cache no longer has the data
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "128M", "--real", "32M",
                "--mode", "limbo", "--read-eio-from", "32M", "--fs", "exfat-fuse")) {
            SpeedReport test = DriveSpeed.on(medium.mountDir()).backend("native")
                    .blockSize("4M").count(8).runs(1).run();
            System.out.println(test.details());
            assertThat(test.read().warnings()).contains(Warning.DATA_LOSS);
            assertThat(test.read().samples().get(0).findings().verification().orElseThrow()
                    .lostBytesByKind()).containsKey(DataLossKind.UNREADABLE);
        }
    }

    @Test
    void aTestFileLargerThanFusefatWritesIsRefusedBeforeAnyIo() throws Exception {
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "64M", "--mode", "honest",
                "--fs", "fusefat")) {
            Path fs = medium.mountDir();
            // 3 GiB: over fusefat's 2 GiB - 1 B (its writes at 2 GiB fail with EPERM)
            assertThatThrownBy(() -> DriveSpeed.on(fs).backend("native").blockSize("64M")
                    .count(48).runs(1).run())
                    .isInstanceOfSatisfying(InvalidSettingException.class,
                            e -> assertThat(e.setting()).isEqualTo("count"))
                    .hasMessageContaining("the largest file fusefat writes (2147483647 bytes)")
                    .hasMessageContaining("a test file of 3 GiB (3221225472 bytes");
            assertThat(TestFiles.names(fs)).isEmpty();
        }
    }
}
