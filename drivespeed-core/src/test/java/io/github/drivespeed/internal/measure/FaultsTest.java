package io.github.drivespeed.internal.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.SequentialPlan;
import io.github.drivespeed.error.DirectIoUnsupportedException;
import io.github.drivespeed.error.InsufficientSpaceException;
import io.github.drivespeed.error.TestFileIoException;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.spi.Capability;
import io.github.drivespeed.spi.ErrnoIoException;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.spi.TestFileRequest;
import io.github.drivespeed.test.backend.FaultyBackend;
import io.github.drivespeed.test.backend.ForwardingBackend;
import io.github.drivespeed.test.backend.IoOperation;
import io.github.drivespeed.testing.Immutable;
import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.Privileged;
import io.github.drivespeed.testing.ShortPasses;
import io.github.drivespeed.testing.TestFiles;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults during a run: ENOSPC mid-write, EIO on each operation, O_DIRECT refused with and without
 * the buffered fallback, and a test file that cannot be removed. Each checks the message a user
 * sees and that no test file is left behind (or, where removal itself failed, that this is said).
 */
class FaultsTest {

    private static final long MIB = 1 << 20;

    @TempDir
    Path dir;

    /**
     * Fills the file system right after the free-space check passed (the first measured write pass
     * starts after the check and the warm-up), leaving {@code leaveBytes} usable.
     */
    private static final class FillDiskWhenWritingStarts implements ProgressListener {
        private final Path directory;
        private final long leaveBytes;
        private long usableAfterFilling = -1;

        FillDiskWhenWritingStarts(Path directory, long leaveBytes) {
            this.directory = directory;
            this.leaveBytes = leaveBytes;
        }

        @Override
        public void passStarted(PassKind pass, int run, long totalBytes) {
            if (pass != PassKind.WRITE || run != 1) {
                return;
            }
            try {
                usableAfterFilling = TestFiles.fill(directory, leaveBytes);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @Test
    @Tag("privileged")
    void noSpaceMidWriteOnTmpfsAbortsRemovesTheFileAndSaysHowFarItGot() throws IOException {
        Privileged.requireRoot();
        try (Mounts.Mount tmpfs = Mounts.mount(dir, "tmpfs", "size=16m")) {
            FillDiskWhenWritingStarts filler = new FillDiskWhenWritingStarts(tmpfs.dir(), 3 * MIB);
            SequentialPlan test = DriveSpeed.on(tmpfs.dir()).blockSize("1M").count(8).runs(1)
                    .directOrBuffered().listener(filler);
            assertThatThrownBy(test::run)
                    .isInstanceOfSatisfying(InsufficientSpaceException.class, e -> {
                        assertThat(e.writtenBytes()).hasValue(3 * MIB);
                        assertThat(e.neededBytes()).isEqualTo(8 * MIB);
                        assertThat(e.availableBytes()).isEmpty();
                        assertThat(e.path().getFileName().toString())
                                .matches("drivespeed-\\d+-[0-9a-f]{16}\\.tmp");
                        assertThat(e.getCause()).hasMessageContaining("No space left on device");
                    })
                    .hasMessageStartingWith("no space left on device (ENOSPC) while writing "
                            + tmpfs.dir().toRealPath() + "/drivespeed-")
                    .hasMessageEndingWith(": 3145728 of 8388608 bytes written; the pass was"
                            + " aborted and the test file removed");
            // tmpfs counts whole pages and nothing else: exactly 3 MiB were left
            assertThat(filler.usableAfterFilling).isEqualTo(3 * MIB);
            assertThat(TestFiles.names(tmpfs.dir())).containsExactly("filler.bin");
        }
    }

    @Test
    @Tag("privileged")
    void noSpaceMidDirectWriteOnExt4AbortsAndRemovesTheFile() throws IOException {
        Privileged.requireRoot();
        try (Mounts.Mount ext4 = Mounts.ext4(dir, 64, "rw", null)) {
            FillDiskWhenWritingStarts filler = new FillDiskWhenWritingStarts(ext4.dir(), 3 * MIB);
            SequentialPlan test = DriveSpeed.on(ext4.dir()).blockSize("1M").count(16).runs(1)
                    .listener(filler);
            assertThatThrownBy(test::run)
                    .isInstanceOfSatisfying(InsufficientSpaceException.class, e -> {
                        // ext4 also needs room for the file's extent tree: the exact figure
                        // depends on its allocator, but it is what was written, never more
                        assertThat(e.writtenBytes().getAsLong()).isPositive()
                                .isLessThanOrEqualTo(filler.usableAfterFilling);
                        assertThat(e.neededBytes()).isEqualTo(16 * MIB);
                    })
                    .hasMessageMatching("no space left on device \\(ENOSPC\\) while writing .*/drivespeed-\\d+-"
                            + "[0-9a-f]{16}\\.tmp: \\d+ of 16777216 bytes written; the pass was"
                            + " aborted and the test file removed");
            assertThat(TestFiles.names(ext4.dir())).containsExactly("filler.bin", "lost+found");
        }
    }

    @Test
    void noSpaceInTheMiddleOfAShortWriteCountsTheBytesThatDidGetWritten() {
        // 64 KiB blocks moved 4 KiB per call; the call at 3 blocks + 8 KiB hits ENOSPC
        long failingAt = 3 * 65536 + 8192;
        FaultyBackend full = FaultyBackend.failing(IoOperation.WRITE, failingAt,
                new ErrnoIoException("pwrite", "test file", "ENOSPC",
                        "ENOSPC (No space left on device)", null))
                .withShortTransfers(DataSize.ofKibibytes(4));
        assertThatThrownBy(() -> DriveSpeed.on(dir).blockSize("64K").count(8).runs(1)
                .backend(full).run())
                .isInstanceOfSatisfying(InsufficientSpaceException.class,
                        e -> assertThat(e.writtenBytes()).hasValue(failingAt))
                .hasMessageContaining(": 204800 of 524288 bytes written");
        assertThat(dir.toFile().list()).isEmpty();
    }

    @Test
    void aQuotaRunningOutIsCalledSoNotAFullDisk() {
        FaultyBackend quota = FaultyBackend.failing(IoOperation.WRITE, 2 * 65536,
                new ErrnoIoException("pwrite", "test file", "EDQUOT",
                        "EDQUOT (Disk quota exceeded)", null));
        assertThatThrownBy(() -> DriveSpeed.on(dir).blockSize("64K").count(8).runs(1)
                .backend(quota).run())
                .isInstanceOfSatisfying(InsufficientSpaceException.class,
                        e -> assertThat(e.writtenBytes()).hasValue(2 * 65536))
                .hasMessageStartingWith("disk quota exceeded (EDQUOT) while writing ")
                .hasMessageEndingWith(": 131072 of 524288 bytes written; the pass was aborted and"
                        + " the test file removed");
        assertThat(dir.toFile().list()).isEmpty();
    }

    @Test
    void anIoErrorInTheMiddleOfAShortTransferNamesTheOffsetOfTheFailingCall() {
        long failingAt = 2 * 65536 + 12288;
        FaultyBackend eio = FaultyBackend.failing(IoOperation.READ, failingAt,
                new IOException("Input/output error"))
                .withShortTransfers(DataSize.ofKibibytes(4));
        assertThatThrownBy(() -> DriveSpeed.on(dir).blockSize("64K").count(8).runs(1)
                .backend(eio).run())
                .isInstanceOfSatisfying(TestFileIoException.class, e -> {
                    assertThat(e.operation()).isEqualTo("read");
                    assertThat(e.offset()).isEqualTo(failingAt);
                })
                .hasMessageMatching("read at offset 143360 of .*/drivespeed-\\d+-[0-9a-f]{16}\\.tmp"
                        + " failed: Input/output error");
        assertThat(dir.toFile().list()).isEmpty();
    }

    @Test
    void anIoErrorOfTheClosingFdatasyncIsNamedAndTheFileRemoved() {
        FaultyBackend eio = FaultyBackend.failing(IoOperation.DATA_SYNC, FaultyBackend.NO_OFFSET,
                new IOException("Input/output error"));
        assertThatThrownBy(() -> DriveSpeed.on(dir).blockSize("64K").count(8).runs(1)
                .backend(eio).run())
                .isInstanceOfSatisfying(TestFileIoException.class, e -> {
                    assertThat(e.operation()).isEqualTo("fdatasync");
                    assertThat(e.offset()).isEqualTo(-1);
                })
                .hasMessageMatching("fdatasync of .*/drivespeed-\\d+-[0-9a-f]{16}\\.tmp failed:"
                        + " Input/output error");
        assertThat(dir.toFile().list()).isEmpty();
    }

    /** The pure-Java backend without O_DIRECT, as a backend on a platform that has none. */
    private static final class NoDirectIoBackend extends ForwardingBackend {
        @Override
        public Set<Capability> capabilities() {
            Set<Capability> c = EnumSet.copyOf(super.capabilities());
            c.remove(Capability.DIRECT_IO);
            return c;
        }

        @Override
        protected TestFile wrap(TestFile file, TestFileRequest request) {
            assertThat(request.direct()).as("O_DIRECT asked of a backend without it").isFalse();
            return file;
        }
    }

    @Test
    void aBackendWithoutDirectIoIsRefusedUnlessTheFallbackWasChosen() throws IOException {
        SequentialPlan test = DriveSpeed.on(dir).blockSize("64K").count(4).runs(1)
                .backend(new NoDirectIoBackend());
        assertThatThrownBy(test::run).isInstanceOf(DirectIoUnsupportedException.class)
                .hasMessageContaining("O_DIRECT is not supported on " + dir.toRealPath());
        assertThat(dir.toFile().list()).isEmpty();

        SpeedReport report = test.directOrBuffered().run();
        assertThat(report.parameters().direct()).as("what actually ran").isFalse();
        assertThat(report.write().warnings()).contains(Warning.BUFFERED_FALLBACK);
        assertThat(report.read().warnings()).contains(Warning.BUFFERED_FALLBACK,
                Warning.READ_MAY_INCLUDE_PAGE_CACHE);
        assertThat(report.details()).contains("buffered, fdatasync timed")
                .contains("BUFFERED_FALLBACK: O_DIRECT was refused by the file system, so the"
                        + " figures are buffered");
        assertThat(dir.toFile().list()).isEmpty();
    }

    @Test
    void theFallbackChangesNothingWhereDirectIoWorks() throws IOException {
        SequentialPlan test = DriveSpeed.on(dir).blockSize("64K").count(4).runs(1).directOrBuffered();
        assertThat(test.parameters().bufferedFallback()).isTrue();
        assertThat(test.direct().parameters().bufferedFallback()).isFalse();
        assertThat(test.buffered().parameters().bufferedFallback()).isFalse();
        SpeedReport report = test.run();
        assertThat(report.parameters().direct()).isTrue();
        assertThat(report.warnings()).doesNotContain(Warning.BUFFERED_FALLBACK);
    }

    @Test
    @Tag("privileged")
    void directIoRefusedOnRamfsFallsBackOnlyWhenChosenAndTheReportSaysSo() throws IOException {
        Privileged.requireRoot();
        try (Mounts.Mount ramfs = Mounts.mount(dir, "ramfs", "size=16m")) {
            SequentialPlan test = DriveSpeed.on(ramfs.dir()).blockSize("64K").count(4).runs(2);
            assertThatThrownBy(test::run).isInstanceOf(DirectIoUnsupportedException.class)
                    .hasMessageMatching("O_DIRECT is not supported on " + ramfs.dir().toRealPath()
                            + "/drivespeed-\\d+-[0-9a-f]{16}\\.tmp \\(file system ramfs\\);"
                            + " measure with buffered\\(\\) or directOrBuffered\\(\\)");
            assertThat(TestFiles.names(ramfs.dir())).isEmpty();

            SpeedReport report = test.directOrBuffered().run();
            assertThat(report.parameters().direct()).isFalse();
            assertThat(ShortPasses.apartFromLength(report.write()))
                    .containsExactly(Warning.BUFFERED_FALLBACK);
            assertThat(ShortPasses.apartFromLength(report.read())).containsExactlyInAnyOrder(
                    Warning.BUFFERED_FALLBACK, Warning.READ_MAY_INCLUDE_PAGE_CACHE);
            assertThat(report.warnings()).contains(Warning.MEMORY_FILE_SYSTEM);
            assertThat(report.write().samples()).hasSize(2);
            assertThat(TestFiles.names(ramfs.dir())).isEmpty();
        }
    }

    @Test
    @Tag("privileged")
    void aTestFileThatCannotBeRemovedIsReportedNotHidden() throws IOException {
        Privileged.requireRoot();
        try (Mounts.Mount ext4 = Mounts.ext4(dir, 16, "rw", null)) {
            Path target = Files.createDirectory(ext4.dir().resolve("target"));
            LockDirectoryWhenReadingStarts lock = new LockDirectoryWhenReadingStarts(target);
            try {
                assertThatThrownBy(() -> DriveSpeed.on(target).blockSize("64K").count(4).runs(1)
                        .listener(lock).run())
                        .isInstanceOfSatisfying(TestFileIoException.class, e -> {
                            assertThat(e.operation()).isEqualTo("close and remove");
                            assertThat(e.offset()).isEqualTo(-1);
                            assertThat(e.path().getParent()).isEqualTo(target);
                        })
                        .hasMessageMatching("close and remove of " + target
                                + "/drivespeed-\\d+-[0-9a-f]{16}\\.tmp failed: .*Operation not"
                                + " permitted");
            } finally {
                lock.close();
            }
            // the one file that could not be removed is still there, and said so
            List<Path> left = TestFiles.testFiles(target);
            assertThat(left).hasSize(1);
            Files.delete(left.get(0));
        }
    }

    @Test
    @Tag("privileged")
    void aRemovalFailureWhileAnotherFailurePropagatesIsKeptAsSuppressed() throws IOException {
        Privileged.requireRoot();
        try (Mounts.Mount ext4 = Mounts.ext4(dir, 16, "rw", null)) {
            Path target = Files.createDirectory(ext4.dir().resolve("target"));
            LockDirectoryWhenReadingStarts lock = new LockDirectoryWhenReadingStarts(target);
            // the second read at 64 KiB: the first is the warm-up's
            FaultyBackend eio = FaultyBackend.failingOnCall(IoOperation.READ, 65536, 2,
                    new IOException("Input/output error"));
            try {
                // (unverified: a verified read takes EIO for lost data and goes on)
                assertThatThrownBy(() -> DriveSpeed.on(target).blockSize("64K").count(4).runs(1)
                        .noVerify().backend(eio).listener(lock).run())
                        .isInstanceOfSatisfying(TestFileIoException.class, e -> {
                            assertThat(e.operation()).isEqualTo("read");
                            assertThat(e.offset()).isEqualTo(65536);
                            assertThat(e.getSuppressed()).hasSize(1);
                            assertThat(e.getSuppressed()[0])
                                    .isInstanceOf(TestFileIoException.class)
                                    .hasMessageContaining("close and remove of " + target)
                                    .hasMessageContaining("Operation not permitted");
                        });
            } finally {
                lock.close();
            }
            List<Path> left = TestFiles.testFiles(target);
            assertThat(left).hasSize(1);
            Files.delete(left.get(0));
        }
    }

    /** Makes the target directory immutable when the first measured read pass starts. */
    private static final class LockDirectoryWhenReadingStarts implements ProgressListener,
            AutoCloseable {
        private final Path directory;
        private Immutable immutable;

        LockDirectoryWhenReadingStarts(Path directory) {
            this.directory = directory;
        }

        @Override
        public void passStarted(PassKind pass, int run, long totalBytes) {
            if (pass == PassKind.READ && immutable == null) {
                try {
                    immutable = Immutable.set(directory);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }

        @Override
        public void close() throws IOException {
            if (immutable != null) {
                immutable.close();
            }
        }
    }

    @Test
    @Tag("privileged")
    void aKilledRunsLeftoverIsRemovedBeforeTheFreeSpaceCheckNotAfter() throws Exception {
        Privileged.requireRoot();
        try (Mounts.Mount tmpfs = Mounts.mount(dir, "tmpfs", "size=16m")) {
            Process p = new ProcessBuilder("true").start();
            p.waitFor();
            Path leftover = tmpfs.dir().resolve("drivespeed-" + p.pid() + "-0123456789abcdef.tmp");
            Files.write(leftover, new byte[12 << 20]);
            // 8 MiB fit only once the 12 MiB leftover of the dead process is gone
            SpeedReport report = DriveSpeed.on(tmpfs.dir()).blockSize("1M").count(8).runs(1)
                    .directOrBuffered().run();
            assertThat(report.write().totalBytes()).isEqualTo(8 * MIB);
            assertThat(TestFiles.names(tmpfs.dir())).isEmpty();
        }
    }
}
