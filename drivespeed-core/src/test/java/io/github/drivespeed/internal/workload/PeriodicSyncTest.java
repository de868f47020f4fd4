package io.github.drivespeed.internal.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.WorkloadPlan;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.test.backend.IoOperation;
import io.github.drivespeed.test.backend.RecordingBackend;
import io.github.drivespeed.testing.TestFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code syncEveryWrites(n)} (fio {@code fdatasync=N}): fdatasync after every n writes of a worker,
 * inside the run, on a real file; without it, the writes of a run go unsynced until its end.
 */
class PeriodicSyncTest {

    @TempDir
    Path dir;

    private WorkloadPlan writes(RecordingBackend rec) {
        // 64 writes of 4 KiB per run; the warm-up writes the same 64
        return DriveSpeed.workload(dir).sequential().write().size("1M").blockSize("4K")
                .count(64).backend(rec);
    }

    /**
     * The lengths of the runs of 4 KiB writes between two fdatasyncs, in time order (the file's
     * 1 MiB fill and its sync left out; a sync right after another has no run).
     */
    private static List<Integer> writesBetweenSyncs(RecordingBackend rec) {
        TreeMap<Long, Boolean> events = new TreeMap<>();
        rec.recordedCalls(IoOperation.WRITE).stream().filter(c -> c.lengthBytes() == 4096)
                .forEach(c -> events.put(c.nanoTime(), true));
        long firstWrite = events.firstKey();
        rec.recordedCalls(IoOperation.DATA_SYNC).stream().filter(s -> s.nanoTime() > firstWrite)
                .forEach(s -> events.put(s.nanoTime(), false));
        List<Integer> runs = new ArrayList<>();
        int n = 0;
        for (boolean write : events.values()) {
            if (write) {
                n++;
            } else if (n > 0) {
                runs.add(n);
                n = 0;
            }
        }
        assertThat(n).as("writes after the last sync").isZero();
        return runs;
    }

    /**
     * Each worker syncs after every 8 writes, in the run and in the warm-up. How many warm-up
     * slices come first, and where their time ends them, is not pinned: the warm-up goes on while
     * the JIT compiles, which takes longer on a machine shared with other builds.
     */
    @Test
    void eachWorkerSyncsAfterEveryNWritesInsideTheRun() throws IOException {
        RecordingBackend rec = RecordingBackend.calls();
        WorkloadReport r = writes(rec).syncEveryWrites(8).run();

        assertThat(r.parameters().syncEveryWrites()).isEqualTo(8);
        assertThat(r.parameters().toString()).contains("fdatasync every 8 writes");
        assertThat(r.write().orElseThrow().samples().get(0).ios()).isEqualTo(64);
        // the run's 64 writes: 8 syncs, each after 8 writes, then the closing sync; the warm-up
        // before it syncs the same way, in as many slices as the JIT needs to settle (one on a
        // quiet machine, more on a loaded one, where compiling takes longer), and a slice that
        // its time ends closes with a sync after fewer than 8
        List<Integer> runs = writesBetweenSyncs(rec);
        assertThat(runs).hasSizeGreaterThanOrEqualTo(8);
        assertThat(runs.subList(runs.size() - 8, runs.size())).containsOnly(8);
        assertThat(runs.subList(0, runs.size() - 8)).allSatisfy(
                n -> assertThat(n).isBetween(1, 8));
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void withoutItARunsWritesAreSyncedOnceAtItsEnd() throws IOException {
        RecordingBackend rec = RecordingBackend.calls();
        WorkloadReport r = writes(rec).run();

        assertThat(r.parameters().syncEveryWrites()).isZero();
        assertThat(r.parameters().toString()).doesNotContain("fdatasync every");
        // the warm-up's writes (at most 64 a slice; one slice on a quiet machine, more while the
        // JIT is still compiling), then the run's 64, each synced once at its end
        List<Integer> runs = writesBetweenSyncs(rec);
        assertThat(runs).hasSizeGreaterThanOrEqualTo(2).endsWith(64);
        assertThat(runs.subList(0, runs.size() - 1)).allSatisfy(
                n -> assertThat(n).isBetween(1, 64));
    }

    @Test
    void aReadOnlyWorkloadIssuesNoSyncsAndABadCountIsRefused() throws IOException {
        RecordingBackend rec = RecordingBackend.calls();
        DriveSpeed.workload(dir).sequential().read().size("1M").blockSize("4K").count(64)
                .syncEveryWrites(8).backend(rec).run();
        // the fill's fdatasync only
        assertThat(rec.recordedCalls(IoOperation.DATA_SYNC)).hasSize(1);
        assertThatThrownBy(() -> writes(rec).syncEveryWrites(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("syncEveryWrites").hasMessageContaining("0");
    }
}
