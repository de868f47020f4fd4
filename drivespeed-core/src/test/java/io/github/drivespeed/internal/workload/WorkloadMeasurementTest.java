package io.github.drivespeed.internal.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.WorkloadPlan;
import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.internal.io.BlockPermutation;
import io.github.drivespeed.parameters.IoEngine;
import io.github.drivespeed.parameters.Preset;
import io.github.drivespeed.report.LatencyStats;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.TimelinePoint;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.report.WorkloadTable;
import io.github.drivespeed.test.backend.IoOperation;
import io.github.drivespeed.test.backend.RecordingBackend;
import io.github.drivespeed.test.backend.RecordingBackend.Call;
import io.github.drivespeed.testing.TestFiles;
import io.github.drivespeed.testing.ThreadedAsyncBackend;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Workloads on real files in a temporary directory. */
class WorkloadMeasurementTest {

    @TempDir
    Path dir;

    private WorkloadPlan small() {
        return DriveSpeed.workload(dir).size("4M").blockSize("4K");
    }

    /** The reads and writes recorded, in order (the fdatasyncs left out). */
    private static List<Call> transfers(RecordingBackend rec) {
        return rec.recordedCalls().stream().filter(c -> c.operation() != IoOperation.DATA_SYNC)
                .toList();
    }

    /** The calls after the untimed fill: the fill is the file's sequential writes in big chunks. */
    private static List<Call> afterFill(List<Call> calls, long fileBytes) {
        long filled = 0;
        int i = 0;
        while (filled < fileBytes) {
            Call c = calls.get(i++);
            assertThat(c.operation() == IoOperation.WRITE).as("fill call %d is a write", i).isTrue();
            assertThat(c.offsetBytes()).isEqualTo(filled);
            filled += c.lengthBytes();
        }
        return calls.subList(i, calls.size());
    }

    @Test
    void randomOffsetsAreAlignedAndInsideTheFileForManySeedsAndShapes() throws IOException {
        SplittableRandom shapes = new SplittableRandom(42);
        for (int trial = 0; trial < 24; trial++) {
            long blockBytes = 4096L << shapes.nextInt(5);           // 4 KiB .. 64 KiB
            long blocks = 1 + shapes.nextInt(64);
            long fileBytes = blockBytes * blocks;
            int threads = 1 + shapes.nextInt(3);
            int readPercent = shapes.nextInt(101);
            long seed = shapes.nextLong();
            RecordingBackend rec = RecordingBackend.calls();
            WorkloadReport r = DriveSpeed.workload(dir).random().readPercent(readPercent)
                    .blockSize(DataSize.ofBytes(blockBytes)).size(DataSize.ofBytes(fileBytes))
                    .threads(threads).count(300).seed(seed).backend(rec).run();
            List<Call> io = afterFill(transfers(rec), fileBytes);
            assertThat(io).hasSizeGreaterThanOrEqualTo(300);
            for (Call c : io) {
                assertThat(c.offsetBytes() % blockBytes).as("offset %d aligned to %d (seed %d)",
                        c.offsetBytes(), blockBytes, seed).isZero();
                assertThat(c.offsetBytes()).isBetween(0L, fileBytes - blockBytes);
                assertThat(c.lengthBytes()).isEqualTo(blockBytes);
            }
            long measured = r.read().map(PassResult::totalIos).orElse(0L)
                    + r.write().map(PassResult::totalIos).orElse(0L);
            assertThat(measured).isEqualTo(300);
        }
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void readsNeverTouchSpaceThatWasNotWrittenFirst() throws IOException {
        RecordingBackend rec = RecordingBackend.callsAndContent();
        long fileBytes = 4L << 20;
        small().random().readPercent(50).count(5000).seed(7).backend(rec).run();
        long writtenUpTo = 0;
        for (Call c : transfers(rec)) {
            if (c.operation() == IoOperation.WRITE && c.offsetBytes() == writtenUpTo) {
                writtenUpTo += c.lengthBytes();
            } else if (c.operation() == IoOperation.READ) {
                assertThat(c.offsetBytes() + c.lengthBytes()).as("read at %d", c.offsetBytes())
                        .isLessThanOrEqualTo(writtenUpTo);
            }
        }
        assertThat(writtenUpTo).isEqualTo(fileBytes);
        // every sector of the file carries its own offset: written, never a hole
        ByteBuffer bytes = ByteBuffer.wrap(rec.lastFileContent().orElseThrow());
        assertThat(bytes.capacity()).isEqualTo(fileBytes);
        for (int x = 0; x < fileBytes; x += 512) {
            assertThat(bytes.getLong(x)).as("offset stamp at %d", x).isEqualTo(x);
        }
    }

    @Test
    void aSeededMixIssuesExactlyTheReadsAndWritesTheSeedImplies() throws IOException {
        long seed = 20240601L;
        int readPercent = 70;
        int count = 10_000;
        long blockBytes = 4096;
        long blocks = (4L << 20) / blockBytes;
        RecordingBackend rec = RecordingBackend.calls();
        WorkloadReport report = small().random().readPercent(readPercent).count(count).seed(seed)
                .noRandomMap().backend(rec).run();

        List<Call> all = transfers(rec);
        List<Call> measured = all.subList(all.size() - count, all.size());
        SplittableRandom offsets = new SplittableRandom(seed);
        SplittableRandom directions = new SplittableRandom(seed + 1);
        long reads = 0;
        for (int i = 0; i < count; i++) {
            boolean read = directions.nextInt(100) < readPercent;
            long offset = offsets.nextLong(blocks) * blockBytes;
            Call c = measured.get(i);
            assertThat(c.operation() == IoOperation.WRITE).as("direction of I/O %d", i).isEqualTo(!read);
            assertThat(c.offsetBytes()).as("offset of I/O %d", i).isEqualTo(offset);
            reads += read ? 1 : 0;
        }
        long readIos = report.read().orElseThrow().totalIos();
        long writeIos = report.write().orElseThrow().totalIos();
        assertThat(readIos).isEqualTo(reads);
        assertThat(writeIos).isEqualTo(count - reads);
        assertThat(100.0 * readIos / count).isCloseTo(readPercent,
                org.assertj.core.data.Offset.offset(2.0));
    }

    @Test
    void eachWorkerOfASeededMixFollowsItsOwnSeed() throws IOException {
        long seed = -99;
        int count = 4000;
        int threads = 3;
        RecordingBackend rec = RecordingBackend.calls();
        small().random().readPercent(40).count(count).threads(threads).seed(seed).noRandomMap()
                .backend(rec).run();
        Map<String, List<Call>> byThread = afterFill(transfers(rec), 4L << 20).stream()
                .collect(Collectors.groupingBy(Call::thread));
        assertThat(byThread).hasSize(threads);
        for (int k = 0; k < threads; k++) {
            String thread = k == 0 ? Thread.currentThread().getName() : "drivespeed-worker-" + k;
            List<Call> calls = byThread.get(thread);
            int share = count / threads + (k < count % threads ? 1 : 0);
            List<Call> measured = calls.subList(calls.size() - share, calls.size());
            SplittableRandom offsets = new SplittableRandom(seed + 2L * k);
            SplittableRandom directions = new SplittableRandom(seed + 2L * k + 1);
            for (Call c : measured) {
                boolean read = directions.nextInt(100) < 40;
                assertThat(c.operation() == IoOperation.WRITE).isEqualTo(!read);
                assertThat(c.offsetBytes()).isEqualTo(offsets.nextLong(1024) * 4096);
            }
        }
    }

    @Test
    void withTheRandomMapThreeWorkersReadEachBlockOnceAsThePlanDocuments() throws IOException {
        long seed = 77;
        int threads = 3;
        long blocks = 1024;
        RecordingBackend rec = RecordingBackend.calls();
        WorkloadReport report = small().random().read().noDuration().threads(threads).seed(seed)
                .backend(rec).run();
        assertThat(report.parameters().randomMap()).isTrue();
        Map<String, List<Call>> byThread = afterFill(transfers(rec), 4L << 20).stream()
                .collect(Collectors.groupingBy(Call::thread));
        java.util.BitSet seen = new java.util.BitSet();
        for (int k = 0; k < threads; k++) {
            String thread = k == 0 ? Thread.currentThread().getName() : "drivespeed-worker-" + k;
            List<Call> calls = byThread.get(thread);
            int share = (int) (blocks / threads + (k < blocks % threads ? 1 : 0));
            List<Call> measured = calls.subList(calls.size() - share, calls.size());
            BlockPermutation p = new BlockPermutation(blocks, seed);
            for (int i = 0; i < share; i++) {
                long block = measured.get(i).offsetBytes() / 4096;
                assertThat(block).isEqualTo(p.at(k + (long) i * threads));
                assertThat(seen.get((int) block)).as("block %d read twice", block).isFalse();
                seen.set((int) block);
            }
        }
        assertThat(seen.cardinality()).isEqualTo((int) blocks);
    }

    @Test
    void aTimeBasedRunStopsWithinOneIntervalOfItsDuration() throws IOException {
        Duration duration = Duration.ofMillis(1200);
        Duration interval = Duration.ofMillis(500);
        WorkloadReport r = small().random().read().threads(2).duration(duration)
                .timelineInterval(interval).runs(2).run();
        for (Sample s : r.read().orElseThrow().samples()) {
            assertThat(s.elapsedNanos()).isGreaterThanOrEqualTo(duration.toNanos())
                    .isLessThan(duration.plus(interval).toNanos());
            List<TimelinePoint> points = s.timeline().points();
            assertThat(points).hasSize(3);
            assertThat(points.get(0).startNanos()).isZero();
            assertThat(points.get(0).endNanos()).isEqualTo(interval.toNanos());
            assertThat(points.get(2).endNanos()).isEqualTo(s.elapsedNanos());
            assertThat(s.timeline().totalIos()).isEqualTo(s.ios());
            assertThat(s.timeline().totalBytes()).isEqualTo(s.bytes());
            assertThat(s.latency().count()).isEqualTo(s.ios());
            assertThat(s.bytes()).isEqualTo(s.ios() * 4096);
        }
    }

    @Test
    void rampTimeIsRunButLeftOutOfEveryFigure() throws IOException {
        RecordingBackend rec = RecordingBackend.calls();
        Duration ramp = Duration.ofMillis(800);
        long started = System.nanoTime();
        WorkloadReport r = small().random().read().count(2000).rampTime(ramp).backend(rec).run();
        long wall = System.nanoTime() - started;
        Sample s = r.read().orElseThrow().samples().get(0);
        assertThat(wall).isGreaterThan(ramp.toNanos());
        assertThat(s.ios()).isEqualTo(2000);
        assertThat(s.latency().count()).isEqualTo(2000);
        assertThat(s.timeline().totalIos()).isEqualTo(2000);
        // the measured time leaves the ramp out: fill, warm-up, ramp and run fit in the wall time
        assertThat(s.elapsedNanos()).isLessThan(wall - ramp.toNanos());
        // the ramp really ran I/O: reads were issued all through it, before the 2000 measured ones
        // (the last 2000 reads). The untimed warm-up (at most WARM_UP_NANOS) comes before the
        // ramp, so a window well inside the ramp holds ramp reads only, however loaded the machine.
        List<Long> readTimes = afterFill(transfers(rec), 4L << 20).stream().filter(c -> c.operation() == IoOperation.READ)
                .map(Call::nanoTime).sorted().toList();
        assertThat(readTimes.size()).as("reads issued: warm-up, ramp and the 2000 measured")
                .isGreaterThan(2000);
        long firstMeasured = readTimes.get(readTimes.size() - 2000);
        long windowFrom = firstMeasured - ramp.toNanos() + 100_000_000L;
        long windowTo = firstMeasured - 100_000_000L;
        assertThat(readTimes.stream().filter(t -> t >= windowFrom && t <= windowTo).count())
                .as("reads issued in the middle of the ramp").isPositive();
    }

    @Test
    void sizeBasedRunsDoExactlyTheirIosOverAllThreadsAndRecordEachOne() throws IOException {
        WorkloadReport r = small().sequential().write().threads(4).count(1001).runs(2).run();
        PassResult w = r.write().orElseThrow();
        assertThat(r.read()).isEmpty();
        assertThat(w.samples()).hasSize(2).allSatisfy(s -> {
            assertThat(s.ios()).isEqualTo(1001);
            assertThat(s.bytes()).isEqualTo(1001L * 4096);
            assertThat(s.latency().count()).isEqualTo(1001);
            assertThat(s.latency().minNanos()).isPositive();
            assertThat(s.latency().maxNanos()).isGreaterThanOrEqualTo(s.latency().minNanos());
            assertThat(s.iops()).isPositive();
        });
        assertThat(w.totalIos()).isEqualTo(2002);
        assertThat(w.latency().count()).isEqualTo(2002);
        assertThat(r.engine().toString()).contains("4 threads x queue depth 1");
        assertThat(r.warnings()).doesNotContain(Warning.QUEUE_DEPTH_RUN_AS_THREADS);
        // psync: the system call is fio's clat and its lat; no slat line
        assertThat(r.details()).containsPattern("(?m)^ +clat \\(n=2002\\): min ")
                .doesNotContainPattern("(?m)^ +slat ").doesNotContainPattern("(?m)^ +lat \\(");
        if (System.getProperty("os.name").startsWith("Linux")) {
            // the four I/O threads' own counts (fio's ctx, minf, majf), both runs together
            assertThat(r.cpu()).hasValueSatisfying(c -> assertThat(c.ioThreadEvents()).isPresent());
            assertThat(r.cpuPerRun()).hasSize(2).allSatisfy(c -> assertThat(c.ioThreadEvents())
                    .isPresent());
        }
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    @Test
    void sequentialWorkersEachCoverTheirOwnShareOfTheFile() throws IOException {
        RecordingBackend rec = RecordingBackend.calls();
        small().sequential().read().blockSize("64K").threads(4).count(64).backend(rec).run();
        List<Call> calls = afterFill(transfers(rec), 4L << 20);
        Map<String, List<Call>> byThread = calls.stream().collect(Collectors.groupingBy(Call::thread));
        // 64 blocks of 64 KiB, 4 workers: worker k reads blocks 16k .. 16k + 15 in order
        for (int k = 0; k < 4; k++) {
            String thread = k == 0 ? Thread.currentThread().getName() : "drivespeed-worker-" + k;
            List<Call> mine = byThread.get(thread);
            List<Call> measured = mine.subList(mine.size() - 16, mine.size());
            for (int i = 0; i < 16; i++) {
                assertThat(measured.get(i).offsetBytes()).isEqualTo((16L * k + i) * 65536);
            }
        }
    }

    @Test
    void threadsEmulatingASequentialQueueTakeConsecutiveBlocksFromOneCursor() throws IOException {
        RecordingBackend rec = RecordingBackend.calls();
        small().sequential().read().blockSize("64K").queueDepth(4).count(64).backend(rec).run();
        List<Call> calls = afterFill(transfers(rec), 4L << 20);
        List<Call> measured = calls.subList(calls.size() - 64, calls.size());
        assertThat(measured.stream().map(Call::thread).distinct()).hasSize(4);
        assertThat(measured.stream().map(c -> c.offsetBytes() / 65536).sorted()
                .collect(Collectors.toList()))
                .isEqualTo(java.util.stream.LongStream.range(0, 64).boxed()
                        .collect(Collectors.toList()));
    }

    @Test
    void queueDepthWithoutAsyncIoRunsAsThreadsAndSaysSo() throws IOException {
        RecordingBackend rec = RecordingBackend.calls();
        WorkloadReport r = small().random().read().threads(2).queueDepth(4).count(800)
                .backend(rec).run();
        assertThat(r.read().orElseThrow().totalIos()).isEqualTo(800);
        assertThat(r.engine().toString()).startsWith("psync: 2 x 4 = 8 threads x queue depth 1")
                .contains("has no asynchronous engine");
        assertThat(r.engine().queueDepthRunAsThreads()).isTrue();
        assertThat(r.engine().workers()).isEqualTo(8);
        assertThat(r.warnings()).contains(Warning.QUEUE_DEPTH_RUN_AS_THREADS);
        assertThat(r.details()).contains("QUEUE_DEPTH_RUN_AS_THREADS");
        assertThat(afterFill(transfers(rec), 4L << 20).stream().map(Call::thread).distinct())
                .hasSize(8);
    }

    @Test
    void anAsyncBackendKeepsTheQueueFullCompletesOutOfOrderAndResubmitsShortOnes()
            throws IOException {
        ThreadedAsyncBackend async = new ThreadedAsyncBackend(Long.MAX_VALUE);
        WorkloadReport r = small().random().readPercent(50).queueDepth(8).count(4000)
                .backend(async).run();
        assertThat(r.engine().ioEngine()).isEqualTo(IoEngine.LIBAIO);
        assertThat(r.engine().toString()).startsWith("libaio").endsWith("1 thread x queue depth 8");
        assertThat(r.warnings()).doesNotContain(Warning.QUEUE_DEPTH_RUN_AS_THREADS);
        assertThat(async.maxInFlight()).isBetween(2, 8);
        assertThat(r.read().orElseThrow().totalIos() + r.write().orElseThrow().totalIos())
                .isEqualTo(4000);

        ThreadedAsyncBackend shortOnes = new ThreadedAsyncBackend(1024);
        WorkloadReport s = small().random().read().blockSize("16K").queueDepth(4).count(500)
                .backend(shortOnes).run();
        assertThat(shortOnes.shortCompletions()).isGreaterThan(0);
        assertThat(s.read().orElseThrow().totalIos()).isEqualTo(500);
        assertThat(s.read().orElseThrow().samples().get(0).bytes()).isEqualTo(500L * 16384);
        assertThat(TestFiles.names(dir)).isEmpty();
    }

    /**
     * A queue that times its submissions gets fio's split: slat, clat and lat of the same I/Os,
     * slat + clat = lat. A block that completes in 16 short parts is one I/O, its slat up to
     * the first part's issue (one hand-over to the queue), its clat the 16 round trips after it.
     */
    @Test
    void aTimedQueuesLatencySplitsAtTheFirstIssueOfEachIo() throws IOException {
        ThreadedAsyncBackend parts = new ThreadedAsyncBackend(1024);
        WorkloadReport r = small().random().read().blockSize("16K").queueDepth(4).count(400)
                .backend(parts).run();
        assertThat(parts.shortCompletions()).isGreaterThan(0);
        PassResult p = r.read().orElseThrow();
        assertThat(p.totalIos()).isEqualTo(400);
        assertThat(p.latency().count()).isEqualTo(400);
        assertThat(p.submissionLatency().count()).isEqualTo(400);
        assertThat(p.completionLatency().count()).isEqualTo(400);
        assertThat(p.submissionLatency().meanNanos() + p.completionLatency().meanNanos())
                .isCloseTo(p.latency().meanNanos(), within(p.latency().meanNanos() * 1e-9));
        assertThat(p.submissionLatency().meanNanos()).as("one hand-over, not 16 round trips")
                .isLessThan(p.completionLatency().meanNanos());

        WorkloadReport sync = small().random().read().count(100).run();
        PassResult q = sync.read().orElseThrow();
        assertThat(q.submissionLatency()).isSameAs(LatencyStats.NONE);
        assertThat(q.completionLatency()).isSameAs(q.latency());
    }

    @Test
    void aSweepRunsEachBlockSizeOverOneFileAndTabulates() throws IOException {
        RecordingBackend rec = RecordingBackend.calls();
        WorkloadTable t = small().sequential().read().count(64).backend(rec)
                .runSweep(List.of(DataSize.ofKibibytes(4), DataSize.ofKibibytes(64),
                        DataSize.ofMebibytes(1)));
        assertThat(t.rows()).extracting(WorkloadTable.Row::label)
                .containsExactly("4 KiB", "64 KiB", "1 MiB");
        assertThat(t.rows()).extracting(row -> row.report().parameters().blockSize())
                .containsExactly(DataSize.ofKibibytes(4), DataSize.ofKibibytes(64),
                        DataSize.ofMebibytes(1));
        assertThat(t.rows().get(2).report().read().orElseThrow().samples().get(0).bytes())
                .isEqualTo(64L << 20);
        long fillWrites = transfers(rec).stream().filter(c -> c.operation() == IoOperation.WRITE).count();
        assertThat(fillWrites).as("the file is written once for the whole sweep").isEqualTo(1);
        assertThat(t.toString()).contains("4 KiB", "1 MiB", "MB/s", "MiB/s", "IOPS", "p99 us");
    }

    @Test
    void presetsRunAReadAndAWriteTestEach() throws IOException {
        WorkloadTable t = small().duration(Duration.ofMillis(200))
                .runPresets(List.of(Preset.RND4K_Q1T1, Preset.SEQ1M_Q1T1));
        assertThat(t.rows()).extracting(WorkloadTable.Row::label).containsExactly(
                "RND4K Q1T1 read", "RND4K Q1T1 write", "SEQ1M Q1T1 read", "SEQ1M Q1T1 write");
        WorkloadReport rndRead = t.rows().get(0).report();
        assertThat(rndRead.parameters().fioRw()).isEqualTo("randread");
        assertThat(rndRead.parameters().blockSize()).isEqualTo(DataSize.ofKibibytes(4));
        assertThat(t.rows().get(3).report().parameters().fioRw()).isEqualTo("write");
        assertThat(t.rows().get(3).report().write().orElseThrow().medianIops()).isPositive();
    }

    @Test
    void settingsThatDoNotFitEachOtherAreRefusedBeforeAnyIo() {
        assertThatThrownBy(() -> small().blockSize("8M").run())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("blockSize is larger than size 4 MiB; the test file must hold a block: 8 MiB");
        assertThatThrownBy(() -> small().blockSize("12K").run())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("size is not a multiple of blockSize 12 KiB: 4 MiB");
        assertThatThrownBy(() -> small().sequential().blockSize("1M").threads(8).run())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("it needs one per thread");
        assertThatThrownBy(() -> small().size("3M").blockSize(DataSize.ofBytes(512 * 3)).run())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("direct-I/O alignment");
        assertThatThrownBy(() -> small().threads(64).queueDepth(128).run())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("queueDepth times threads 64 is 8192 synchronous workers, more than"
                        + " 4096 (psync runs the queue depth as threads; the java backend's engines:"
                        + " psync): 128");
        assertThat(dir.toFile().list()).isEmpty();
    }

    @Test
    void settersRefuseBadValuesNamingTheSetting() {
        WorkloadPlan w = DriveSpeed.workload(dir);
        assertThatThrownBy(() -> w.threads(0)).hasMessageContaining("threads is too small (must be in [1, 1024]): 0");
        assertThatThrownBy(() -> w.queueDepth(0)).hasMessageContaining("queueDepth");
        assertThatThrownBy(() -> w.readPercent(101)).hasMessage("readPercent must be the share of reads in percent, in [0, 100]: 101");
        assertThatThrownBy(() -> w.count(0)).hasMessageContaining("count is too small (must be >= 1): 0");
        assertThatThrownBy(() -> w.duration(Duration.ZERO)).hasMessageContaining("duration");
        assertThatThrownBy(() -> w.rampTime(Duration.ofSeconds(-1))).hasMessageContaining("rampTime");
        assertThatThrownBy(() -> w.blockSize("1000")).hasMessageContaining("blockSize must be a multiple of 512");
        assertThatThrownBy(() -> w.size("0")).hasMessageContaining("size is too small (must be a positive multiple of 512 bytes, one sector)");
        assertThatThrownBy(() -> w.timelineInterval(Duration.ZERO)).hasMessageContaining("timelineInterval");
        assertThatThrownBy(() -> w.runs(0)).hasMessageContaining("runs is too small (must be in [1, 1000]): 0");
        assertThatThrownBy(() -> w.runs(100_000)).hasMessageContaining("1000]): 100000");
        assertThatThrownBy(() -> Preset.parse("RND8K")).hasMessageContaining("RND4K Q32T1");
        assertThat(Preset.parse("rnd4k-q32t16")).isEqualTo(Preset.RND4K_Q32T16);
        assertThat(Preset.parse("SEQ1M Q8T1")).isEqualTo(Preset.SEQ1M_Q8T1);
    }

    @Test
    void thePlanIsImmutable() {
        WorkloadPlan base = DriveSpeed.workload(dir);
        WorkloadPlan changed = base.sequential().write().threads(4).queueDepth(8).count(10);
        assertThat(base.parameters().fioRw()).isEqualTo("randread");
        assertThat(base.parameters().timeBased()).isTrue();
        assertThat(changed.parameters().fioRw()).isEqualTo("write");
        assertThat(changed.parameters().timeBased()).isFalse();
        assertThat(changed.duration(Duration.ofSeconds(1)).parameters().length().count()).isEmpty();
        assertThat(base.preset(Preset.RND4K_Q32T16).parameters().threads()).isEqualTo(16);
    }

    @Test
    void interruptStopsEveryWorkerRemovesTheFileAndKeepsTheFlag() throws Exception {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        AtomicReference<Boolean> flag = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                small().random().readPercent(50).threads(3).duration(Duration.ofSeconds(60)).run();
            } catch (Throwable e) {
                thrown.set(e);
            }
            flag.set(Thread.currentThread().isInterrupted());
        });
        t.start();
        Thread.sleep(1500);
        t.interrupt();
        t.join(30_000);
        assertThat(t.isAlive()).isFalse();
        assertThat(thrown.get()).isInstanceOf(InterruptedIOException.class);
        assertThat(flag.get()).isTrue();
        assertThat(TestFiles.names(dir)).isEmpty();
        assertThat(Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
                .filter(n -> n.startsWith("drivespeed-worker-")).collect(Collectors.toList()))
                .isEmpty();
    }

    @Test
    void theReportReadsLikeFio() throws IOException {
        WorkloadReport r = small().random().readPercent(70).count(3000).run();
        String text = r.details();
        assertThat(text).contains("randrw 70% reads", "bs 4 KiB", "QD1 T1", "IOPS", "clat",
                "99.99th=[", "50.00th=[", "read:", "write:", "MB/s", "MiB/s");
        List<String> lines = new ArrayList<>(List.of(text.split("\n")));
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("I/O:"));
    }

    @Test
    void aRunThatCompletesNoIoIsRefusedNamingItsDurationNotReportedAsZeroIops() throws IOException {
        assertThatThrownBy(() -> DriveSpeed.workload(dir).random().read().size("1M")
                .duration(Duration.ofNanos(1)).runs(1).run())
                .isInstanceOfSatisfying(InvalidSettingException.class,
                        e -> assertThat(e.setting()).isEqualTo("duration"))
                .hasMessageContaining("duration is too short: run 1 completed no I/O in it");
        assertThat(TestFiles.testFiles(dir)).isEmpty();
        // the other outcome: a duration that holds I/Os gives a figure
        WorkloadReport r = DriveSpeed.workload(dir).random().read().size("1M")
                .duration(Duration.ofMillis(200)).runs(1).run();
        assertThat(r.read().orElseThrow().samples().get(0).ios()).isPositive();
    }
}
