package io.github.drivespeed.internal.measure;

import io.github.drivespeed.error.InvalidSettingException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.SequentialPlan;
import io.github.drivespeed.error.TargetNotFoundException;
import io.github.drivespeed.error.TestFileIoException;
import io.github.drivespeed.error.UnsupportedTargetException;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.CacheHandling;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.spi.ErrnoIoException;
import io.github.drivespeed.test.backend.FaultyBackend;
import io.github.drivespeed.test.backend.IoOperation;
import io.github.drivespeed.testing.GeneratedData;
import io.github.drivespeed.testing.MidPassInterrupt;
import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.Privileged;
import io.github.drivespeed.testing.SharedDisk;
import io.github.drivespeed.testing.ShortPasses;
import io.github.drivespeed.testing.TestFiles;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sequential test on real files in a temporary directory, with the pure-Java backend. */
class SequentialMeasurementTest {

    @TempDir
    Path dir;

    /** Captures each test file's bytes right after its write pass, read with the plain Files API. */
    private static final class Capture implements ProgressListener {
        final Path dir;
        final List<byte[]> files = new ArrayList<>();

        Capture(Path dir) {
            this.dir = dir;
        }

        @Override
        public void passFinished(PassKind pass, Sample sample) {
            if (pass != PassKind.WRITE) {
                return;
            }
            try {
                List<Path> present = TestFiles.testFiles(dir);
                assertThat(present).hasSize(1);
                files.add(Files.readAllBytes(present.get(0)));
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        }
    }

    /**
     * Writes then reads each run, in order, moves every byte and leaves nothing, with no warning.
     * The passes measure the shared disk ({@code @TempDir}): another
     * build's measurement or writer there rightly adds {@code CONCURRENT_MEASUREMENT} or
     * {@code FOREIGN_IO}, so those two are set apart and every other warning pinned exactly.
     */
    @Test
    void measuresWriteThenReadAndLeavesNothing() throws IOException {
        List<String> events = new ArrayList<>();
        TestFiles.flushDirtyPages(); // exact warnings: no earlier write-back in the passes
        SpeedReport report = DriveSpeed.on(dir).blockSize("256K").count(16).runs(2)
                .listener(new ProgressListener() {
                    @Override
                    public void passStarted(PassKind pass, int run, long totalBytes) {
                        events.add(pass + " " + run + " " + totalBytes);
                    }

                    @Override
                    public void passFinished(PassKind pass, Sample sample) {
                        events.add(pass + " " + sample.run() + " done");
                    }
                }).run();

        long passBytes = 256 * 1024 * 16;
        assertThat(report.write().samples()).hasSize(2)
                .allSatisfy(s -> assertThat(s.bytes()).isEqualTo(passBytes));
        assertThat(report.read().samples()).hasSize(2)
                .allSatisfy(s -> assertThat(s.bytes()).isEqualTo(passBytes));
        assertThat(report.write().median().bytesPerSecond()).isPositive();
        assertThat(report.read().median().bytesPerSecond()).isPositive();
        assertThat(SharedDisk.apartFromSharing(ShortPasses.apartFromLength(report.write())))
                .isEmpty();
        assertThat(SharedDisk.apartFromSharing(ShortPasses.apartFromLength(report.read())))
                .isEmpty();
        assertThat(report.backend().name()).isEqualTo("java");
        assertThat(report.target().directory()).isEqualTo(dir.toRealPath());
        assertThat(report.target().fileSystemType()).isNotBlank();
        assertThat(events).containsExactly(
                "write 1 " + passBytes, "write 1 done", "read 1 " + passBytes, "read 1 done",
                "write 2 " + passBytes, "write 2 done", "read 2 " + passBytes, "read 2 done");
        assertThat(report.details()).contains("write:", "read:", "MB/s", "MiB/s", "java");
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void eachPassRecordsEveryBlocksLatencyAndATimeline() throws IOException {
        SpeedReport report = DriveSpeed.on(dir).blockSize("64K").count(40).runs(2).run();
        for (PassResult pass : List.of(report.write(), report.read())) {
            for (Sample s : pass.samples()) {
                assertThat(s.ios()).isEqualTo(40);
                assertThat(s.latency().count()).isEqualTo(40);
                assertThat(s.latency().minNanos()).isPositive();
                assertThat(s.latency().percentileNanos(99)).isBetween(s.latency().minNanos(),
                        s.latency().maxNanos());
                assertThat(s.timeline().totalBytes()).isEqualTo(40L * 65536);
                assertThat(s.timeline().points()).isNotEmpty();
                assertThat(s.timeline().points().get(s.timeline().points().size() - 1).endNanos())
                        .isEqualTo(s.elapsedNanos());
                // a write's elapsed time also holds the closing fdatasync, which is no block's
                assertThat(s.latency().maxNanos()).isLessThanOrEqualTo(s.elapsedNanos());
            }
            assertThat(pass.latency().count()).isEqualTo(80);
            assertThat(pass.totalIos()).isEqualTo(80);
            assertThat(pass.medianIops()).isPositive();
        }
    }

    @Test
    void writesIncompressibleDataWhereEverySectorIsDistinctAndAsGenerated() throws IOException {
        Capture capture = new Capture(dir);
        DriveSpeed.on(dir).blockSize("4K").count(512).runs(2).listener(capture).run();

        assertThat(capture.files).hasSize(2);
        long[] nonces = new long[2];
        for (int f = 0; f < 2; f++) {
            byte[] bytes = capture.files.get(f);
            assertThat(bytes).hasSize(4096 * 512);
            nonces[f] = verifyAgainstGenerator(bytes, 4096, 512);
            assertDistinctSectors(bytes);
            // only the 16-byte stamps of each 512-byte sector are predictable
            assertThat(deflatedRatio(bytes)).as("compressed size / size").isGreaterThan(0.97);
        }
        assertThat(nonces[0]).isNotEqualTo(nonces[1]);
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void poolWrapsAfter32MiBAndStaysDistinct() throws IOException {
        Capture capture = new Capture(dir);
        // 40 MiB in 1 MiB blocks: blocks 32..39 reuse pool blocks 0..7, with new stamps.
        DriveSpeed.on(dir).blockSize("1M").count(40).runs(1).listener(capture).run();
        byte[] bytes = capture.files.get(0);
        verifyAgainstGenerator(bytes, 1 << 20, 40);
        assertDistinctSectors(bytes);
    }

    /**
     * Checks a test file against the documented generator: sector at offset X starts with X and
     * the run's nonce (big-endian longs); the rest of block i is pool block (i mod poolBlocks) of
     * SplittableRandom(nonce) longs, poolBlocks = min(count, ceil(32 MiB / blockSize)).
     */
    private static long verifyAgainstGenerator(byte[] file, int blockSize, long count) {
        return GeneratedData.verify(file, blockSize, count);
    }

    private static void assertDistinctSectors(byte[] file) {
        Set<ByteBuffer> sectors = new HashSet<>();
        for (int x = 0; x < file.length; x += 512) {
            sectors.add(ByteBuffer.wrap(file, x, 512).slice());
        }
        assertThat(sectors).hasSize(file.length / 512);
    }

    private static double deflatedRatio(byte[] data) {
        Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
        deflater.setInput(data);
        deflater.finish();
        byte[] out = new byte[data.length + 1024];
        long compressed = 0;
        while (!deflater.finished()) {
            compressed += deflater.deflate(out);
        }
        deflater.end();
        return (double) compressed / data.length;
    }

    /**
     * Zeros are written as zeros and carry {@code ZERO_FILLED_DATA} and no other warning. The
     * passes measure the shared disk ({@code @TempDir}): another
     * build's measurement or writer there rightly adds {@code CONCURRENT_MEASUREMENT} or
     * {@code FOREIGN_IO}, so those two are set apart and every other warning pinned exactly.
     */
    @Test
    void zerosAreZerosAndCarryAWarning() throws IOException {
        Capture capture = new Capture(dir);
        TestFiles.flushDirtyPages(); // exact warnings: no earlier write-back in the passes
        SpeedReport report = DriveSpeed.on(dir).blockSize("64K").count(8).runs(1).zeros()
                .listener(capture).run();
        assertThat(capture.files.get(0)).containsOnly(0);
        assertThat(SharedDisk.apartFromSharing(ShortPasses.apartFromLength(report.write())))
                .containsExactly(Warning.ZERO_FILLED_DATA);
        assertThat(report.warnings()).contains(Warning.ZERO_FILLED_DATA);
        assertThat(report.details()).contains("ZERO_FILLED_DATA");
    }

    /**
     * A buffered read of pages just written is flagged as possibly the page cache's. The device
     * counters must show that the read did not reach the disk, which another measurement reading
     * the same disk meanwhile would make untrue (a shared build machine's disk moved 5 MB during
     * this 32 MiB read once): as root the passes run on a loop-backed ext4 of the test's own, whose
     * loop device counts only this test's I/O; elsewhere on the {@code @TempDir}, where
     * {@code CONCURRENT_MEASUREMENT} and {@code FOREIGN_IO} are set apart and every other warning
     * is pinned exactly.
     */
    @Test
    void bufferedReadWithoutEvictionIsFlaggedAsPossiblyCached() throws IOException {
        if (!Privileged.isRoot()) {
            bufferedReadWithoutEvictionIn(dir);
            return;
        }
        try (Mounts.Mount own = Mounts.ext4(dir, 192, "rw", null)) {
            bufferedReadWithoutEvictionIn(Files.createDirectory(own.dir().resolve("run")));
        }
    }

    private static void bufferedReadWithoutEvictionIn(Path dir) throws IOException {
        // 32 MiB, so that the few MB other processes may read from the disk meanwhile stay
        // below the 10 % of the read that would make the device counters look like a real read.
        TestFiles.flushDirtyPages(); // exact warnings: no earlier write-back in the passes
        SpeedReport report = DriveSpeed.on(dir).blockSize("1M").count(32).runs(1).buffered()
                .dsync().run();
        assertThat(report.read().warnings()).contains(Warning.READ_MAY_INCLUDE_PAGE_CACHE);
        Sample read = report.read().samples().get(0);
        assertThat(read.accounting().cacheHandling()).isEqualTo(CacheHandling.NOT_EVICTED);
        // The pages were just written: the device counters show the read never reached the disk.
        if (read.accounting().deviceIo().isPresent()) {
            assertThat(read.accounting().deviceIo().get().readBytes())
                    .isLessThan(read.bytes() / 10);
            assertThat(SharedDisk.apartFromSharing(ShortPasses.apartFromLength(report.read())))
                    .containsExactlyInAnyOrder(Warning.READ_MAY_INCLUDE_PAGE_CACHE,
                            Warning.READ_SERVED_FROM_CACHE);
            assertThat(report.details()).containsPattern("READ_SERVED_FROM_CACHE: .*\n    read"
                    + " run 1: device \\S+ read \\d+\\.\\d MB \\(\\d+\\.\\d MiB\\) of the 33\\.6 MB"
                    + " \\(32\\.0 MiB\\) read \\(\\d+ %\\)");
        } else {
            assertThat(SharedDisk.apartFromSharing(ShortPasses.apartFromLength(report.read())))
                    .containsExactly(Warning.READ_MAY_INCLUDE_PAGE_CACHE);
        }
        assertThat(SharedDisk.apartFromSharing(ShortPasses.apartFromLength(report.write())))
                .isEmpty();
        assertThat(report.write().samples().get(0).accounting().cacheHandling())
                .isEqualTo(CacheHandling.BUFFERED_WRITE);
        assertThat(report.parameters().direct()).isFalse();
        assertThat(report.parameters().dsync()).isTrue();
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void shortTransfersAreLoopedAndCountedAsTransferred() throws IOException {
        FaultyBackend shortIo = FaultyBackend.shortTransfers(DataSize.ofKibibytes(4));
        Capture capture = new Capture(dir);
        SpeedReport report = DriveSpeed.on(dir).blockSize("64K").count(4).runs(1)
                .backend(shortIo).listener(capture).run();
        assertThat(shortIo.shortTransferCount()).isGreaterThan(0);
        assertThat(report.write().totalBytes()).isEqualTo(64 * 1024 * 4);
        verifyAgainstGenerator(capture.files.get(0), 64 * 1024, 4);
    }

    @Test
    void interruptInTheMiddleOfAPassStopsRemovesTheFileAndKeepsTheFlag() throws IOException {
        AtomicReference<String> seenFilesAtInterrupt = new AtomicReference<>();
        SequentialPlan test = DriveSpeed.on(dir).blockSize("64K").count(64).runs(2)
                .listener(new ProgressListener() {
                    @Override
                    public void bytesTransferred(PassKind pass, int run, long done, long total) {
                        if (pass == PassKind.WRITE && run == 2 && done == 3 * 65536) {
                            try {
                                seenFilesAtInterrupt.set(TestFiles.testFiles(dir).toString());
                            } catch (IOException e) {
                                throw new AssertionError(e);
                            }
                            Thread.currentThread().interrupt();
                        }
                    }
                });
        try {
            assertThatThrownBy(test::run)
                    .isInstanceOf(InterruptedIOException.class)
                    .hasMessageContaining("write pass of run 2")
                    .hasMessageContaining("after 196608 of 4194304 bytes");
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
        assertThat(seenFilesAtInterrupt.get()).contains("drivespeed-");
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void interruptFromAnotherThreadDuringBlockingIoStopsWithinOneBlock() throws Exception {
        MidPassInterrupt.Outcome o =
                MidPassInterrupt.run(DriveSpeed.on(dir).blockSize("1M").count(256).runs(3));
        assertThat(o.thrown()).isInstanceOf(InterruptedIOException.class);
        if (o.thrown().getCause() != null) {
            assertThat(o.thrown().getCause()).isInstanceOf(ClosedByInterruptException.class);
        }
        assertThat(o.interruptFlagKept()).isTrue();
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void aFailingListenerAbortsAndTheFileIsRemoved() {
        SequentialPlan test = DriveSpeed.on(dir).blockSize("64K").count(8).runs(1)
                .listener(new ProgressListener() {
                    @Override
                    public void bytesTransferred(PassKind pass, int run, long done, long total) {
                        if (pass == PassKind.READ) {
                            throw new IllegalStateException("listener failed");
                        }
                    }
                });
        assertThatThrownBy(test::run).isInstanceOf(IllegalStateException.class)
                .hasMessage("listener failed");
        assertThat(dir.toFile().list()).isEmpty();
    }

    @Test
    void anIoErrorNamesOperationAndOffsetAndTheFileIsRemoved() {
        FaultyBackend eio = FaultyBackend.failing(IoOperation.WRITE, 3 * 65536L,
                new IOException("Input/output error"));
        SequentialPlan test = DriveSpeed.on(dir).blockSize("64K").count(8).runs(1).backend(eio);
        assertThatThrownBy(test::run)
                .isInstanceOfSatisfying(TestFileIoException.class, e -> {
                    assertThat(e.operation()).isEqualTo("write");
                    assertThat(e.offset()).isEqualTo(196608);
                })
                .hasMessageContaining("write at offset 196608 of " + dir.toAbsolutePath())
                .hasMessageContaining("Input/output error");
        assertThat(dir.toFile().list()).isEmpty();
    }

    @Test
    void aFileSizeLimitMetMidRunIsNamed() {
        // EFBIG: a limit drivespeed could not see before writing (RLIMIT_FSIZE it reads)
        FaultyBackend efbig = FaultyBackend.failing(IoOperation.WRITE, 3 * 65536L,
                new ErrnoIoException("pwrite", "test file", "EFBIG", "EFBIG (File too large)",
                        null));
        SequentialPlan test = DriveSpeed.on(dir).blockSize("64K").count(8).runs(1)
                .backend(efbig);
        assertThatThrownBy(test::run)
                .isInstanceOfSatisfying(TestFileIoException.class,
                        e -> assertThat(e.offset()).isEqualTo(196608))
                .hasMessageContaining("refused to grow the test file past 196608 bytes")
                .hasMessageContaining("EFBIG");
        assertThat(dir.toFile().list()).isEmpty();
    }

    @Test
    void aReadErrorNamesTheReadAndTheFileIsRemoved() {
        FaultyBackend eio = FaultyBackend.failing(IoOperation.READ, 0, new IOException("Input/output error"));
        assertThatThrownBy(() -> DriveSpeed.on(dir).blockSize("64K").count(8).runs(1).backend(eio).run())
                .isInstanceOf(TestFileIoException.class)
                .hasMessageContaining("read at offset 0 of");
        assertThat(dir.toFile().list()).isEmpty();
    }

    @Test
    void missingTargetIsRefusedAndNeverCreated() {
        Path missing = dir.resolve("nosuch");
        assertThatThrownBy(() -> DriveSpeed.on(missing).run())
                .isInstanceOf(TargetNotFoundException.class)
                .hasMessageContaining(missing.toString());
        assertThat(Files.exists(missing)).isFalse();
        Path missingUnderDev = Path.of("/dev/drivespeed-nosuch-" + ProcessHandle.current().pid());
        assertThatThrownBy(() -> DriveSpeed.on(missingUnderDev).run())
                .isInstanceOf(TargetNotFoundException.class);
        assertThat(Files.exists(missingUnderDev)).isFalse();
    }

    @Test
    void regularFileIsRefusedAndUnchanged() throws IOException {
        Path file = dir.resolve("data.bin");
        Files.writeString(file, "precious", StandardCharsets.UTF_8);
        assertThatThrownBy(() -> DriveSpeed.on(file).run())
                .isInstanceOf(UnsupportedTargetException.class)
                .hasMessageContaining(file.toString()).hasMessageContaining("regular file");
        assertThat(Files.readString(file)).isEqualTo("precious");
        assertThat(TestFiles.names(dir)).containsExactly("data.bin");
    }

    @Test
    void pseudoFileSystemsAreRefusedAsHoldingNoDrive() {
        assertThatThrownBy(() -> DriveSpeed.on(Path.of("/proc")).count(1).run())
                .isInstanceOf(UnsupportedTargetException.class)
                .hasMessageContaining("/proc").hasMessageContaining("proc pseudo file system");
        assertThatThrownBy(() -> DriveSpeed.on(Path.of("/sys/kernel")).count(1).run())
                .isInstanceOf(UnsupportedTargetException.class)
                .hasMessageContaining("sysfs pseudo file system");
    }

    @Test
    void characterDeviceIsRefused() {
        assertThatThrownBy(() -> DriveSpeed.on(Path.of("/dev/null")).run())
                .isInstanceOf(UnsupportedTargetException.class)
                .hasMessageContaining("/dev/null").hasMessageContaining("character device");
    }

    @Test
    void blockNotAMultipleOfTheAlignmentIsRefusedBeforeAnyIo() throws IOException {
        int alignment = (int) Files.getFileStore(dir).getBlockSize();
        AtomicBoolean anyProgress = new AtomicBoolean();
        SequentialPlan test = DriveSpeed.on(dir).blockSize(DataSize.ofBytes(alignment + 512L)).count(4)
                .listener(new ProgressListener() {
                    @Override
                    public void passStarted(PassKind pass, int run, long totalBytes) {
                        anyProgress.set(true);
                    }
                });
        assertThatThrownBy(test::run)
                .isInstanceOfSatisfying(InvalidSettingException.class, e -> {
                    assertThat(e.setting()).isEqualTo("blockSize");
                    assertThat(e.value()).hasValue(DataSize.ofBytes(alignment + 512L) + " ("
                            + (alignment + 512) + " bytes)");
                    assertThat(e.reason()).contains("direct-I/O alignment")
                            .contains(alignment + " bytes").endsWith("or buffered");
                    assertThat(e.reason(s -> "--" + s)).endsWith("or --buffered");
                    assertThat(e.settings()).containsExactly("buffered");
                });
        assertThat(anyProgress).isFalse();
        assertThat(TestFiles.names(dir)).isEmpty();
        // buffered I/O has no alignment rule
        assertThat(test.buffered().runs(1).run().write().totalBytes()).isEqualTo(4L * (alignment + 512));
    }

    @Test
    void blocksAbove1GiBAreRefusedByThePureJavaBackendBeforeAnyIo() {
        assertThatThrownBy(() -> DriveSpeed.on(dir).blockSize("2G").count(1).run())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("2 GiB")
                .hasMessageContaining("ByteBuffer");
        assertThat(dir.toFile().list()).isEmpty();
    }

    @Test
    void removesLeftoversOfDeadProcessesOnlyOnes() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        long deadPid = p.pid();
        long livePid = ProcessHandle.current().pid();
        Path dead = dir.resolve("drivespeed-" + deadPid + "-0123456789abcdef.tmp");
        Path live = dir.resolve("drivespeed-" + livePid + "-fedcba9876543210.tmp");
        Path unrelated = dir.resolve("drivespeed-notes.tmp");
        Path other = dir.resolve("keep.txt");
        for (Path f : List.of(dead, live, unrelated, other)) {
            Files.writeString(f, f.getFileName().toString());
        }
        DriveSpeed.on(dir).blockSize("64K").count(4).runs(1).run();
        assertThat(TestFiles.names(dir)).containsExactlyInAnyOrder(
                live.getFileName().toString(), "drivespeed-notes.tmp", "keep.txt");
        assertThat(Files.readString(live)).isEqualTo(live.getFileName().toString());
        assertThat(Files.readString(other)).isEqualTo("keep.txt");
    }

    @Test
    void followsASymlinkToADirectory() throws IOException {
        Path real = Files.createDirectory(dir.resolve("real"));
        Path link = Files.createSymbolicLink(dir.resolve("link"), real);
        SpeedReport report = DriveSpeed.on(link).blockSize("64K").count(4).runs(1).run();
        assertThat(report.target().directory()).isEqualTo(real.toRealPath());
        assertThat(TestFiles.names(real)).isEmpty();
    }
}
