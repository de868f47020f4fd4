package io.github.drivespeed.internal.engine;

import io.github.drivespeed.parameters.AccessPattern;
import io.github.drivespeed.parameters.DataPattern;
import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.progress.WorkloadStage;
import io.github.drivespeed.report.CpuUsage;
import io.github.drivespeed.report.EngineInfo;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.spi.IoQueue;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One workload over the test file {@link WorkloadMeasurement} wrote: its engine and queues
 * ({@link EngineChoice}), its workers' buffers, the untimed warm-up and the measured runs, each
 * with the process's CPU time over it ({@link ProcessCpuClock}).
 */
final class WorkloadJob {

    private static final SecureRandom NONCES = new SecureRandom();

    private final Preflight.Target target;
    private final TestFile file;
    private final Path name;
    private final WorkloadParameters job;
    private final EngineChoice choice;
    private final int alignment;
    private final boolean readsMayBeCached;
    private final long blockBytes;
    private final long blocks;
    private final StageReporter reporter;
    /** Set once the queues are open: whether they are asynchronous, workers and their depth. */
    private boolean async;
    private int workers;
    private int depthPerWorker;

    WorkloadJob(Preflight.Target target, TestFile file, Path name, WorkloadParameters job,
            EngineChoice choice, int alignment, boolean readsMayBeCached,
            StageReporter reporter) {
        this.target = target;
        this.file = file;
        this.name = name;
        this.job = job;
        this.choice = choice;
        this.alignment = alignment;
        this.readsMayBeCached = readsMayBeCached;
        this.blockBytes = job.blockSize().bytes();
        this.blocks = job.size().bytes() / blockBytes;
        this.reporter = reporter;
    }

    WorkloadReport run() throws IOException {
        Instant startedAt = Instant.now();
        // this job's own file is open: its own unnamed file must not count
        boolean concurrentBefore =
                LeftoverFiles.removeStale(target.directory()).anotherMeasurement(name, false);
        IoBackend io = target.io();
        List<IoQueue> queues = new ArrayList<>();
        List<AlignedBuffer> readBuffers = new ArrayList<>();
        List<WriteData> writeData = new ArrayList<>();
        List<Sample> reads = new ArrayList<>();
        List<Sample> writes = new ArrayList<>();
        List<CpuUsage> cpu = new ArrayList<>();
        EngineChoice.Opened opened;
        String details;
        try {
            opened = choice.open(file, job.threads(), WorkloadMeasurement.MAX_SYNC_WORKERS);
            queues.addAll(opened.queues());
            async = opened.engine().asynchronous();
            workers = queues.size();
            depthPerWorker = async ? job.queueDepth() : 1;
            long poolTarget = poolTargetBytes();
            for (int k = 0; k < workers; k++) {
                AlignedBuffer readBuffer = job.reads()
                        ? io.allocate(blockBytes * depthPerWorker, alignment) : null;
                WriteData data = job.writes() ? new WriteData(io, blockBytes, blocks,
                        DataPattern.RANDOM, alignment, depthPerWorker, poolTarget) : null;
                readBuffers.add(readBuffer);
                writeData.add(data);
                List<AlignedBuffer> used = new ArrayList<>(2);
                if (readBuffer != null) {
                    used.add(readBuffer);
                }
                if (data != null) {
                    used.add(data.buffer());
                }
                queues.get(k).registerBuffers(used);
            }
            Resources r = new Resources(queues, readBuffers, writeData);
            warmUp(r);
            for (int run = 1; run <= job.runs(); run++) {
                Measured m = runOnce(r, run);
                m.read().ifPresent(reads::add);
                m.write().ifPresent(writes::add);
                m.cpu().ifPresent(cpu::add);
            }
            details = queues.get(0).description();
        } finally {
            close(queues, readBuffers, writeData);
        }
        Set<Warning> readWarnings = readsMayBeCached
                ? EnumSet.of(Warning.READ_MAY_INCLUDE_PAGE_CACHE) : EnumSet.noneOf(Warning.class);
        EngineInfo engine = new EngineInfo(opened.engine(), choice.requested(), job.threads(),
                job.queueDepth(), details, opened.fallbackReason());
        Set<Warning> jobWarnings = engine.queueDepthRunAsThreads()
                ? EnumSet.of(Warning.QUEUE_DEPTH_RUN_AS_THREADS) : EnumSet.noneOf(Warning.class);
        if (concurrentBefore
                || LeftoverFiles.removeStale(target.directory()).anotherMeasurement(name, false)) {
            jobWarnings.add(Warning.CONCURRENT_MEASUREMENT);
        }
        return new WorkloadReport(target.info(), job, target.selection().info(), engine,
                reads.isEmpty() ? Optional.empty()
                        : Optional.of(new PassResult(PassKind.READ, reads, readWarnings)),
                writes.isEmpty() ? Optional.empty()
                        : Optional.of(new PassResult(PassKind.WRITE, writes, Set.of())),
                cpu, jobWarnings, startedAt);
    }

    /**
     * Each writer's pool: a share of {@link WriteData#POOL_TARGET_BYTES}, at least a block per
     * queue slot. On a memory file system (tmpfs, ramfs), where nothing compresses, one block
     * per slot: the source then stays in the CPU cache, as fio's buffers do, and the figure is
     * the file system's cost rather than this program's memory traffic. The sector stamps keep
     * every sector distinct either way.
     */
    private long poolTargetBytes() {
        long perSlot = blockBytes * depthPerWorker;
        if (target.info().warnings().contains(Warning.MEMORY_FILE_SYSTEM)) {
            return perSlot;
        }
        return Math.max(perSlot, WriteData.POOL_TARGET_BYTES / workers);
    }

    /** Per worker: its queue, read buffer and write pool. */
    private record Resources(List<IoQueue> queues, List<AlignedBuffer> readBuffers,
            List<WriteData> writeData) { }

    /**
     * What one run gave: each direction's sample and the CPU time over the run (empty for a
     * warm-up), and whether it ended on its deadline rather than its I/O count.
     */
    private record Measured(Optional<Sample> read, Optional<Sample> write,
            Optional<CpuUsage> cpu, boolean endedOnDeadline) { }

    /**
     * The untimed warm-up: {@link WorkloadMeasurement#WARM_UP_NANOS} (or its I/O count, for a
     * small workload), then, while that was time-bound and the JIT compilers kept working,
     * slices of {@link WorkloadMeasurement#WARM_UP_SLICE_NANOS} until two in a row leave them
     * idle or the warm-up reaches {@link WorkloadMeasurement#WARM_UP_MAX_NANOS}: so that the
     * measured runs run compiled code and their CPU time holds no compiler's. It records into
     * recorders it drops, with a short timeline interval, and publishes progress where there is
     * a listener, so that every branch a measured run takes was taken before.
     */
    private void warmUp(Resources r) throws IOException {
        long start = System.nanoTime();
        long slice = WorkloadMeasurement.WARM_UP_NANOS;
        int quiet = 0;
        while (true) {
            long compiledBefore = JitActivity.compileMillis();
            long sliceStart = System.nanoTime();
            Measured m = runOnce(r, 0, slice);
            long wall = System.nanoTime() - sliceStart;
            long compiled = JitActivity.compileMillis() - compiledBefore;
            quiet = compiled * 1_000_000.0
                    <= WorkloadMeasurement.WARM_UP_SETTLED_COMPILE_SHARE * wall ? quiet + 1 : 0;
            if (!m.endedOnDeadline() || compiledBefore < 0 || quiet >= 2
                    || System.nanoTime() - start >= WorkloadMeasurement.WARM_UP_MAX_NANOS) {
                return;
            }
            slice = WorkloadMeasurement.WARM_UP_SLICE_NANOS;
        }
    }

    private Measured runOnce(Resources r, int run) throws IOException {
        return runOnce(r, run, 0);
    }

    /** One run (0 = an untimed warm-up slice of {@code warmUpNanos}, whose figures are dropped). */
    private Measured runOnce(Resources r, int run, long warmUpNanos) throws IOException {
        boolean warmUp = run == 0;
        String what = (warmUp ? "warm-up" : "run " + run) + " of " + job.fioRw() + " "
                + job.blockSize();
        long seed = warmUp ? job.seed() ^ WorkloadMeasurement.WARM_UP_SEED_MIX : job.seed();
        long rampNanos = warmUp ? 0 : job.rampTime().toNanos();
        long intervalNanos = warmUp ? WorkloadMeasurement.WARM_UP_INTERVAL_NANOS
                : job.timelineInterval().toNanos();
        long totalIos = job.iosPerRun();
        if (warmUp) {
            totalIos = Math.min(totalIos, Math.max(workers, Math.max(
                    WorkloadMeasurement.WARM_UP_BYTES / blockBytes, WorkloadMeasurement.WARM_UP_IOS)));
        }
        boolean timeBased = job.timeBased() && !warmUp;
        long durationNanos = timeBased ? job.duration().get().toNanos() : 0;
        int expectedIntervals = timeBased
                ? (int) Math.min(1 << 20, durationNanos / intervalNanos + 2) : 0;
        StopSignal stop = new StopSignal();
        DirectionRecorder[] readRecorders = new DirectionRecorder[workers];
        DirectionRecorder[] writeRecorders = new DirectionRecorder[workers];
        long[] measureStart = new long[1];
        StageReporter.Stage stage = warmUp ? reporter.silent(workers)
                : reporter.start(WorkloadStage.Kind.RUN, job, run,
                        timeBased ? -1 : totalIos * blockBytes,
                        timeBased ? rampNanos + durationNanos : -1, System.nanoTime(),
                        workers);
        List<WorkerGroup.Worker> list = new ArrayList<>(workers);
        AtomicLong[] cursors = new AtomicLong[job.threads()];
        for (int t = 0; t < cursors.length; t++) {
            cursors[t] = new AtomicLong();
        }
        for (int k = 0; k < workers; k++) {
            int index = k;
            WriteData data = r.writeData().get(k);
            if (data != null) {
                data.startRun(NONCES.nextLong());
            }
            OffsetGenerator offsets = job.pattern() == AccessPattern.RANDOM
                    ? OffsetGenerator.random(new SplittableRandom(seed + 2L * k), blocks,
                            blockBytes)
                    : sequentialOffsets(k, cursors);
            DirectionGenerator directions = job.readPercent() == 100
                    ? DirectionGenerator.reads()
                    : job.readPercent() == 0 ? DirectionGenerator.writes()
                    : new DirectionGenerator(new SplittableRandom(seed + 2L * k + 1),
                            job.readPercent());
            long limit = timeBased ? Long.MAX_VALUE
                    : totalIos / workers + (k < totalIos % workers ? 1 : 0);
            long planned = timeBased ? -1 : limit * blockBytes;
            list.add(startNanos -> {
                long from = startNanos + rampNanos;
                if (index == 0) {
                    measureStart[0] = from;
                }
                long deadline = warmUp ? startNanos + warmUpNanos
                        : timeBased ? from + durationNanos
                        : startNanos + IoLoop.NO_DEADLINE_NANOS;
                // the warm-up records too (and drops it), so that it runs the measured code path
                DirectionRecorder rr = job.reads()
                        ? new DirectionRecorder(from, intervalNanos, expectedIntervals) : null;
                DirectionRecorder wr = job.writes()
                        ? new DirectionRecorder(from, intervalNanos, expectedIntervals) : null;
                readRecorders[index] = rr;
                writeRecorders[index] = wr;
                IoLoop loop = new IoLoop(r.queues().get(index), blockBytes, offsets,
                        directions, data, r.readBuffers().get(index), rr, wr, stop,
                        stage.progress(index), name, what, planned);
                return loop.run(limit, from, deadline);
            });
        }
        Optional<ProcessCpuClock.Reading> cpuStart = warmUp ? Optional.empty()
                : ProcessCpuClock.read();
        long windowStart = System.nanoTime();
        List<IoLoop.Outcome> outcomes = WorkerGroup.run(list, stop, what);
        long end = measureStart[0];
        long allIos = 0;
        long measuredIos = 0;
        for (IoLoop.Outcome o : outcomes) {
            end = Math.max(end, o.lastCompletionNanos());
            allIos += o.measuredIos() + o.rampIos();
            measuredIos += o.measuredIos();
        }
        boolean endedOnDeadline = timeBased || warmUp && measuredIos < totalIos;
        if (job.writes()) {
            IoFailures.dataSync(file, name, what, job.size().bytes(), job.size().bytes());
            end = System.nanoTime();
        }
        stage.finish();
        if (warmUp) {
            return new Measured(Optional.empty(), Optional.empty(), Optional.empty(),
                    endedOnDeadline);
        }
        Optional<CpuUsage> cpu = ProcessCpuClock.between(cpuStart, ProcessCpuClock.read(),
                Math.max(end, windowStart) - windowStart, allIos);
        long elapsed = Math.max(1, end - measureStart[0]);
        return new Measured(
                job.reads() ? Optional.of(DirectionRecorder.sample(run, List.of(readRecorders),
                        elapsed)) : Optional.empty(),
                job.writes() ? Optional.of(DirectionRecorder.sample(run,
                        List.of(writeRecorders), elapsed)) : Optional.empty(),
                cpu, endedOnDeadline);
    }

    /**
     * Thread {@code t} of {@code T} covers blocks {@code [t b, (t + 1) b)}, {@code b} =
     * blocks / T. Where its queue depth is run as threads, those threads share one cursor, so
     * they take consecutive blocks as one thread's queue would.
     */
    private OffsetGenerator sequentialOffsets(int worker, AtomicLong[] cursors) {
        int perThread = workers / job.threads();
        int thread = worker / perThread;
        long share = blocks / job.threads();
        return perThread == 1
                ? OffsetGenerator.sequential(thread * share, share, blockBytes)
                : OffsetGenerator.sequential(thread * share, share, blockBytes,
                        cursors[thread]);
    }

    private static void close(List<IoQueue> queues, List<AlignedBuffer> readBuffers,
            List<WriteData> writeData) throws IOException {
        IOException failure = null;
        for (IoQueue q : queues) {
            try {
                q.close();
            } catch (IOException e) {
                if (failure == null) {
                    failure = e;
                }
            }
        }
        for (AlignedBuffer b : readBuffers) {
            if (b != null) {
                b.close();
            }
        }
        for (WriteData d : writeData) {
            if (d != null) {
                d.close();
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
