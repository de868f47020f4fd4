package io.github.drivespeed.internal.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.error.InsufficientSpaceException;
import io.github.drivespeed.error.TestFileIoException;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.PartialReport;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Report;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.spi.ErrnoIoException;
import io.github.drivespeed.test.backend.FaultyBackend;
import io.github.drivespeed.test.backend.IoOperation;
import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.Privileged;
import io.github.drivespeed.testing.TestFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A failure late in a sequential test keeps what was measured: the exception {@code run()}
 * throws keeps its type and carries the runs completed before it ({@link PartialReport}), the
 * figures the listener saw, and no test file is left behind.
 */
class LateFailureTest {

    private static final long KIB_64 = 65536;

    @TempDir
    Path dir;

    /** Collects every finished pass, as a caller's progress listener would. */
    private static final class Finished implements ProgressListener {
        final List<Sample> writes = new ArrayList<>();
        final List<Sample> reads = new ArrayList<>();

        @Override
        public void passFinished(PassKind pass, Sample sample) {
            (pass == PassKind.WRITE ? writes : reads).add(sample);
        }
    }

    @Test
    void noSpaceInRunThreeOfFiveKeepsRunsOneAndTwo() {
        // the 4th write at offset 0: the warm-up's, run 1's, run 2's, then run 3's
        FaultyBackend full = FaultyBackend.failingOnCall(IoOperation.WRITE, 0, 4,
                new ErrnoIoException("pwrite", "test file", "ENOSPC",
                        "ENOSPC (No space left on device)", null));
        Finished seen = new Finished();
        assertThatThrownBy(() -> DriveSpeed.on(dir).blockSize("64K").count(8).runs(5)
                .backend(full).listener(seen).run())
                .isInstanceOfSatisfying(InsufficientSpaceException.class, e -> {
                    assertThat(e.writtenBytes()).hasValue(0);
                    SpeedReport partial = speedReport(PartialReport.in(e).orElseThrow());
                    assertThat(partial.parameters().runs()).isEqualTo(5);
                    assertThat(runs(partial.write())).containsExactly(1, 2);
                    assertThat(runs(partial.read())).containsExactly(1, 2);
                    assertThat(partial.write().samples()).isEqualTo(seen.writes);
                    assertThat(partial.read().samples()).isEqualTo(seen.reads);
                    assertThat(partial.write().samples()).allSatisfy(
                            s -> assertThat(s.bytes()).isEqualTo(8 * KIB_64));
                    assertThat(partial.cachedRead()).isEmpty();
                    assertThat(e.getSuppressed()).singleElement().asString()
                            .endsWith("2 of 5 runs completed before this failure; their figures:"
                                    + " PartialReport.in(failure)");
                });
        assertThat(dir.toFile().list()).isEmpty();
    }

    @Test
    void anUnreadableBlockInTheLastRunKeepsTheRunsBefore() {
        // (unverified: a verified read takes EIO for lost data and goes on)
        FaultyBackend eio = FaultyBackend.failingOnCall(IoOperation.READ, KIB_64, 4,
                new IOException("Input/output error"));
        assertThatThrownBy(() -> DriveSpeed.on(dir).blockSize("64K").count(4).runs(3)
                .noVerify().backend(eio).run())
                .isInstanceOfSatisfying(TestFileIoException.class, e -> {
                    assertThat(e.operation()).isEqualTo("read");
                    SpeedReport partial = speedReport(PartialReport.in(e).orElseThrow());
                    // run 3 wrote, then failed reading: a run that did not complete is not kept
                    assertThat(runs(partial.write())).containsExactly(1, 2);
                    assertThat(runs(partial.read())).containsExactly(1, 2);
                });
        assertThat(dir.toFile().list()).isEmpty();
    }

    @Test
    void aFailureInTheFirstRunCarriesNothing() {
        FaultyBackend full = FaultyBackend.failingOnCall(IoOperation.WRITE, 0, 2,
                new ErrnoIoException("pwrite", "test file", "ENOSPC",
                        "ENOSPC (No space left on device)", null));
        assertThatThrownBy(() -> DriveSpeed.on(dir).blockSize("64K").count(4).runs(3)
                .backend(full).run())
                .isInstanceOfSatisfying(InsufficientSpaceException.class, e -> {
                    assertThat(PartialReport.in(e)).isEmpty();
                    assertThat(e.getSuppressed()).isEmpty();
                });
    }

    @Test
    @Tag("privileged")
    void aFileSystemFillingUpInRunThreeKeepsTheRunsBefore() throws IOException {
        Privileged.requireRoot();
        try (Mounts.Mount tmpfs = Mounts.mount(dir, "tmpfs", "size=16m")) {
            Path fs = tmpfs.dir();
            ProgressListener filler = new ProgressListener() {
                @Override
                public void passStarted(PassKind pass, int run, long totalBytes) {
                    if (pass == PassKind.WRITE && run == 3) {
                        try {
                            TestFiles.fill(fs, 1 << 20);
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    }
                }
            };
            assertThatThrownBy(() -> DriveSpeed.on(fs).blockSize("1M").count(4).runs(4)
                    .directOrBuffered().listener(filler).run())
                    .isInstanceOfSatisfying(InsufficientSpaceException.class, e -> {
                        assertThat(e.writtenBytes()).hasValue(1 << 20);
                        SpeedReport partial = speedReport(PartialReport.in(e).orElseThrow());
                        assertThat(runs(partial.write())).containsExactly(1, 2);
                        assertThat(runs(partial.read())).containsExactly(1, 2);
                        assertThat(partial.read().samples()).allSatisfy(
                                s -> assertThat(s.bytes()).isEqualTo(4L << 20));
                    })
                    .hasMessageStartingWith("no space left on device (ENOSPC) while writing ");
            assertThat(TestFiles.names(fs)).containsExactly("filler.bin");
        }
    }

    private static SpeedReport speedReport(Report report) {
        assertThat(report).isInstanceOf(SpeedReport.class);
        return (SpeedReport) report;
    }

    private static List<Integer> runs(PassResult pass) {
        return pass.samples().stream().map(Sample::run).toList();
    }
}
