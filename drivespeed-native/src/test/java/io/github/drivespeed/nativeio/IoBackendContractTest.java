package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.error.DirectIoUnsupportedException;
import io.github.drivespeed.internal.javaio.JavaIoBackend;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.Capability;
import io.github.drivespeed.spi.ErrnoIoException;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.spi.TestFileRequest;
import io.github.drivespeed.testing.Emulation;
import io.github.drivespeed.test.backend.FaultyBackend;
import io.github.drivespeed.testing.MidPassInterrupt;
import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.Privileged;
import io.github.drivespeed.testing.TestFiles;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What every {@link IoBackend} must do, run against the pure-Java backend and the native one over
 * each of its routes and engines: psync through the JNI stub and through JNA, and every read and
 * write through a Linux AIO and an io_uring queue ({@link QueuedBackend}), each with JNI and
 * JNA; on real files ({@code @TempDir} on the working disk, ext4 here; tmpfs, ramfs and a tiny
 * tmpfs where root can mount them). Written data is checked by reading the file independently
 * (plain JDK I/O, through {@code /proc/self/fd} for an unnamed file), not by the backend checking
 * itself.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("backends")
class IoBackendContractTest {

    @Parameter
    IoBackend io;

    @TempDir
    Path dir;

    static Stream<Named<IoBackend>> backends() {
        NativeIoBackend jni = new NativeIoBackend();
        NativeIoBackend jna = new NativeIoBackend(false);
        assertThat(jni.unavailableReason()).as("native backend on this Linux machine").isEmpty();
        return Stream.of(
                Named.of("java", new JavaIoBackend()),
                Named.of("native psync (JNI where built)", jni),
                Named.of("native psync (JNA)", jna),
                queued(jni, NativeIoBackend.LIBAIO, "native libaio (JNI where built)"),
                queued(jni, NativeIoBackend.IO_URING, "native io_uring (JNI where built)"),
                queued(jna, NativeIoBackend.LIBAIO, "native libaio (JNA)"),
                queued(jna, NativeIoBackend.IO_URING, "native io_uring (JNA)"));
    }

    private static Named<IoBackend> queued(IoBackend io, String engine, String label) {
        return Named.of(label, new QueuedBackend(io, engine, label));
    }

    /**
     * Under an emulator without Linux AIO and io_uring the queued routes cannot run: each says
     * ENOSYS by name, then is skipped naming the gap.
     */
    @BeforeEach
    void aQueuedRouteNeedsAKernelWithItsEngine() {
        if (io instanceof QueuedBackend && Emulation.active()) {
            assertThat(((QueuedBackend) io).engineUnavailableReason())
                    .hasValueSatisfying(r -> assertThat(r).contains("ENOSYS"));
            Emulation.skipOn(Emulation.Gap.ASYNC_IO);
        }
    }

    private boolean isNative() {
        return io.name().startsWith("native");
    }

    private TestFile create(Path directory, boolean direct, boolean dsync) throws IOException {
        return io.createTestFile(new TestFileRequest(directory, "drivespeed-" + ProcessHandle.current().pid()
                + "-00000000000000aa.tmp", direct, dsync));
    }

    private static void fillRandom(AlignedBuffer buffer, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        ByteBuffer w = buffer.window(0, Math.toIntExact(buffer.capacityBytes()));
        while (w.remaining() >= Long.BYTES) {
            w.putLong(rng.nextLong());
        }
    }

    private static byte[] bytes(AlignedBuffer buffer) {
        ByteBuffer w = buffer.window(0, Math.toIntExact(buffer.capacityBytes()));
        byte[] b = new byte[w.remaining()];
        w.get(b);
        return b;
    }

    /** Writes all of {@code length} bytes, looping over short writes, as the engine does. */
    private static void writeFully(TestFile f, AlignedBuffer src, long length, long position)
            throws IOException {
        for (long done = 0; done < length; ) {
            long n = f.write(src, done, length - done, position + done);
            assertThat(n).isPositive();
            done += n;
        }
    }

    private static void readFully(TestFile f, AlignedBuffer dst, long length, long position)
            throws IOException {
        for (long done = 0; done < length; ) {
            long n = f.read(dst, done, length - done, position + done);
            assertThat(n).isPositive();
            done += n;
        }
    }

    private Path readable(TestFile f) throws IOException {
        if (f.path().isPresent()) {
            return f.path().get();
        }
        List<Path> unnamed = TestFiles.unnamedFiles(dir);
        assertThat(unnamed).as("unnamed files open in " + dir).hasSize(1);
        return unnamed.get(0);
    }

    @Test
    void windowIsABigEndianViewOfTheSameNativeMemory() {
        try (AlignedBuffer b = io.allocate(3 * 4096, 4096)) {
            assertThat(b.capacityBytes()).isEqualTo(3 * 4096);
            assertThat(b.alignmentBytes()).isEqualTo(4096);
            ByteBuffer w = b.window(4096, 16);
            assertThat(w.isDirect()).isTrue();
            assertThat(w.order()).isEqualTo(ByteOrder.BIG_ENDIAN);
            assertThat(w.position()).isZero();
            assertThat(w.limit()).isEqualTo(16);
            w.putLong(0, 0x0102030405060708L);
            ByteBuffer again = b.window(4096, 8);
            assertThat(again.get(0)).isEqualTo((byte) 1);
            assertThat(again.getLong(0)).isEqualTo(0x0102030405060708L);
            assertThatThrownBy(() -> b.window(3 * 4096 - 8, 16))
                    .isInstanceOf(IndexOutOfBoundsException.class);
        }
    }

    @Test
    void allocateRefusesWhatItCannotServe() {
        assertThatThrownBy(() -> io.allocate(0, 4096)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> io.allocate(io.maxBlockSizeBytes() + 1, 4096))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> io.allocate(4096, 3000)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void writesReadsAndTheBytesOnDiskAreTheBytesWritten() throws IOException {
        for (boolean direct : new boolean[] {true, false}) {
            int alignment = Math.max(4096, io.directIoAlignmentBytes(dir));
            long length = 64 * 4096;
            try (AlignedBuffer src = io.allocate(length, alignment);
                 AlignedBuffer dst = io.allocate(length, alignment);
                 TestFile f = create(dir, direct, !direct)) {
                fillRandom(src, 42);
                writeFully(f, src, length, 0);
                writeFully(f, src, length, length);
                f.dataSync();
                readFully(f, dst, length, length);
                assertThat(bytes(dst)).isEqualTo(bytes(src));
                assertThat(f.read(dst, 0, 4096, 2 * length)).as("read at end of file").isEqualTo(-1);

                byte[] onDisk = Files.readAllBytes(readable(f));
                byte[] expected = new byte[(int) (2 * length)];
                System.arraycopy(bytes(src), 0, expected, 0, (int) length);
                System.arraycopy(bytes(src), 0, expected, (int) length, (int) length);
                assertThat(onDisk).isEqualTo(expected);
            }
            assertThat(TestFiles.names(dir)).as("after close").isEmpty();
            assertThat(TestFiles.unnamedFiles(dir)).isEmpty();
        }
    }

    @Test
    void theFileIsUnnamedExactlyWhenTheBackendSaysSo() throws IOException {
        try (TestFile f = create(dir, true, false)) {
            if (io.capabilities().contains(Capability.ANONYMOUS_TEST_FILE)) {
                assertThat(f.path()).isEmpty();
                assertThat(f.displayName()).contains("O_TMPFILE").contains(dir.toString());
                assertThat(TestFiles.names(dir)).isEmpty();
                assertThat(TestFiles.unnamedFiles(dir)).hasSize(1);
            } else {
                assertThat(f.path()).isPresent();
                assertThat(TestFiles.testFiles(dir)).containsExactly(f.path().get());
            }
        }
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void refusesATransferThatIsNotAMultipleOfTheAlignmentItReports() throws IOException {
        int alignment = io.directIoAlignmentBytes(dir);
        assertThat(Integer.bitCount(alignment)).isEqualTo(1);
        try (AlignedBuffer b = io.allocate(2L * Math.max(alignment, 4096), Math.max(alignment, 4096));
             TestFile f = create(dir, true, false)) {
            fillRandom(b, 7);
            // exactly the alignment is accepted ...
            assertThat(f.write(b, 0, alignment, 0)).isEqualTo(alignment);
            // ... and half of it is refused, in length and in offset: the figure is the real minimum
            assertThatThrownBy(() -> f.write(b, 0, alignment / 2, 0))
                    .isInstanceOf(IOException.class)
                    .satisfies(e -> {
                        if (isNative()) {
                            assertThat(e).hasMessageContaining("pwrite").hasMessageEndingWith(
                                    " " + f.displayName() + ": EINVAL (Invalid argument)");
                        }
                    });
            assertThatThrownBy(() -> f.write(b, 0, alignment, alignment / 2))
                    .isInstanceOf(IOException.class);
        }
        if (alignment > 512) {
            // the engine refuses such a block before any I/O, naming the alignment
            assertThatThrownBy(() -> DriveSpeed.on(dir).backend(io)
                    .blockSize(DataSize.ofBytes(alignment + 512L)).count(4).run())
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("direct-I/O alignment")
                    .hasMessageContaining(alignment + " bytes (" + io.name() + " backend)");
        }
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void shortTransfersAreLoopedAndCountedAsTransferred() throws IOException {
        FaultyBackend shortIo = FaultyBackend.shortTransfers(io, DataSize.ofKibibytes(4));
        VerifyingCapture capture = new VerifyingCapture(dir, 64 * 1024, 4);
        SpeedReport report = DriveSpeed.on(dir).blockSize("64K").count(4).runs(2)
                .backend(shortIo).listener(capture).run();
        assertThat(shortIo.shortTransferCount()).isGreaterThanOrEqualTo(2L * 2 * 4 * 15);
        assertThat(report.write().totalBytes()).isEqualTo(2L * 64 * 1024 * 4);
        assertThat(report.read().totalBytes()).isEqualTo(2L * 64 * 1024 * 4);
        assertThat(capture.nonces()).hasSize(2).doesNotHaveDuplicates();
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void theEngineRunsOnItAndLeavesNothing() throws IOException {
        VerifyingCapture capture = new VerifyingCapture(dir, 1 << 20, 8);
        SpeedReport report = DriveSpeed.on(dir).backend(io).blockSize("1M").count(8).runs(2)
                .listener(capture).run();
        assertThat(report.backend().name()).isEqualTo(io.name());
        assertThat(report.write().samples()).hasSize(2);
        assertThat(capture.nonces()).hasSize(2);
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void anInterruptFromAnotherThreadStopsWithinOneBlockAndLeavesNothing() throws Exception {
        MidPassInterrupt.Outcome o = MidPassInterrupt.run(
                DriveSpeed.on(dir).backend(io).blockSize("1M").count(256).runs(3));
        assertThat(o.thrown()).isInstanceOf(InterruptedIOException.class);
        assertThat(o.interruptFlagKept()).isTrue();
        assertThat(TestFiles.names(dir)).isEmpty();
        assertThat(TestFiles.unnamedFiles(dir)).isEmpty();
    }

    @Test
    void evictionIsReportedHonestly() throws IOException {
        long length = 256 * 4096;
        try (AlignedBuffer b = io.allocate(length, 4096); TestFile f = create(dir, false, false)) {
            fillRandom(b, 3);
            writeFully(f, b, length, 0);
            f.dataSync();
            Path file = readable(f);
            assertThat(PageCache.residentPages(file)).as("resident after a buffered write")
                    .isPositive();
            boolean evicted = f.evictPages();
            assertThat(evicted).isEqualTo(io.capabilities().contains(Capability.EVICT_FILE_PAGES));
            long resident = PageCache.residentPages(file);
            if (evicted) {
                assertThat(resident).as("resident pages after eviction").isZero();
            } else {
                assertThat(resident).as("resident pages when eviction was not done").isPositive();
            }
        }
        SpeedReport buffered = DriveSpeed.on(dir).backend(io).blockSize("64K").count(8).runs(1)
                .buffered().run();
        assertThat(buffered.read().warnings().contains(Warning.READ_MAY_INCLUDE_PAGE_CACHE))
                .isEqualTo(!io.capabilities().contains(Capability.EVICT_FILE_PAGES));
    }

    @Test
    void noCowIsNotClaimedWhereTheFileSystemHasNoSuchFlagAndTheDataIsKept() throws IOException {
        long length = 64 * 4096;
        try (AlignedBuffer b = io.allocate(length, 4096); TestFile f = create(dir, true, false)) {
            // ext4 here: FS_IOC_SETFLAGS with FS_NOCOW_FL fails with EOPNOTSUPP (chattr +C says so)
            assertThat(f.makeNoCow()).isFalse();
            fillRandom(b, 9);
            writeFully(f, b, length, 0);
            f.dataSync();
            assertThat(Files.readAllBytes(readable(f))).isEqualTo(bytes(b));
        }
    }

    @Test
    void evictionOnTmpfsIsNotClaimedBecauseThePagesAreTheStorage() throws IOException {
        Path shm = Path.of("/dev/shm");
        Privileged.require(Files.isDirectory(shm) && Files.isWritable(shm), "a writable /dev/shm");
        Path tmpfsDir = Files.createTempDirectory(shm, "drivespeed-contract-");
        try {
            long length = 64 * 4096;
            try (AlignedBuffer b = io.allocate(length, 4096);
                 TestFile f = create(tmpfsDir, false, false)) {
                fillRandom(b, 5);
                writeFully(f, b, length, 0);
                assertThat(f.evictPages()).isFalse();
            }
            assertThat(TestFiles.names(tmpfsDir)).isEmpty();
        } finally {
            Files.deleteIfExists(tmpfsDir);
        }
    }

    @Test
    void aMissingDirectoryIsNoSuchFile() {
        Path missing = dir.resolve("nosuch");
        assertThatThrownBy(() -> create(missing, true, false))
                .isInstanceOf(NoSuchFileException.class)
                .hasMessageContaining(missing.toString());
        assertThat(Files.exists(missing)).isFalse();
    }

    @Test
    @Tag("privileged")
    void directIoRefusedByTheFileSystemIsNamedWithItsTypeAndLeavesNothing() throws IOException {
        Privileged.requireRoot();
        try (Mounts.Mount ramfs = Mounts.mount(dir, "ramfs", "size=16m")) {
            assertThatThrownBy(() -> create(ramfs.dir(), true, false))
                    .isInstanceOfSatisfying(DirectIoUnsupportedException.class,
                            e -> assertThat(e.fileSystemType()).isEqualTo("ramfs"))
                    .hasMessageContaining("O_DIRECT is not supported")
                    .satisfies(e -> {
                        if (isNative()) {
                            assertThat(e.getCause()).hasMessageContaining("O_DIRECT")
                                    .hasMessageContaining(ramfs.dir().toString())
                                    .hasMessageEndingWith(": EINVAL (Invalid argument)");
                        }
                    });
            assertThat(TestFiles.names(ramfs.dir())).isEmpty();
        }
    }

    @Test
    @Tag("privileged")
    void noSpaceIsRecognisableAsENOSPC() throws IOException {
        Privileged.requireRoot();
        try (Mounts.Mount tiny = Mounts.mount(dir, "tmpfs", "size=1m")) {
            long length = 256 * 1024;
            try (AlignedBuffer b = io.allocate(length, 4096); TestFile f = create(tiny.dir(), true, false)) {
                fillRandom(b, 9);
                IOException failure = null;
                for (long position = 0; position < 16 * length && failure == null; ) {
                    try {
                        position += f.write(b, 0, length, position);
                    } catch (IOException e) {
                        failure = e;
                    }
                }
                assertThat(failure).as("a write beyond 1 MiB on a 1 MiB tmpfs").isNotNull();
                // the errno as data, from both backends (the java one reads the JDK's text)
                assertThat(failure).isInstanceOfSatisfying(ErrnoIoException.class, e -> {
                    assertThat(e.errnoName()).isEqualTo("ENOSPC");
                    assertThat(e.operation()).contains("pwrite");
                });
                assertThat(failure).hasMessageEndingWith(": ENOSPC (No space left on device)");
            }
            assertThat(TestFiles.names(tiny.dir())).isEmpty();
        }
    }

    @Test
    @Tag("privileged")
    void aReadOnlyFileSystemIsNamedAsSuch() throws IOException {
        Privileged.requireRoot();
        try (Mounts.Mount ro = Mounts.mount(dir, "tmpfs", "size=1m,ro")) {
            assertThatThrownBy(() -> create(ro.dir(), true, false))
                    .satisfies(e -> assertThat(ErrnoIoException.is(e, "EROFS")).as(e.toString())
                            .isTrue())
                    .hasStackTraceContaining("Read-only file system");
            assertThat(TestFiles.names(ro.dir())).isEmpty();
        }
    }
}
