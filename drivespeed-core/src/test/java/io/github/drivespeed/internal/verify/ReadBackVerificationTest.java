package io.github.drivespeed.internal.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.error.TestFileIoException;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.medium.DataLossKind;
import io.github.drivespeed.report.medium.FirstLoss;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.medium.Verification;
import io.github.drivespeed.spi.ErrnoIoException;
import io.github.drivespeed.test.backend.FaultyBackend;
import io.github.drivespeed.test.backend.IoOperation;
import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.Privileged;
import io.github.drivespeed.testing.SharedDisk;
import io.github.drivespeed.testing.TestFiles;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.OptionalLong;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Read-back verification (rule 7) against a file changed on disk between the write and the read
 * pass, through a second file descriptor (not the engine's buffer): exactly that sector is found,
 * at its offset, with its kind; an untouched file verifies clean; an EIO on read-back is data
 * lost, not a failure. The same on exFAT over FUSE, where cards' file systems live.
 */
class ReadBackVerificationTest {

    private static final long BLOCK = 64 * 1024;
    private static final long COUNT = 16;
    /** A sector in the middle of block 5. */
    private static final long AT = 5 * BLOCK + 7 * 512;
    /** Where the aliased sector's data is copied from. */
    private static final long FROM = 11 * BLOCK + 3 * 512;

    @TempDir
    Path dir;

    /**
     * What is written over one sector between the write pass and the read pass, and what the
     * check must call it: a single flipped bit of its offset stamp (bit 17: the stamp then names
     * the offset 128 KiB away, with the run's nonce) is corruption, not aliasing, since the rest of
     * the sector is its own data.
     */
    enum Change {
        ZEROS(DataLossKind.ZEROS), ONES(DataLossKind.ONES), ALIASED(DataLossKind.ALIASED),
        CORRUPTED(DataLossKind.CORRUPTED), STAMP_BIT(DataLossKind.CORRUPTED);

        private final DataLossKind kind;

        Change(DataLossKind kind) {
            this.kind = kind;
        }
    }

    @ParameterizedTest
    @EnumSource(Change.class)
    void aSectorChangedOnDiskIsFoundWithItsOffsetAndKind(Change change) throws IOException {
        check(dir, change);
    }

    /**
     * An untouched file reads back as written, and its read figures are the drive's. The run
     * measures the shared disk ({@code @TempDir}): another build's measurement or writer there
     * rightly makes them not the drive's ({@code CONCURRENT_MEASUREMENT}, {@code FOREIGN_IO}),
     * so only those two are accepted among the reasons.
     */
    @Test
    void anUntouchedFileVerifiesWithNoLoss() throws IOException {
        SpeedReport r = DriveSpeed.on(dir).backend("java").blockSize("64K").count(COUNT).runs(2)
                .run();
        Verification v = r.read().verification().orElseThrow();
        assertThat(v.checkedBytes()).isEqualTo(2 * BLOCK * COUNT);
        assertThat(v.hasLoss()).isFalse();
        assertThat(r.warnings()).doesNotContain(Warning.DATA_LOSS);
        assertThat(SharedDisk.apartFromSharing(r.read().notTheDrives())).isEmpty();
    }

    @Test
    void noVerifyChecksNothing() throws IOException {
        SpeedReport r = DriveSpeed.on(dir).backend("java").blockSize("64K").count(COUNT).runs(1)
                .noVerify().listener(corrupter(dir, Change.ZEROS)).run();
        assertThat(r.read().verification()).isEmpty();
        assertThat(r.warnings()).doesNotContain(Warning.DATA_LOSS);
    }

    @Test
    void aReadFailureWithoutAnErrnoIsAFailureNotDataLost() throws IOException {
        // a failure whose errno the backend did not report is not taken for EIO from its text
        FaultyBackend plain = FaultyBackend.failingOnCall(IoOperation.READ, 3 * BLOCK, 2,
                new IOException("Input/output error"));
        assertThatThrownBy(() -> DriveSpeed.on(dir).backend(plain).blockSize("64K").count(COUNT)
                .runs(1).run())
                .isInstanceOfSatisfying(TestFileIoException.class, e -> {
                    assertThat(e.operation()).isEqualTo("read");
                    assertThat(e.offset()).isEqualTo(3 * BLOCK);
                });
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    /**
     * Runs one pass whose {@code call}-th read at 3 x 64 KiB fails with EIO, with the errno as the
     * backends report it (the pure-Java one from the JDK's text, JdkErrno), and checks that the
     * read pass lost exactly that block, as UNREADABLE.
     */
    private SpeedReport eioOnReadCall(int call) throws IOException {
        FaultyBackend eio = FaultyBackend.failingOnCall(IoOperation.READ, 3 * BLOCK, call,
                new ErrnoIoException("pread", "test file", "EIO", "EIO (Input/output error)",
                        null));
        SpeedReport r = DriveSpeed.on(dir).backend(eio).blockSize("64K").count(COUNT).runs(1)
                .run();
        Verification v = r.read().verification().orElseThrow();
        assertThat(v.lostBytes()).isEqualTo(BLOCK);
        assertThat(v.firstLoss()).contains(FirstLoss.at(3 * BLOCK, DataLossKind.UNREADABLE));
        return r;
    }

    @Test
    void anIoErrorAtCloseAfterALossIsPartOfTheLossAndWithoutOneAFailure() throws IOException {
        ErrnoIoException eio = new ErrnoIoException("close", "test file", "EIO",
                "EIO (Input/output error)", null);
        // run 1's read at 3 x 64 KiB fails (a loss), then closing its file fails with EIO, as
        // exfat-fuse's close does once the medium overwrote its directory entry
        FaultyBackend lossThenClose = FaultyBackend.failingOnCall(IoOperation.CLOSE,
                FaultyBackend.NO_OFFSET, 2, eio).over(FaultyBackend.failingOnCall(IoOperation.READ,
                3 * BLOCK, 2, new ErrnoIoException("pread", "test file", "EIO",
                        "EIO (Input/output error)", null)));
        SpeedReport r = DriveSpeed.on(dir).backend(lossThenClose).blockSize("64K").count(COUNT)
                .runs(1).run();
        assertThat(r.closeFailuresAfterLoss()).isEqualTo(1);
        assertThat(r.read().warnings()).contains(Warning.DATA_LOSS);
        assertThat(r.verdict().dataLost()).isTrue();
        assertThat(r.details()).contains("then closing the test file failed with EIO (1 time)");
        assertThat(TestFiles.names(dir)).isEmpty();

        // the same EIO at close with nothing lost before it: an I/O error, as before
        FaultyBackend onlyClose = FaultyBackend.failingOnCall(IoOperation.CLOSE,
                FaultyBackend.NO_OFFSET, 2, eio);
        assertThatThrownBy(() -> DriveSpeed.on(dir).backend(onlyClose).blockSize("64K")
                .count(COUNT).runs(1).run())
                .isInstanceOfSatisfying(TestFileIoException.class,
                        e -> assertThat(e.operation()).isEqualTo("close and remove"));
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void anIoErrorOnReadBackIsDataLostAndTheReadGoesOn() throws IOException {
        // the second read at 3 x 64 KiB: the first is the warm-up's
        SpeedReport r = eioOnReadCall(2);
        Verification v = r.read().verification().orElseThrow();
        assertThat(v.checkedBytes()).isEqualTo(BLOCK * COUNT);
        assertThat(r.read().warnings()).contains(Warning.DATA_LOSS);
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void anIoErrorOnTheWarmUpsReadBackIsDataLostToo() throws IOException {
        // the first read at 3 x 64 KiB is the warm-up's: past a fake's real capacity the warm-up
        // file is as unreadable as a measured run's, and that is lost data, not a failed run
        SpeedReport r = eioOnReadCall(1);
        Verification v = r.read().verification().orElseThrow();
        // the warm-up's read-back (the whole pass here) and the measured run's
        assertThat(v.checkedBytes()).isEqualTo(2 * BLOCK * COUNT);
        assertThat(r.read().warnings()).contains(Warning.DATA_LOSS);
        assertThat(r.verdict().dataLost()).isTrue();
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @ParameterizedTest(name = "memory file system: {0}")
    @ValueSource(booleans = {false, true})
    void findingsPastTheFirstTurnsOfTheReadRingAreExact(boolean memory) throws IOException {
        // on a memory file system the reader checks each chunk itself, in batches; elsewhere a
        // checker thread does, behind the reads: the findings are the same
        Path shm = Path.of("/dev/shm");
        Assumptions.assumeTrue(!memory || Files.isDirectory(shm), "no /dev/shm here");
        Path target = memory ? Files.createTempDirectory(shm, "drivespeed-test-") : dir;
        try {
            ringTurns(target);
        } finally {
            if (memory) {
                Files.delete(target);
            }
        }
    }

    private static void ringTurns(Path dir) throws IOException {
        // 64 KiB x 1024 = 64 MiB: the check's ring (16 MiB) turns four times, so these blocks
        // are read into chunks that were checked and handed back before
        long count = 1024;
        long zeroed = 700 * BLOCK + 3 * 512;
        long unreadable = 900 * BLOCK;
        // the second read there: the first is the warm-up's (64 MiB: the whole file)
        FaultyBackend eio = FaultyBackend.failingOnCall(IoOperation.READ, unreadable, 2,
                new ErrnoIoException("pread", "test file", "EIO", "EIO (Input/output error)",
                        null));
        assertThat(ReadRing.RING_TARGET_BYTES).isLessThan(BLOCK * count / 2);
        SpeedReport r = DriveSpeed.on(dir).backend(eio).blockSize("64K").count(count).runs(1)
                .listener(corrupter(dir, Change.ZEROS, zeroed)).run();
        Verification v = r.read().samples().get(0).findings().verification().orElseThrow();
        assertThat(v.checkedBytes()).isEqualTo(BLOCK * count);
        assertThat(v.lostBytes()).as(v.toString()).isEqualTo(512 + BLOCK);
        assertThat(v.firstLoss()).contains(FirstLoss.at(zeroed, DataLossKind.ZEROS));
        assertThat(v.lostBytesByKind()).containsEntry(DataLossKind.ZEROS, 512L)
                .containsEntry(DataLossKind.UNREADABLE, BLOCK);
        assertThat(r.read().warnings()).contains(Warning.DATA_LOSS);
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    @Tag("privileged")
    void aSectorChangedOnExfatOverFuseIsFound() throws IOException {
        Privileged.requireRoot();
        Privileged.require(Files.isExecutable(Path.of("/usr/sbin/mount.exfat-fuse"))
                && Files.isExecutable(Path.of("/usr/sbin/mkfs.exfat")),
                "exfat-fuse and exfatprogs (apt-get install exfat-fuse exfatprogs)");
        try (Mounts.LoopDevice loop = Mounts.loopDevice(dir, 64, false, null)) {
            Mounts.execOrThrow("mkfs.exfat", loop.device().toString());
            Path mnt = Files.createDirectory(dir.resolve("exfat"));
            Mounts.execOrThrow("mount.exfat-fuse", loop.device().toString(), mnt.toString());
            try {
                check(mnt, Change.ALIASED);
                check(mnt, Change.ZEROS);
                assertThat(TestFiles.names(mnt)).isEmpty();
            } finally {
                Mounts.exec("umount", mnt.toString());
                Files.deleteIfExists(mnt);
            }
        }
    }

    private static void check(Path target, Change change) throws IOException {
        SpeedReport r = DriveSpeed.on(target).backend("java").directOrBuffered().blockSize("64K")
                .count(COUNT).runs(1).listener(corrupter(target, change)).run();
        Sample read = r.read().samples().get(0);
        Verification v = read.findings().verification().orElseThrow();
        assertThat(v.checkedBytes()).isEqualTo(BLOCK * COUNT);
        assertThat(v.lostBytes()).as(v.toString()).isEqualTo(512);
        assertThat(v.firstLoss()).contains(new FirstLoss(AT, change.kind,
                change == Change.ALIASED ? OptionalLong.of(FROM) : OptionalLong.empty()));
        assertThat(v.lostBytesByKind()).containsExactly(java.util.Map.entry(change.kind, 512L));
        assertThat(r.read().warnings()).contains(Warning.DATA_LOSS);
        assertThat(r.write().warnings()).contains(Warning.DATA_LOSS);
        assertThat(r.read().notTheDrives()).contains(Warning.DATA_LOSS);
        assertThat(r.details()).contains("DATA_LOSS", "first at offset " + AT);
    }

    /** Changes the sector at {@link #AT} of the test file on disk after run 1's write pass. */
    private static ProgressListener corrupter(Path dir, Change change) {
        return corrupter(dir, change, AT);
    }

    /** Changes the sector at {@code at} of the test file on disk after run 1's write pass. */
    private static ProgressListener corrupter(Path dir, Change change, long at) {
        return new ProgressListener() {
            @Override
            public void passFinished(PassKind pass, Sample sample) {
                if (pass != PassKind.WRITE) {
                    return;
                }
                try (FileChannel f = FileChannel.open(TestFiles.testFiles(dir).get(0),
                        StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                    ByteBuffer sector = ByteBuffer.allocate(512);
                    switch (change) {
                        case ZEROS -> Arrays.fill(sector.array(), (byte) 0);
                        case ONES -> Arrays.fill(sector.array(), (byte) 0xFF);
                        case ALIASED -> f.read(sector, FROM);
                        case CORRUPTED -> {
                            f.read(sector, at);
                            sector.put(300, (byte) (sector.get(300) ^ 0x10));
                        }
                        case STAMP_BIT -> {
                            f.read(sector, at);
                            sector.put(5, (byte) (sector.get(5) ^ 0x02));
                        }
                        default -> throw new AssertionError(change);
                    }
                    sector.clear();
                    f.write(sector, at);
                    f.force(true);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        };
    }
}
