package io.github.drivespeed.internal.files;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.SequentialPlan;
import io.github.drivespeed.parameters.DataPattern;
import io.github.drivespeed.parameters.SequentialParameters;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.target.RemovedLeftover;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.test.backend.CheckingBackend;
import io.github.drivespeed.testing.ChildMeasurement;
import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.TestFiles;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Measurements at the same time in the same directory, from threads sharing one immutable plan
 * and from two processes: no name is created twice, every byte read back is the byte its own run
 * wrote, neither run removes the other's live file, and nothing is left.
 */
class ConcurrencyTest {

    private static final int THREADS = 8;
    private static final long BLOCK = 64 * 1024;

    @TempDir
    Path dir;

    @Test
    void manyPlansDerivedFromOneSharedBaseRunTogetherWithoutSharingFiles() throws Exception {
        CheckingBackend checking = CheckingBackend.limitedTo(
                DataSize.ofBytes((THREADS + 4) * BLOCK));
        SequentialPlan base = DriveSpeed.on(dir).blockSize(DataSize.ofBytes(BLOCK)).count(4).runs(2)
                .backend(checking);
        SequentialParameters baseParameters = base.parameters();
        CyclicBarrier start = new CyclicBarrier(THREADS);
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        List<Future<SpeedReport>> reports = new ArrayList<>();
        try {
            for (int i = 0; i < THREADS; i++) {
                int count = 4 + i;
                boolean zeros = i % 2 == 1;
                reports.add(pool.submit(() -> {
                    // derive concurrently from the shared base, then start together
                    SequentialPlan mine = zeros ? base.count(count).zeros() : base.count(count);
                    start.await(60, TimeUnit.SECONDS);
                    return mine.run();
                }));
            }
            for (int i = 0; i < THREADS; i++) {
                SpeedReport report = reports.get(i).get(120, TimeUnit.SECONDS);
                assertThat(report.parameters().count()).isEqualTo(4 + i);
                assertThat(report.parameters().dataPattern())
                        .isEqualTo(i % 2 == 1 ? DataPattern.ZEROS : DataPattern.RANDOM);
                assertThat(report.write().samples()).hasSize(2)
                        .allSatisfy(s -> assertThat(s.bytes()).isEqualTo(BLOCK * report.parameters().count()));
            }
        } finally {
            pool.shutdownNow();
            assertThat(pool.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(base.parameters()).isEqualTo(baseParameters);
        assertThat(checking.problems()).isEmpty();
        // each thread: one warm-up file and two measured files, all distinct
        assertThat(checking.created()).hasSize(THREADS * 3);
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void twoProcessesInOneDirectoryLeaveEachOthersLiveFilesAlone() throws Exception {
        Path control = Files.createDirectory(dir.resolve("control"));
        Path target = Files.createDirectory(dir.resolve("target"));
        Process child = ChildMeasurement.start(target, control, "64K", 64, 4 * BLOCK);
        try {
            ChildMeasurement.awaitPaused(child, control);
            List<Path> childFiles = TestFiles.testFiles(target);
            assertThat(childFiles).hasSize(1);
            Path childFile = childFiles.get(0);
            long childBytes = Files.size(childFile);

            // this run's leftover sweep sees the child's file; its owner is alive, so it stays
            AtomicReference<List<Path>> seenWhileWriting = new AtomicReference<>();
            CheckingBackend checking = CheckingBackend.limitedTo(DataSize.ofBytes(8 * BLOCK));
            DriveSpeed.on(target).blockSize(DataSize.ofBytes(BLOCK)).count(8).runs(2)
                    .backend(checking)
                    .listener(new ProgressListener() {
                        @Override
                        public void passStarted(PassKind pass, int run, long totalBytes) {
                            try {
                                seenWhileWriting.compareAndSet(null, TestFiles.testFiles(target));
                            } catch (IOException e) {
                                throw new UncheckedIOException(e);
                            }
                        }
                    }).run();
            assertThat(seenWhileWriting.get()).contains(childFile).hasSize(2);
            assertThat(checking.problems()).isEmpty();
            assertThat(checking.created()).doesNotContain(childFile);
            assertThat(TestFiles.testFiles(target)).containsExactly(childFile);
            assertThat(Files.size(childFile)).isEqualTo(childBytes);

            ChildMeasurement.resume(control);
            assertThat(child.waitFor(120, TimeUnit.SECONDS)).isTrue();
            assertThat(child.exitValue()).as(ChildMeasurement.output(control)).isZero();
            assertThat(ChildMeasurement.output(control)).contains("measured " + 64 * BLOCK);
        } finally {
            child.destroyForcibly();
        }
        assertThat(TestFiles.names(target)).isEmpty();
    }

    /**
     * A run started at once after another was killed with SIGKILL waits for the killed JVM to be
     * torn down and removes its file as a leftover, unflagged. Measured on a drive of the test's
     * own (a tmpfs): on the shared disk another build's measurement would rightly flag the run,
     * and the test could not tell the killed run's locks from theirs.
     */
    @Test
    void aRunStartedJustAfterAnotherWasKilledWaitsForItToGoAndRemovesItsFile() throws Exception {
        try (Mounts.Mount drive = Mounts.privateDrive(dir, 64)) {
            waitsForTheKilledRunAndRemovesItsFile(drive.dir());
        }
    }

    private void waitsForTheKilledRunAndRemovesItsFile(Path drive) throws Exception {
        Path control = Files.createDirectory(dir.resolve("control"));
        Path target = Files.createDirectory(drive.resolve("target"));
        Process child = ChildMeasurement.start(target, control, "64K", 64, 4 * BLOCK);
        Path childFile;
        try {
            ChildMeasurement.awaitPaused(child, control);
            childFile = TestFiles.testFiles(target).get(0);
        } finally {
            // SIGKILL, not waited for: the next run starts while the kernel tears the JVM down
            // (its files and locks held until then)
            child.destroyForcibly();
        }
        try {
            SpeedReport r = DriveSpeed.on(target).blockSize(DataSize.ofBytes(BLOCK)).count(8)
                    .runs(1).run();

            assertThat(r.warnings()).doesNotContain(Warning.CONCURRENT_MEASUREMENT);
            assertThat(((TargetInfo) r.target()).removedLeftovers())
                    .extracting(RemovedLeftover::path)
                    .containsExactly(childFile.toAbsolutePath());
            assertThat(TestFiles.names(target)).isEmpty();
        } finally {
            // gone before the tmpfs is unmounted
            assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        }
    }
}
