package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.CacheHandling;
import io.github.drivespeed.report.CapacityCheckReport;
import io.github.drivespeed.report.medium.DataLossKind;
import io.github.drivespeed.report.medium.FirstLoss;
import io.github.drivespeed.report.DeviceReport;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.Verdict;
import io.github.drivespeed.report.medium.Verification;
import io.github.drivespeed.report.medium.WarmUpWrite;
import io.github.drivespeed.testing.FakeFlash;
import io.github.drivespeed.testing.SshfsLoopback;
import io.github.drivespeed.testing.TestFiles;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The media that still fooled the checks, and findings whose details were wrong, each on a bed
 * whose truth is known ({@code testbed/fake-flash}, {@code testbed/sshfs-loopback}): a single
 * flipped bit (corrupted, not aliased), reads that fail with EIO (not other I/O), a medium slow on
 * first writes only (the warm-up's new blocks against the runs' rewrites), exFAT over FUSE on a
 * medium that wraps (its EIO at close part of the loss), sshfs as root (not verified, and not
 * for want of root).
 */
@Tag("privileged")
class MediaFindingsTest {

    private static final long MIB = 1L << 20;

    @TempDir
    Path dir;

    @Test
    void aSingleFlippedBitIsOneCorruptedSectorNotAliasing() throws Exception {
        // before: "overwritten by another offset's data (aliasing), holds the data of offset
        // 1179648": the bit flipped is bit 17 of the sector's offset stamp
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "256M", "--mode", "honest",
                "--flip-bit", "1048581:1", "--fs", "none")) {
            Path dev = medium.device();
            DeviceReport r = DriveSpeed.onDevice(dev).write().allowWritesTo(dev)
                    .blockSize("4M").count(16).runs(1).run();
            long flipped = Long.parseLong(medium.info("FLIP_BIT_OFFSET"));
            Verification v = r.read().verification().orElseThrow();
            assertThat(v.lostBytes()).isEqualTo(512);
            assertThat(v.firstLoss()).contains(FirstLoss.at(flipped / 512 * 512,
                    DataLossKind.CORRUPTED));
            assertThat(v.lostBytesByKind()).containsExactly(Map.entry(DataLossKind.CORRUPTED,
                    512L));
            assertThat(r.details()).doesNotContain("aliasing");
        }
    }

    @Test
    void readsThatFailWithEioAreNotOtherIoOnTheDevice() throws Exception {
        // before: FOREIGN_IO, "device loop0 read 134.2 MB (128.0 MiB) ... while this pass read
        // 46.1 MB (44.0 MiB)": the device counts the failed reads drivespeed itself issued
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "256M", "--real", "64M",
                "--mode", "limbo", "--read-eio-from", "64M", "--fs", "ext4")) {
            SpeedReport test = DriveSpeed.on(medium.mountDir()).backend("native")
                    .blockSize("4M").count(32).runs(1).run();
            System.out.println(test.details());
            Sample read = test.read().samples().get(0);
            Verification v = read.findings().verification().orElseThrow();
            assertThat(v.lostBytesByKind()).containsKey(DataLossKind.UNREADABLE);
            // what the device moved: the blocks asked of it, failed ones included (measured: 126
            // of the 128 MiB issued; the kernel may give up on the rest of a failing request),
            // far more than the pass counts as read
            long issued = 32 * 4 * MIB;
            assertThat(read.bytes()).isLessThan(issued / 2);
            assertThat(read.accounting().deviceIo().orElseThrow().readBytes())
                    .isGreaterThan(read.bytes() + issued / 4);
            assertThat(test.read().warnings()).contains(Warning.DATA_LOSS)
                    .doesNotContain(Warning.FOREIGN_IO);
        }
    }

    @Test
    void aMediumSlowOnlyOnFirstWritesIsNamedByItsWarmUp() throws Exception {
        // before: the runs rewrote the blocks the untimed warm-up had written first, at memory
        // speed, and nothing said that new blocks write at 16 MiB/s
        long firstBps = 16 * MIB;
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "512M", "--mode", "honest",
                "--first-write-bps", Long.toString(firstBps), "--fs", "ext4")) {
            SpeedReport test = DriveSpeed.on(medium.mountDir()).backend("native")
                    .blockSize("4M").count(16).runs(3).run();
            System.out.println(test.details());
            WarmUpWrite w = test.warmUpWrite().orElseThrow();
            assertThat(w.bytes()).isEqualTo(64 * MIB);
            // the bed's enforced rate: the warm-up wrote new blocks only
            assertThat(w.throughput().bytesPerSecond()).isCloseTo(firstBps,
                    within(firstBps * 0.1));
            assertThat(test.write().warnings()).contains(Warning.FIRST_WRITES_SLOWER);
            assertThat(test.write().notTheDrives()).contains(Warning.FIRST_WRITES_SLOWER);
            assertThat(test.details()).contains("into blocks not written before");
        }
        // the same medium writing every block at one rate: nothing said
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "512M", "--mode", "honest",
                "--cache", "0", "--slow-bps", Long.toString(4 * firstBps), "--fs", "ext4")) {
            SpeedReport test = DriveSpeed.on(medium.mountDir()).backend("native")
                    .blockSize("4M").count(16).runs(3).run();
            System.out.println(test.details());
            assertThat(test.write().warnings()).doesNotContain(Warning.FIRST_WRITES_SLOWER);
            assertThat(test.warmUpWrite().orElseThrow().throughput().bytesPerSecond())
                    .isCloseTo(4.0 * firstBps, within(4.0 * firstBps * 0.1));
        }
    }

    @Test
    void aWarmUpThatSharedTheDriveIsNotTakenForSlowFirstWrites() throws Exception {
        long firstBps = 16 * MIB;
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "512M", "--mode", "honest",
                "--first-write-bps", Long.toString(firstBps), "--fs", "ext4")) {
            // another file, written once, then rewritten (at the bed's full speed) and synced in
            // a loop while the warm-up writes, and stopped before the first measured pass
            Path other = medium.mountDir().resolve("other.bin");
            Files.write(other, new byte[(int) (16 * MIB)]);
            AtomicBoolean stop = new AtomicBoolean();
            Thread writer = new Thread(() -> rewriteUntil(other, stop), "other I/O");
            writer.start();
            ProgressListener stopAtTheRuns = new ProgressListener() {
                @Override
                public void passStarted(PassKind pass, int run, long totalBytes) {
                    stop.set(true);
                    try {
                        writer.join();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            };
            SpeedReport test;
            try {
                test = DriveSpeed.on(medium.mountDir()).backend("native").blockSize("4M")
                        .count(16).runs(3).listener(stopAtTheRuns).run();
            } finally {
                stop.set(true);
                writer.join();
            }
            // the warm-up was as slow as one the medium alone slows, and shared the drive
            WarmUpWrite w = test.warmUpWrite().orElseThrow();
            assertThat(w.slowerThan(test.write().median())).isTrue();
            assertThat(test.write().warnings()).doesNotContain(Warning.FIRST_WRITES_SLOWER,
                    Warning.FOREIGN_IO);
        }
    }

    /** Rewrites the file and syncs it, over and over, until told to stop. */
    private static void rewriteUntil(Path file, AtomicBoolean stop) {
        ByteBuffer data = ByteBuffer.allocate((int) MIB);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            while (!stop.get()) {
                for (long at = 0; at < ch.size(); at += MIB) {
                    ch.write(data.clear(), at);
                }
                ch.force(false);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void exfatOverFuseOnAWrappingMediumEndsInItsLossNotAnIoError() throws Exception {
        // before: "close and remove of .../drivespeed-...tmp failed: ... EIO", exit code 3: the
        // medium had overwritten exfat-fuse's directory entry, which it reads back at close
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "128M", "--real", "32M",
                "--mode", "wrap", "--fs", "exfat-fuse")) {
            Path fs = medium.mountDir();
            SpeedReport test = DriveSpeed.on(fs).backend("native").blockSize("4M").count(16)
                    .runs(1).run();
            System.out.println(test.details());
            assertThat(test.closeFailuresAfterLoss()).isPositive();
            assertThat(test.read().warnings()).contains(Warning.DATA_LOSS);
            assertThat(test.read().verification().orElseThrow().lostBytesByKind())
                    .containsKey(DataLossKind.ALIASED);
            assertThat(test.verdict().outcome()).isEqualTo(Verdict.Outcome.DATA_LOST);
            assertThat(TestFiles.testFiles(fs)).isEmpty();
        }
        try (FakeFlash medium = FakeFlash.up(dir, "--claimed", "128M", "--real", "32M",
                "--mode", "wrap", "--fs", "exfat-fuse")) {
            Path fs = medium.mountDir();
            CapacityCheckReport check = DriveSpeed.verifyCapacity(fs).backend("native").run();
            System.out.println(check.details());
            assertThat(check.passed()).isFalse();
            assertThat(check.readBack().closeFailuresAfterLoss()).isPositive();
            assertThat(check.usableBytes()).isLessThanOrEqualTo(medium.realBytes());
            assertThat(check.verdict().outcome()).isEqualTo(Verdict.Outcome.DATA_LOST);
            assertThat(TestFiles.testFiles(fs)).isEmpty();
        }
    }

    @Test
    void sshfsAsRootIsNotVerifiedForItsMediumIsOnTheServer() throws Exception {
        try (SshfsLoopback sshfs = SshfsLoopback.up(dir)) {
            Path mount = sshfs.mountDir();
            SpeedReport test = DriveSpeed.on(mount).backend("native").blockSize("1M").count(16)
                    .runs(1).run();
            System.out.println(test.details());
            assertThat(test.target().fileSystemType()).isEqualTo("fuse.sshfs");
            assertThat(test.read().samples()).allSatisfy(s -> assertThat(
                    s.accounting().cacheHandling()).isEqualTo(CacheHandling.FUSE_NO_LOCAL_DEVICE));
            // read with O_DIRECT through the mount: not "a buffered read without eviction"
            assertThat(test.read().warnings()).contains(Warning.READ_BACK_NOT_VERIFIED)
                    .doesNotContain(Warning.DATA_LOSS, Warning.READ_MAY_INCLUDE_PAGE_CACHE);
            assertThat(test.warnings()).contains(Warning.NETWORK_FILE_SYSTEM);
            assertThat(test.details()).doesNotContain("run as root");

            CapacityCheckReport check = DriveSpeed.verifyCapacity(mount).size("8M")
                    .backend("native").run();
            assertThat(check.readBack().readHandling()).isEqualTo(CacheHandling.FUSE_NO_LOCAL_DEVICE);
            assertThat(check.verified()).isFalse();
            assertThat(check.details()).contains("NOT VERIFIED (fuse.sshfs: a FUSE file system"
                    + " with no block device of this machine under it");
            assertThat(TestFiles.testFiles(mount)).isEmpty();
        }
    }
}
