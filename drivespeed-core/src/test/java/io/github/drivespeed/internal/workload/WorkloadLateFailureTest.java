package io.github.drivespeed.internal.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.WorkloadPlan;
import io.github.drivespeed.error.InsufficientSpaceException;
import io.github.drivespeed.error.TestFileIoException;
import io.github.drivespeed.parameters.Preset;
import io.github.drivespeed.progress.WorkloadListener;
import io.github.drivespeed.progress.WorkloadStage;
import io.github.drivespeed.report.PartialReport;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Report;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.report.WorkloadTable;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.ErrnoIoException;
import io.github.drivespeed.spi.ForwardingTestFile;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.spi.TestFileRequest;
import io.github.drivespeed.test.backend.ForwardingBackend;
import io.github.drivespeed.test.backend.IoOperation;
import io.github.drivespeed.unit.DataSize;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A failure late in a workload or a table keeps what was measured: the exception keeps its type
 * and carries the runs ({@link PartialReport#in(Throwable)}) or the rows
 * ({@link PartialReport#tableIn(Throwable)}) completed before it, with their real figures, and
 * no test file is left behind. The fault is armed as a chosen run of a chosen row starts (the
 * listener is told before its first I/O), so that the runs before it are real runs.
 */
class WorkloadLateFailureTest {

    private static final long MIB = 1L << 20;

    @TempDir
    Path dir;

    private static ErrnoIoException enospc() {
        return new ErrnoIoException("pwrite", "test file", "ENOSPC",
                "ENOSPC (No space left on device)", null);
    }

    /**
     * The pure-Java backend whose every {@code operation} fails with {@code failure} once armed:
     * as the listener is told that run {@code run} of row {@code row} starts.
     */
    private static final class ArmedFault extends ForwardingBackend implements WorkloadListener {
        private final IoOperation operation;
        private final int row;
        private final int run;
        private final IOException failure;
        private volatile boolean armed;

        ArmedFault(IoOperation operation, int row, int run, IOException failure) {
            this.operation = operation;
            this.row = row;
            this.run = run;
            this.failure = failure;
        }

        @Override
        public void stageStarted(WorkloadStage stage) {
            if (stage.kind() == WorkloadStage.Kind.RUN && stage.jobIndex() == row
                    && stage.run() == run) {
                armed = true;
            }
        }

        @Override
        protected TestFile wrap(TestFile file, TestFileRequest request) {
            return new ForwardingTestFile(file) {
                @Override
                public long write(AlignedBuffer src, long srcOffset, long length, long position)
                        throws IOException {
                    fail(IoOperation.WRITE);
                    return super.write(src, srcOffset, length, position);
                }

                @Override
                public long read(AlignedBuffer dst, long dstOffset, long length, long position)
                        throws IOException {
                    fail(IoOperation.READ);
                    return super.read(dst, dstOffset, length, position);
                }
            };
        }

        private void fail(IoOperation op) throws IOException {
            if (armed && op == operation) {
                throw failure;
            }
        }
    }

    private WorkloadPlan plan(ArmedFault fault) {
        return DriveSpeed.workload(dir).size("1M").blockSize("64K").noDuration()
                .directOrBuffered().backend(fault).listener(fault);
    }

    @Test
    void noSpaceInRunThreeOfFiveKeepsRunsOneAndTwo() {
        ArmedFault full = new ArmedFault(IoOperation.WRITE, 1, 3, enospc());
        assertThatThrownBy(() -> plan(full).sequential().write().runs(5).run())
                .isInstanceOfSatisfying(InsufficientSpaceException.class, e -> {
                    WorkloadReport partial = workloadReport(PartialReport.in(e).orElseThrow());
                    assertThat(partial.parameters().runs()).isEqualTo(5);
                    assertThat(partial.read()).isEmpty();
                    PassResult write = partial.write().orElseThrow();
                    assertThat(runs(write)).containsExactly(1, 2);
                    assertThat(write.samples()).allSatisfy(s -> {
                        assertThat(s.bytes()).isEqualTo(MIB);
                        assertThat(s.throughput().megabytesPerSecond()).isPositive();
                    });
                    assertThat(partial.cpuPerRun()).hasSizeLessThanOrEqualTo(2);
                    assertThat(PartialReport.tableIn(e)).isEmpty();
                    assertThat(e.getSuppressed()).singleElement().asString()
                            .endsWith("2 of 5 runs completed before this failure; their figures:"
                                    + " PartialReport.in(failure)");
                });
        assertThat(dir.toFile().list()).isEmpty();
    }

    @Test
    void anUnreadableBlockInTheLastRunKeepsTheRunsBefore() {
        ArmedFault eio = new ArmedFault(IoOperation.READ, 1, 3,
                new IOException("Input/output error"));
        assertThatThrownBy(() -> plan(eio).random().read().runs(3).run())
                .isInstanceOfSatisfying(TestFileIoException.class, e -> {
                    assertThat(e.operation()).isEqualTo("read");
                    WorkloadReport partial = workloadReport(PartialReport.in(e).orElseThrow());
                    PassResult read = partial.read().orElseThrow();
                    assertThat(runs(read)).containsExactly(1, 2);
                    assertThat(read.samples()).allSatisfy(s -> {
                        assertThat(s.ios()).isEqualTo(16);
                        assertThat(s.throughput().megabytesPerSecond()).isPositive();
                    });
                });
        assertThat(dir.toFile().list()).isEmpty();
    }

    @Test
    void aFailureInTheFirstRunCarriesNothing() {
        ArmedFault full = new ArmedFault(IoOperation.WRITE, 1, 1, enospc());
        assertThatThrownBy(() -> plan(full).sequential().write().runs(3).run())
                .isInstanceOfSatisfying(InsufficientSpaceException.class, e -> {
                    assertThat(PartialReport.in(e)).isEmpty();
                    assertThat(e.getSuppressed()).isEmpty();
                });
        assertThat(dir.toFile().list()).isEmpty();
    }

    @Test
    void aPresetRowThatFailsKeepsTheRowsBeforeItAndItsOwnRunsBefore() {
        // row 3 (SEQ1M Q1T1 read) fails in its second run
        ArmedFault eio = new ArmedFault(IoOperation.READ, 3, 2,
                new IOException("Input/output error"));
        assertThatThrownBy(() -> plan(eio).runs(2)
                .runPresets(List.of(Preset.RND4K_Q1T1, Preset.SEQ1M_Q1T1)))
                .isInstanceOfSatisfying(TestFileIoException.class, e -> {
                    WorkloadTable table = PartialReport.tableIn(e).orElseThrow();
                    assertThat(table.rows()).extracting(WorkloadTable.Row::label)
                            .containsExactly("RND4K Q1T1 read", "RND4K Q1T1 write");
                    WorkloadReport read = table.rows().get(0).report();
                    assertThat(read.parameters().fioRw()).isEqualTo("randread");
                    assertComplete(read.read().orElseThrow(), 2, 256);
                    WorkloadReport write = table.rows().get(1).report();
                    assertThat(write.parameters().fioRw()).isEqualTo("randwrite");
                    assertComplete(write.write().orElseThrow(), 2, 256);
                    // the failing row's own run completed before the failure
                    WorkloadReport row3 = workloadReport(PartialReport.in(e).orElseThrow());
                    assertThat(row3.parameters().fioRw()).isEqualTo("read");
                    assertThat(row3.parameters().blockSize()).isEqualTo(DataSize.ofMebibytes(1));
                    assertThat(runs(row3.read().orElseThrow())).containsExactly(1);
                    assertThat(e.getSuppressed()).extracting(Throwable::getMessage).contains(
                            "2 of 4 rows completed before this failure; their table:"
                                    + " PartialReport.tableIn(failure)",
                            "1 of 2 runs completed before this failure; their figures:"
                                    + " PartialReport.in(failure)");
                });
        assertThat(dir.toFile().list()).isEmpty();
    }

    @Test
    void noSpaceInTheSecondRowOfASweepKeepsTheFirst() {
        ArmedFault full = new ArmedFault(IoOperation.WRITE, 2, 1, enospc());
        assertThatThrownBy(() -> plan(full).sequential().write().runs(2)
                .runSweep(List.of(DataSize.ofKibibytes(4), DataSize.ofKibibytes(64),
                        DataSize.ofMebibytes(1))))
                .isInstanceOfSatisfying(InsufficientSpaceException.class, e -> {
                    WorkloadTable table = PartialReport.tableIn(e).orElseThrow();
                    assertThat(table.rows()).singleElement().satisfies(row -> {
                        assertThat(row.label()).isEqualTo("4 KiB");
                        assertThat(row.report().parameters().blockSize())
                                .isEqualTo(DataSize.ofKibibytes(4));
                        assertComplete(row.report().write().orElseThrow(), 2, 256);
                    });
                    // row 2 failed in its first run: none of its runs is carried
                    assertThat(PartialReport.in(e)).isEmpty();
                    assertThat(e.getSuppressed()).singleElement().asString().endsWith(
                            "1 of 3 rows completed before this failure; their table:"
                                    + " PartialReport.tableIn(failure)");
                });
        assertThat(dir.toFile().list()).isEmpty();
    }

    @Test
    void aFailureInTheFirstRowCarriesNoTable() {
        ArmedFault full = new ArmedFault(IoOperation.WRITE, 1, 2, enospc());
        assertThatThrownBy(() -> plan(full).sequential().write().runs(2)
                .runSweep(List.of(DataSize.ofKibibytes(64), DataSize.ofMebibytes(1))))
                .isInstanceOfSatisfying(InsufficientSpaceException.class, e -> {
                    assertThat(PartialReport.tableIn(e)).isEmpty();
                    assertThat(runs(workloadReport(PartialReport.in(e).orElseThrow()).write()
                            .orElseThrow())).containsExactly(1);
                });
        assertThat(dir.toFile().list()).isEmpty();
    }

    /** Every run of a row: each of {@code ios} I/Os over the 1 MiB file, at a real rate. */
    private static void assertComplete(PassResult pass, int runs, long ios) {
        assertThat(pass.runs()).isEqualTo(runs);
        assertThat(pass.samples()).allSatisfy(s -> {
            assertThat(s.ios()).isEqualTo(ios);
            assertThat(s.bytes()).isEqualTo(MIB);
            assertThat(s.throughput().megabytesPerSecond()).isPositive();
        });
    }

    private static WorkloadReport workloadReport(Report report) {
        assertThat(report).isInstanceOf(WorkloadReport.class);
        return (WorkloadReport) report;
    }

    private static List<Integer> runs(PassResult pass) {
        return pass.samples().stream().map(Sample::run).toList();
    }
}
