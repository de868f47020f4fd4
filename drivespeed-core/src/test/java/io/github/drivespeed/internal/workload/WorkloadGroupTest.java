package io.github.drivespeed.internal.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.WorkloadPlan;
import io.github.drivespeed.error.UnsafeTargetException;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.test.backend.IoOperation;
import io.github.drivespeed.test.backend.RecordingBackend;
import io.github.drivespeed.test.backend.RecordingBackend.Call;
import io.github.drivespeed.testing.Mounts;
import io.github.drivespeed.testing.TestFiles;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.LongSummaryStatistics;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Workloads run together as one group (fio's jobs between stonewalls), over existing files, and
 * with a time limit, on real files.
 */
class WorkloadGroupTest {

    @TempDir
    Path dir;

    private WorkloadPlan timed(RecordingBackend backend) {
        return timed(dir, backend);
    }

    private static WorkloadPlan timed(Path in, RecordingBackend backend) {
        // the java backend names its test files, so another measurement's file is visible
        return DriveSpeed.workload(in).size("1M").blockSize("4K").sequential()
                .duration(Duration.ofMillis(400)).backend(backend);
    }


    /** The span of the measured (non-fill) calls of one direction, from the thread's calls. */
    private static LongSummaryStatistics span(List<Call> calls, String thread) {
        return calls.stream().filter(c -> c.operation() != IoOperation.DATA_SYNC
                        && c.thread().equals(thread))
                .mapToLong(Call::nanoTime).summaryStatistics();
    }

    @Test
    void aGroupRunsItsJobsAtTheSameTimeAndTheyDoNotFlagEachOther() throws IOException {
        try (Mounts.Mount drive = Mounts.privateDrive(dir, 64)) {
            groupRunsTogetherUnflagged(drive.dir());
        }
    }

    private static void groupRunsTogetherUnflagged(Path in) throws IOException {
        RecordingBackend rec = RecordingBackend.calls();
        // two directories of one drive: each job's drive locks and files are the group's
        Path a = Files.createDirectory(in.resolve("a"));
        Path b = Files.createDirectory(in.resolve("b"));
        List<WorkloadReport> reports = DriveSpeed.group()
                .job(timed(a, rec).read()).job(timed(b, rec).write()).run();

        assertThat(reports).hasSize(2);
        assertThat(reports.get(0).read()).isPresent();
        assertThat(reports.get(0).write()).isEmpty();
        assertThat(reports.get(1).write()).isPresent();
        // each job's I/O ran on its own thread; the two spans overlap
        LongSummaryStatistics reads = span(rec.recordedCalls(), "drivespeed-job-0");
        LongSummaryStatistics writes = span(rec.recordedCalls(), "drivespeed-job-1");
        assertThat(reads.getCount()).isPositive();
        assertThat(writes.getCount()).isPositive();
        assertThat(reads.getMin()).isLessThan(writes.getMax());
        assertThat(writes.getMin()).isLessThan(reads.getMax());
        for (WorkloadReport r : reports) {
            assertThat(r.warnings()).doesNotContain(Warning.CONCURRENT_MEASUREMENT);
        }
        assertThat(TestFiles.names(a)).isEmpty();
        assertThat(TestFiles.names(b)).isEmpty();
    }

    @Test
    void theSamePlansRunAloneAtTheSameTimeFlagEachOther() throws Exception {
        try (Mounts.Mount drive = Mounts.privateDrive(dir, 64)) {
            // the same two plans as the group's, in two directories of the drive, each run on
            // its own: the drive locks tell them of each other
            Path a = Files.createDirectory(drive.dir().resolve("a"));
            Path b = Files.createDirectory(drive.dir().resolve("b"));
            RecordingBackend rec = RecordingBackend.calls();
            CompletableFuture<WorkloadReport> other = CompletableFuture.supplyAsync(() -> {
                try {
                    return timed(b, rec).write().duration(Duration.ofSeconds(1)).run();
                } catch (IOException e) {
                    throw new AssertionError(e);
                }
            });
            WorkloadReport mine = timed(a, rec).read().duration(Duration.ofSeconds(1)).run();
            WorkloadReport theirs = other.get();
            assertThat(Arrays.asList(mine.warnings().contains(Warning.CONCURRENT_MEASUREMENT),
                    theirs.warnings().contains(Warning.CONCURRENT_MEASUREMENT))).contains(true);
            assertThat(TestFiles.names(a)).isEmpty();
            assertThat(TestFiles.names(b)).isEmpty();
        }
    }

    @Test
    void aFailingJobStopsTheGroupAndEveryFileIsRemoved() {
        RecordingBackend rec = RecordingBackend.calls();
        // the second plan is refused in its checks, before any of its I/O: the first's file goes
        assertThatThrownBy(() -> DriveSpeed.group().job(timed(rec).read())
                .job(timed(rec).write().blockSize("2M")).run())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("larger than size");
        assertThat(dir.toFile().list()).isEmpty();
    }

    @Test
    void anExistingFileIsReadInPlaceFlaggedAndLeftUnchanged() throws IOException {
        Path existing = dir.resolve("data.bin");
        byte[] content = new byte[1 << 20];
        new java.util.Random(7).nextBytes(content);
        Files.write(existing, content);
        WorkloadReport r = DriveSpeed.workload(dir).existingFile(existing).size("1M")
                .blockSize("4K").random().read().count(64).buffered().run();
        assertThat(r.read().map(PassResult::totalIos)).contains(64L);
        assertThat(r.warnings()).contains(Warning.EXISTING_FILE_READ);
        assertThat(Files.readAllBytes(existing)).isEqualTo(content);
        assertThat(dir.toFile().list()).containsExactly("data.bin");
    }

    @Test
    void anExistingFileIsNotWrittenUnlessOverwritingItIsAllowed() throws IOException {
        Path existing = dir.resolve("data.bin");
        byte[] content = new byte[1 << 20];
        Files.write(existing, content);
        WorkloadPlan write = DriveSpeed.workload(dir).existingFile(existing).size("1M")
                .blockSize("4K").random().write().count(16).buffered().backend("java");
        assertThatThrownBy(write::run).isInstanceOf(UnsafeTargetException.class)
                .hasMessageContaining(existing.toString());
        assertThat(Files.readAllBytes(existing)).isEqualTo(content);
        assertThatThrownBy(() -> write.allowWritesTo(dir.resolve("other.bin")))
                .isInstanceOf(IllegalArgumentException.class);
        // the java backend opens an existing file read-only only: refused, still untouched
        assertThatThrownBy(() -> write.allowWritesTo(existing).run())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java backend");
        assertThat(Files.readAllBytes(existing)).isEqualTo(content);
    }

    @Test
    void anExistingFileSmallerThanTheSizeIsRefused() throws IOException {
        Path existing = dir.resolve("small.bin");
        Files.write(existing, new byte[4096]);
        assertThatThrownBy(() -> DriveSpeed.workload(dir).existingFile(existing).size("1M")
                .read().count(1).buffered().run())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("fewer than the workload's size");
        assertThat(Files.size(existing)).isEqualTo(4096);
    }

    @Test
    void aTimeLimitStopsASizeBasedRunBeforeItsIosAreDone() throws IOException {
        WorkloadReport r = DriveSpeed.workload(dir).size("1M").blockSize("4K").random().read()
                .count(1_000_000_000L).timeLimit(Duration.ofMillis(200)).run();
        assertThat(r.read().orElseThrow().totalIos()).isPositive().isLessThan(1_000_000_000L);
        assertThat(r.parameters().length().timeLimit()).contains(Duration.ofMillis(200));
        WorkloadReport done = DriveSpeed.workload(dir).size("1M").blockSize("4K").random()
                .read().count(100).timeLimit(Duration.ofSeconds(60)).run();
        assertThat(done.read().orElseThrow().totalIos()).isEqualTo(100);
        assertThatThrownBy(() -> DriveSpeed.workload(dir).duration(Duration.ofSeconds(1))
                .timeLimit(Duration.ofSeconds(1))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("time-based");
    }

    @Test
    void anInterruptStopsEveryJobOfTheGroupRemovesTheFilesAndKeepsTheFlag() throws Exception {
        RecordingBackend rec = RecordingBackend.calls();
        java.util.concurrent.atomic.AtomicReference<Throwable> thrown =
                new java.util.concurrent.atomic.AtomicReference<>();
        java.util.concurrent.atomic.AtomicBoolean flag =
                new java.util.concurrent.atomic.AtomicBoolean();
        Thread t = new Thread(() -> {
            try {
                DriveSpeed.group().job(timed(rec).read().duration(Duration.ofMinutes(5)))
                        .job(timed(rec).write().duration(Duration.ofMinutes(5))).run();
            } catch (Throwable e) {
                thrown.set(e);
            }
            flag.set(Thread.currentThread().isInterrupted());
        });
        t.start();
        // both jobs are measuring once each has made calls on its own thread
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < deadline && (span(rec.recordedCalls(), "drivespeed-job-0").getCount()
                == 0 || span(rec.recordedCalls(), "drivespeed-job-1").getCount() == 0)) {
            Thread.sleep(10);
        }
        t.interrupt();
        t.join(60_000);
        assertThat(t.isAlive()).isFalse();
        assertThat(thrown.get()).isInstanceOf(java.io.InterruptedIOException.class);
        assertThat(flag.get()).isTrue();
        assertThat(dir.toFile().list()).isEmpty();
    }

    @Test
    void aStartDelayHoldsItsJobBackAfterTheCommonStart() throws IOException {
        RecordingBackend rec = RecordingBackend.calls();
        long start = System.nanoTime();
        List<WorkloadReport> reports = DriveSpeed.group()
                .job(timed(rec).read().duration(Duration.ofMillis(100)))
                .job(timed(rec).read().duration(Duration.ofMillis(100)), Duration.ofSeconds(1))
                .run();
        // a lower bound only: the delayed job cannot have finished before delay + duration
        assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(1_100_000_000L);
        assertThat(reports).hasSize(2);
        assertThatThrownBy(() -> DriveSpeed.group().job(timed(rec), Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("startDelay");
        assertThat(TestFiles.names(dir)).isEmpty();
    }
}
