package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.DevicePlan;
import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.error.UnsafeTargetException;
import io.github.drivespeed.report.CacheHandling;
import io.github.drivespeed.report.DeviceReport;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.Privileged;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Raw block devices on real loop devices (root): read-only tests that change nothing, and the
 * checks that stand between a caller and a destroyed device.
 */
@Tag("privileged")
class BlockDeviceTest {

    private static final long MIB = 1L << 20;

    @TempDir
    Path dir;

    @BeforeEach
    void needsRoot() {
        Privileged.requireRoot();
    }

    /** A 64 MiB loop device full of random bytes (no file system). */
    private Mounts.LoopDevice randomLoop() throws IOException {
        Mounts.LoopDevice loop = Mounts.loopDevice(dir, 64, false, null);
        try (RandomAccessFile f = new RandomAccessFile(loop.image().toFile(), "rw")) {
            byte[] block = new byte[(int) MIB];
            SplittableRandom r = new SplittableRandom(42);
            for (int i = 0; i < 64; i++) {
                for (int j = 0; j < block.length; j++) {
                    block[j] = (byte) r.nextInt(256);
                }
                f.write(block);
            }
            f.getFD().sync();
        } catch (IOException | RuntimeException e) {
            loop.close();
            throw e;
        }
        return loop;
    }

    private static String sha256(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) {
                digest.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aDeviceWhoseSizeIsNotAMultipleOfTheBlockIsReadToItsEndAndAWriteTestSaysWhatItLeft()
            throws IOException {
        long size = 16 * MIB + 3 * 512;
        try (Mounts.LoopDevice loop = Mounts.randomLoopDevice(dir, size, 9)) {
            DevicePlan read = DriveSpeed.onDevice(loop.device()).backend("native").blockSize("1M")
                    .count(17).runs(2);
            DeviceReport r = read.run();
            assertThat(r.read().samples()).hasSize(2).allSatisfy(s -> {
                assertThat(s.bytes()).isEqualTo(size);
                assertThat(s.ios()).isEqualTo(17);
            });
            assertThat(r.details()).contains("  rest:     the last 1536 B, after the last whole"
                    + " block, are read as one smaller last request");

            String before = sha256(loop.image());
            DevicePlan write = DriveSpeed.onDevice(loop.device()).backend("native")
                    .blockSize("1M").write().allowWritesTo(loop.device()).runs(1);
            assertThatThrownBy(() -> write.count(17).run())
                    .isInstanceOfSatisfying(InvalidSettingException.class,
                            e -> assertThat(e.setting()).isEqualTo("count"))
                    .hasMessageContaining("(16778752 bytes, 16 whole blocks); nothing past the end"
                            + " is read: give at most 16");
            DeviceReport w = write.count(16).run();
            assertThat(w.write().orElseThrow().samples().get(0).bytes()).isEqualTo(16 * MIB);
            assertThat(w.read().samples().get(0).bytes()).isEqualTo(16 * MIB);
            assertThat(w.details()).contains("  rest:     the last 1536 B, after the last whole"
                    + " block, were neither written nor read (a write test moves whole blocks)");
            assertThat(sha256(loop.image())).isNotEqualTo(before);
            byte[] image = Files.readAllBytes(loop.image());
            byte[] expected = new byte[(int) size];
            new SplittableRandom(9).nextBytes(expected);
            assertThat(java.util.Arrays.copyOfRange(image, (int) (16 * MIB), (int) size))
                    .as("the rest is as it was").isEqualTo(java.util.Arrays.copyOfRange(expected,
                            (int) (16 * MIB), (int) size));
        }
    }

    @Test
    void aReadOnlyTestReadsTheBytesAskedForAndChangesNothing() throws IOException {
        try (Mounts.LoopDevice loop = randomLoop()) {
            String before = sha256(loop.image());
            for (String backend : new String[] {"native", "java"}) {
                DeviceReport r = DriveSpeed.onDevice(loop.device()).backend(backend)
                        .blockSize("1M").count(16).runs(2).run();
                assertThat(r.device()).isEqualTo(loop.device().toRealPath());
                assertThat(r.sizeBytes()).as(backend).isEqualTo(64 * MIB);
                assertThat(r.write()).isEmpty();
                assertThat(r.read().samples()).hasSize(2).allSatisfy(s -> {
                    assertThat(s.bytes()).isEqualTo(16 * MIB);
                    assertThat(s.ios()).isEqualTo(16);
                    assertThat(s.accounting().cacheHandling()).isEqualTo(CacheHandling.DIRECT_IO);
                    assertThat(s.accounting().deviceIo().orElseThrow().readBytes())
                            .isGreaterThanOrEqualTo(16 * MIB);
                    assertThat(s.accounting().deviceIo().orElseThrow().writeBytes()).isZero();
                });
                assertThat(r.warnings()).contains(Warning.LOOP_DEVICE)
                        .doesNotContain(Warning.READ_SERVED_FROM_CACHE);
            }
            assertThat(sha256(loop.image())).isEqualTo(before);
        }
    }

    @Test
    void withHugePageBuffersEveryODirectReadIsCutIntoTheLargestRequestsTheDeviceTakes()
            throws IOException {
        Privileged.require(TransparentHugePages.read(Path.of("/sys/kernel/mm/transparent_hugepage"))
                .isPresent(), "transparent huge pages enabled (always or madvise)");
        System.setProperty(TransparentHugePages.PROPERTY, "true");   // opt-in; off by default
        try (Mounts.LoopDevice loop = randomLoop()) {
            Path queue = Path.of("/sys/class/block", loop.device().getFileName().toString(),
                    "queue");
            long maxRequest = Long.parseLong(Files.readString(queue.resolve("max_sectors_kb"))
                    .strip()) * 1024;
            long segments = Long.parseLong(Files.readString(queue.resolve("max_segments")).strip());
            long segment = Long.parseLong(Files.readString(queue.resolve("max_segment_size"))
                    .strip());
            Privileged.require(segments * Math.min(segment, 2 * MIB) >= maxRequest,
                    "a queue whose segments can fill its largest request");
            long perBlock = (8 * MIB + maxRequest - 1) / maxRequest;
            DeviceReport r = DriveSpeed.onDevice(loop.device()).blockSize("8M").count(8).runs(3)
                    .run();
            // Every run's reads reach the device as requests of the largest size it takes, cut
            // at block ends (8 x perBlock), or fewer where the block layer merged a block's last
            // request with the next block's first (never below 64 MiB / maxRequest): no run
            // depends on where its buffer's pages lie (without huge pages, max_segments would
            // cut them smaller).
            long fewest = (64 * MIB + maxRequest - 1) / maxRequest;
            assertThat(r.read().samples()).allSatisfy(s -> assertThat(
                    s.accounting().deviceIo().orElseThrow().readRequests())
                    .isBetween(fewest, 8 * perBlock));
        } finally {
            System.clearProperty(TransparentHugePages.PROPERTY);
        }
    }

    @Test
    void aTimeBasedTestNeverReadsPastTheEndAndEachRunGoesOnWhereTheLastStopped()
            throws IOException {
        try (Mounts.LoopDevice loop = randomLoop()) {
            DeviceReport r = DriveSpeed.onDevice(loop.device()).blockSize("8M")
                    .duration(Duration.ofSeconds(20)).runs(2).run();
            // 64 MiB hold 8 blocks: each run reads the whole device once and stops at its end.
            assertThat(r.read().samples()).extracting(Sample::bytes).containsExactly(64 * MIB,
                    64 * MIB);
            assertThatThrownBy(() -> DriveSpeed.onDevice(loop.device()).blockSize("1M").count(65)
                    .run()).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("count does not fit: 65 blocks of blockSize 1 MiB (65 MiB) exceed"
                            + " the size of " + loop.device() + " (67108864 bytes, 64 whole"
                            + " blocks); nothing past the end is read: give at most 64: 65");
            assertThatThrownBy(() -> DriveSpeed.onDevice(loop.device()).blockSize("128M").run())
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("is larger than " + loop.device());
        }
    }

    @Test
    void aBufferedReadIsEvictedFirstAndCachedReadsAreMemorySpeed() throws IOException {
        try (Mounts.LoopDevice loop = randomLoop()) {
            DeviceReport r = DriveSpeed.onDevice(loop.device()).blockSize("1M").count(32).runs(2)
                    .buffered().cachedRead(Duration.ofMillis(300)).run();
            for (Sample s : r.read().samples()) {
                assertThat(s.accounting().cacheHandling()).isEqualTo(CacheHandling.EVICTED);
                assertThat(s.deviceCoverage(PassKind.READ)).isGreaterThanOrEqualTo(0.9);
            }
            PassResult cached = r.cachedRead().orElseThrow();
            assertThat(cached.samples().get(0).accounting().cacheHandling())
                    .isEqualTo(CacheHandling.FROM_CACHE);
            assertThat(r.warnings()).contains(Warning.PAGE_CACHE_FIGURE)
                    .doesNotContain(Warning.READ_MAY_INCLUDE_PAGE_CACHE,
                            Warning.READ_SERVED_FROM_CACHE);
            assertThat(r.details()).contains("cached read: median ")
                    .contains("buffered, after posix_fadvise DONTNEED (no page left); device loop");
        }
    }

    @Test
    void aWriteWithoutOptInOrNamingAnotherDeviceIsRefusedAndNotOneByteChanges()
            throws IOException {
        try (Mounts.LoopDevice loop = randomLoop(); Mounts.LoopDevice other = randomLoop()) {
            String before = sha256(loop.image());
            assertThatThrownBy(() -> DriveSpeed.onDevice(loop.device()).write().force().count(1)
                    .run()).isInstanceOf(UnsafeTargetException.class)
                    .hasMessage("refusing to write to " + loop.device() + ": writing destroys"
                            + " everything on it; to confirm, name the device again:"
                            + " allowWritesTo " + loop.device())
                    .satisfies(e -> assertThat(((UnsafeTargetException) e).reason(s -> "--" + s))
                            .endsWith("name the device again: --allowWritesTo "
                                    + loop.device()));
            assertThatThrownBy(() -> DriveSpeed.onDevice(loop.device()).write().force().count(1)
                    .allowWritesTo(other.device()).run())
                    .isInstanceOf(UnsafeTargetException.class)
                    .hasMessageContaining("writes were allowed to " + other.device());
            assertThatThrownBy(() -> DriveSpeed.onDevice(loop.device()).write().force().count(1)
                    .allowWritesTo(loop.device()).backend("java").run())
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("write cannot be done by the java backend: it never"
                            + " writes block devices");
            assertThat(sha256(loop.image())).isEqualTo(before);
        }
    }

    @Test
    void aMountedExt4IsNeverWrittenForcedOrNot() throws IOException {
        try (Mounts.LoopDevice loop = Mounts.loopDevice(dir, 32, true, null);
             Mounts.Mount mount = Mounts.mountDevice(dir, loop, "rw")) {
            for (boolean force : new boolean[] {false, true}) {
                var plan = DriveSpeed.onDevice(loop.device()).write().count(1)
                        .allowWritesTo(loop.device());
                assertThatThrownBy(() -> (force ? plan.force() : plan).run())
                        .isInstanceOf(UnsafeTargetException.class)
                        .hasMessageContaining("it is in use (mounted: " + loop.device() + " on "
                                + mount.dir() + "); a device in use is never written, forced or"
                                + " not");
            }
            assertThat(Files.isDirectory(mount.dir().resolve("lost+found"))).isTrue();
        }
    }

    @Test
    void anUnmountedExt4IsRefusedWithoutForceUnchangedAndWrittenWithIt() throws IOException {
        try (Mounts.LoopDevice loop = Mounts.loopDevice(dir, 32, true, null)) {
            String before = sha256(loop.image());
            assertThatThrownBy(() -> DriveSpeed.onDevice(loop.device()).write().count(4)
                    .allowWritesTo(loop.device()).run())
                    .isInstanceOf(UnsafeTargetException.class)
                    .hasMessage("refusing to write to " + loop.device() + ": it carries ext2/3/4"
                            + " file system (0xEF53 at byte 1080); writing would destroy it;"
                            + " force writes anyway");
            assertThat(sha256(loop.image())).isEqualTo(before);

            DeviceReport r = DriveSpeed.onDevice(loop.device()).write().blockSize("1M").count(4)
                    .runs(1).allowWritesTo(loop.device()).force().run();
            Sample w = r.write().orElseThrow().samples().get(0);
            assertThat(w.bytes()).isEqualTo(4 * MIB);
            assertThat(w.accounting().deviceIo().orElseThrow().writeBytes())
                    .isGreaterThanOrEqualTo(4 * MIB);
            assertThat(r.read().samples().get(0).bytes()).isEqualTo(4 * MIB);
            // What was written, read independently: every sector stamped with its offset.
            try (RandomAccessFile f = new RandomAccessFile(loop.image().toFile(), "r")) {
                byte[] head = new byte[(int) (4 * MIB)];
                f.readFully(head);
                ByteBuffer b = ByteBuffer.wrap(head);
                for (int sector = 0; sector < head.length; sector += 512) {
                    assertThat(b.getLong(sector)).as("stamp of sector at " + sector)
                            .isEqualTo(sector);
                }
            }
            assertThat(sha256(loop.image())).isNotEqualTo(before);
        }
    }

    @Test
    void aMountedPartitionMakesTheWholeDeviceUnwritable() throws IOException {
        Path image = Files.createTempFile(dir, "parted-", ".img");
        try (RandomAccessFile f = new RandomAccessFile(image.toFile(), "rw")) {
            f.setLength(64 * MIB);
        }
        Mounts.Result label = Mounts.exec("sh", "-c", "echo 'start=2048, size=32M' | sfdisk -q "
                + image);
        Privileged.require(label.exitCode() == 0, "sfdisk (fdisk): " + label.output());
        String device = Mounts.execOrThrow("losetup", "-f", "--show", "-P", image.toString())
                .output().strip();
        Path mountPoint = Files.createDirectory(dir.resolve("p1"));
        boolean mounted = false;
        try {
            // The partition's node: made here from sysfs, as udev would (there may be no udev).
            Path sysfs = Path.of("/sys/class/block", Path.of(device).getFileName() + "p1", "dev");
            for (int i = 0; i < 50 && !Files.exists(sysfs); i++) {
                Thread.sleep(20);
            }
            if (!Files.exists(sysfs)) {
                // the kernel's partition scan may be off for loop devices here: add them as
                // util-linux does
                Mounts.execOrThrow("partx", "-a", device);
            }
            String[] number = Files.readString(sysfs).strip().split(":");
            Path partition = dir.resolve("loop-p1");
            Mounts.execOrThrow("mknod", partition.toString(), "b", number[0], number[1]);
            Mounts.execOrThrow("mkfs.ext4", "-q", "-F", partition.toString());
            Mounts.execOrThrow("mount", partition.toString(), mountPoint.toString());
            mounted = true;
            assertThatThrownBy(() -> DriveSpeed.onDevice(Path.of(device)).write().force()
                    .count(1).allowWritesTo(Path.of(device)).run())
                    .isInstanceOf(UnsafeTargetException.class)
                    .hasMessageContaining("it is in use (mounted: " + partition + " on "
                            + mountPoint + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        } finally {
            try {
                if (mounted) {
                    Mounts.exec("umount", mountPoint.toString());
                }
            } finally {
                Mounts.exec("losetup", "-d", device);
                Files.deleteIfExists(image);
            }
        }
    }

    @Test
    void aReadOnlyDeviceIsReadButItsWriteTestIsRefusedBeforeAnyIo() throws IOException {
        try (Mounts.LoopDevice ro = Mounts.readOnlyLoopDevice(dir, 16);
             Mounts.LoopDevice rw = Mounts.loopDevice(dir, 16, false, null)) {
            NativeIoBackend io = new NativeIoBackend();
            // BLKROGET, both ways
            assertThat(io.blockDeviceGeometry(ro.device()).readOnly()).isTrue();
            assertThat(io.blockDeviceGeometry(rw.device()).readOnly()).isFalse();
            // sysfs ro, both ways, as the probe describes the device
            DeviceReport read = DriveSpeed.onDevice(ro.device()).blockSize("1M").count(4).runs(1)
                    .run();
            assertThat(read.blockDevice().orElseThrow().readOnly()).hasValue(true);
            assertThat(read.blockDevice().orElseThrow().geometry()).contains("read-only");
            DeviceReport writable = DriveSpeed.onDevice(rw.device()).blockSize("1M").count(4)
                    .runs(1).run();
            assertThat(writable.blockDevice().orElseThrow().readOnly()).hasValue(false);
            assertThat(writable.blockDevice().orElseThrow().geometry()).doesNotContain("read-only");

            for (String backend : new String[] {"native", "java"}) {
                java.util.concurrent.atomic.AtomicBoolean started =
                        new java.util.concurrent.atomic.AtomicBoolean();
                assertThatThrownBy(() -> DriveSpeed.onDevice(ro.device()).write()
                        .allowWritesTo(ro.device()).force().count(1).backend(backend)
                        .listener(new io.github.drivespeed.progress.ProgressListener() {
                            @Override
                            public void passStarted(PassKind pass, int run, long totalBytes) {
                                started.set(true);
                            }
                        }).run())
                        .as(backend).isInstanceOf(UnsafeTargetException.class)
                        .hasMessage("refusing to write to " + ro.device() + ": it is read-only:"
                                + " the kernel refuses writes to it (sysfs ro, ioctl BLKROGET: a"
                                + " write-protect switch, a loop device attached with losetup -r,"
                                + " blockdev --setro)");
                assertThat(started).as(backend).isFalse();
            }
        }
    }
}
