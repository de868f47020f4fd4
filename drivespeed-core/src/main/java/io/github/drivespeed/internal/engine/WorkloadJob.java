package io.github.drivespeed.internal.engine;

import io.github.drivespeed.internal.probe.DeviceCounters;
import io.github.drivespeed.parameters.AccessPattern;
import io.github.drivespeed.parameters.DataPattern;
import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.progress.WorkloadStage;
import io.github.drivespeed.report.CacheHandling;
import io.github.drivespeed.report.DeviceIo;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.spi.IoQueue;
import io.github.drivespeed.spi.FileHandle;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One workload over the shared test file: its workers' resources, the untimed warm-up and the
 * measured runs. A buffered run that reads is preceded by eviction of the file's pages (the
 * warm-up's too); random buffered reads are hinted POSIX_FADV_RANDOM for the job; every measured
 * run records its cache handling and the device's counters over its measured interval. Run
 * alone, or as one of a {@link WorkloadGroupRun}'s jobs, which start each run together (the
 * {@link RunGate}), stop together (a shared {@link StopSignal}) and are not another measurement
 * to each other (their files and drive locks are the group's). In a group whose jobs share a
 * drive, the device's counters hold the other jobs' I/O too, so {@code FOREIGN_IO} is not judged
 * per job there.
 */
final class WorkloadJob {

    private static final SecureRandom NONCES = new SecureRandom();

    private final Preflight.Target target;
    private final FileHandle file;
    private final Path name;
    private final WorkloadParameters job;
    /** Whether the backend's asynchronous queue is used: ASYNC_IO and a depth above 1. */
    private final boolean async;
    private final int alignment;
    private final DeviceCounters counters;
    private final DriveLocks locks;
    /** Whether O_DIRECT was refused and the workloads run buffered instead. */
    private final boolean fellBack;
    private final int workers;
    private final int depthPerWorker;
    private final long blockBytes;
    private final long blocks;
    private final StageReporter reporter;
    private final boolean existingFileRead;
    private final Group group;
    /** Set by {@link #run()}: whether POSIX_FADV_RANDOM was given for this job. */
    private boolean randomHint;
    /** Set by {@link #runOnce}: whether a measured run's counters showed other I/O. */
    private boolean foreignIo;

    /**
     * How a job runs with others: where it waits before each run, the group's stop signal, and
     * the files and drive locks of the group (not another measurement).
     *
     * @param gate where the job waits before each run
     * @param stop the group's stop signal, or null alone
     * @param files the group's test files
     * @param locks the group's drive locks
     * @param sharesDrive whether another job of the group runs on the same drive
     */
    record Group(RunGate gate, StopSignal stop, Set<Path> files, List<DriveLocks> locks,
            boolean sharesDrive) {

        /** A job run alone. */
        static final Group ALONE = new Group(RunGate.NONE, null, Set.of(), List.of(), false);
    }

    WorkloadJob(Preflight.Target target, FileHandle file, Path name, WorkloadParameters job,
            boolean async, int alignment, DeviceCounters counters, DriveLocks locks,
            boolean fellBack, StageReporter reporter, boolean existingFileRead, Group group) {
        this.fellBack = fellBack;
        this.target = target;
        this.file = file;
        this.name = name;
        this.job = job;
        this.async = async;
        this.alignment = alignment;
        this.counters = counters;
        this.locks = locks;
        this.workers = job.threads() * (async ? 1 : job.queueDepth());
        this.depthPerWorker = async ? job.queueDepth() : 1;
        this.blockBytes = job.blockSize().bytes();
        this.blocks = job.size().bytes() / blockBytes;
        this.reporter = reporter;
        this.existingFileRead = existingFileRead;
        this.group = group;
    }

    WorkloadReport run() throws IOException {
        Instant startedAt = Instant.now();
        // this job's own file is open: its own unnamed file must not count
        boolean concurrentBefore = anotherMeasurement();
        IoBackend io = target.io();
        List<IoQueue> queues = new ArrayList<>();
        List<AlignedBuffer> readBuffers = new ArrayList<>();
        List<WriteData> writeData = new ArrayList<>();
        List<Sample> reads = new ArrayList<>();
        List<Sample> writes = new ArrayList<>();
        boolean hint = !job.direct() && job.reads() && job.pattern() == AccessPattern.RANDOM;
        try {
            randomHint = hint && advise(true);
            long poolTarget = poolTargetBytes();
            for (int k = 0; k < workers; k++) {
                queues.add(async ? file.openQueue(depthPerWorker) : new BlockingIoQueue(file));
                readBuffers.add(job.reads()
                        ? io.allocate(blockBytes * depthPerWorker, alignment) : null);
                writeData.add(job.writes() ? new WriteData(io, blockBytes, blocks,
                        DataPattern.RANDOM, alignment, depthPerWorker, poolTarget) : null);
            }
            Resources r = new Resources(queues, readBuffers, writeData);
            group.gate().await(0);
            runOnce(r, 0);
            for (int run = 1; run <= job.runs(); run++) {
                group.gate().await(run);
                Sample[] pair = runOnce(r, run);
                if (pair[0] != null) {
                    reads.add(pair[0]);
                }
                if (pair[1] != null) {
                    writes.add(pair[1]);
                }
            }
        } catch (IOException e) {
            throw IoFailures.directRefusal(e, job.direct(), target.info().fileSystemType());
        } finally {
            close(queues, readBuffers, writeData);
            if (randomHint) {
                advise(false);
            }
        }
        Set<Warning> jobWarnings = !async && job.queueDepth() > 1
                ? EnumSet.of(Warning.QUEUE_DEPTH_RUN_AS_THREADS) : EnumSet.noneOf(Warning.class);
        Set<Warning> shared = EnumSet.noneOf(Warning.class);
        if (concurrentBefore || anotherMeasurement()) {
            shared.add(Warning.CONCURRENT_MEASUREMENT);
        }
        if (foreignIo) {
            shared.add(Warning.FOREIGN_IO);
        }
        if (fellBack) {
            shared.add(Warning.BUFFERED_FALLBACK);
        }
        Set<Warning> readWarnings = EnumSet.copyOf(shared);
        if (existingFileRead) {
            readWarnings.add(Warning.EXISTING_FILE_READ);
        }
        readWarnings.addAll(CacheChecks.readWarnings(PassKind.READ, reads));
        Set<Warning> writeWarnings = EnumSet.copyOf(shared);
        writeWarnings.addAll(CacheChecks.writeWarnings(writes));
        return new WorkloadReport(target.info(), job, target.selection().info(), ioEngine(io),
                reads.isEmpty() ? Optional.empty()
                        : Optional.of(new PassResult(PassKind.READ, reads, readWarnings)),
                writes.isEmpty() ? Optional.empty()
                        : Optional.of(new PassResult(PassKind.WRITE, writes, writeWarnings)),
                jobWarnings, startedAt);
    }

    /**
     * Whether another measurement uses the drive or the directory: a drive lock or a test file
     * that is neither this job's nor its group's.
     */
    private boolean anotherMeasurement() {
        Set<Path> own = new HashSet<>(group.files());
        own.add(name);
        return locks.anotherMeasurementBesides(group.locks())
                || LeftoverFiles.removeStale(target.directory()).anotherMeasurementThan(own, false);
    }

    private boolean advise(boolean random) throws IOException {
        try {
            return file.adviseRandomAccess(random);
        } catch (IOException e) {
            throw IoFailures.map(e, name, "posix_fadvise", -1, "workload " + job.fioRw(), 0,
                    job.size().bytes());
        }
    }

    /**
     * Each writer's pool: a share of {@link WriteData#POOL_TARGET_BYTES}, at least a block per
     * queue slot. On a memory file system (tmpfs, ramfs), where nothing compresses, one block per
     * slot: the source then stays in the CPU cache, as fio's buffers do, and the figure is the
     * file system's cost rather than this program's memory traffic. The sector stamps keep every
     * sector distinct either way.
     */
    private long poolTargetBytes() {
        long perSlot = blockBytes * depthPerWorker;
        if (target.info().warnings().contains(Warning.MEMORY_FILE_SYSTEM)) {
            return perSlot;
        }
        return Math.max(perSlot, WriteData.POOL_TARGET_BYTES / workers);
    }

    private String ioEngine(IoBackend io) {
        String threads = job.threads() == 1 ? "1 thread" : job.threads() + " threads";
        String hint = randomHint ? "; posix_fadvise POSIX_FADV_RANDOM (no readahead)" : "";
        if (async) {
            return "async (" + io.name() + " backend's asynchronous queue): " + threads
                    + " x queue depth " + job.queueDepth() + hint;
        }
        if (job.queueDepth() == 1) {
            return "psync (synchronous positional reads and writes): " + threads
                    + " x queue depth 1" + hint;
        }
        return "psync (synchronous positional reads and writes): " + job.threads() + " x "
                + job.queueDepth() + " = " + workers + " threads x queue depth 1 (queue depth "
                + job.queueDepth() + " run as threads: the " + io.name()
                + " backend has no asynchronous I/O)" + hint;
    }

    /** Per worker: its queue, read buffer and write pool. */
    private record Resources(List<IoQueue> queues, List<AlignedBuffer> readBuffers,
            List<WriteData> writeData) { }

    /**
     * One run (0 = the untimed warm-up).
     *
     * @return the read and the write sample, each null when the workload did none (or for the
     *     warm-up)
     */
    private Sample[] runOnce(Resources r, int run) throws IOException {
        boolean warmUp = run == 0;
        String what = (warmUp ? "warm-up" : "run " + run) + " of " + job.fioRw() + " "
                + job.blockSize();
        long seed = warmUp ? job.seed() ^ WorkloadMeasurement.WARM_UP_SEED_MIX : job.seed();
        long rampNanos = warmUp ? 0 : job.rampTime().toNanos();
        long intervalNanos = job.timelineInterval().toNanos();
        long totalIos = job.iosPerRun();
        if (warmUp) {
            totalIos = Math.min(totalIos,
                    Math.max(workers, WorkloadMeasurement.WARM_UP_BYTES / blockBytes));
        }
        boolean timeBased = job.timeBased() && !warmUp;
        long durationNanos = timeBased ? job.duration().get().toNanos() : 0;
        int expectedIntervals = timeBased
                ? (int) Math.min(1 << 20, durationNanos / intervalNanos + 2) : 0;
        CacheHandling readHandling = job.direct() ? CacheHandling.DIRECT_IO
                : job.reads() ? CacheEviction.beforeBufferedRead(target.io(), file, false, name,
                        what, job.size().bytes())
                : CacheHandling.NOT_RECORDED;
        StopSignal stop = new StopSignal(group.stop());
        DirectionRecorder[] readRecorders = new DirectionRecorder[workers];
        DirectionRecorder[] writeRecorders = new DirectionRecorder[workers];
        long[] measureStart = new long[1];
        StageReporter.Stage stage = warmUp ? StageReporter.Stage.NONE
                : reporter.start(WorkloadStage.Kind.RUN, job, run,
                        timeBased ? -1 : totalIos * blockBytes,
                        timeBased ? rampNanos + durationNanos : -1, System.nanoTime(), workers);
        List<WorkerGroup.Worker> list = new ArrayList<>(workers);
        IoLoop.PeriodicSync periodicSync = IoLoop.PeriodicSync.every(
                job.writes() ? job.syncEveryWrites() : 0, file);
        AtomicLong[] cursors = new AtomicLong[job.threads()];
        for (int t = 0; t < cursors.length; t++) {
            cursors[t] = new AtomicLong();
        }
        CounterWindow window = warmUp ? null : rampNanos > 0
                ? CounterWindow.startLater(counters) : CounterWindow.startNow(counters);
        for (int k = 0; k < workers; k++) {
            int index = k;
            WriteData data = r.writeData().get(k);
            if (data != null) {
                data.startRun(NONCES.nextLong());
            }
            OffsetGenerator offsets = job.pattern() != AccessPattern.RANDOM
                    ? sequentialOffsets(k, cursors)
                    : job.randomMap() ? OffsetGenerator.randomMap(seed, blocks, blockBytes, k,
                            workers)
                    : OffsetGenerator.random(new SplittableRandom(seed + 2L * k), blocks,
                            blockBytes);
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
                    if (window != null && rampNanos > 0) {
                        window.startAt(from);
                    }
                }
                long deadline = warmUp ? startNanos + WorkloadMeasurement.WARM_UP_NANOS
                        : timeBased ? from + durationNanos
                        : job.timeLimit().map(l -> from + l.toNanos())
                                .orElse(startNanos + IoLoop.NO_DEADLINE_NANOS);
                DirectionRecorder rr = !warmUp && job.reads()
                        ? new DirectionRecorder(from, intervalNanos, expectedIntervals) : null;
                DirectionRecorder wr = !warmUp && job.writes()
                        ? new DirectionRecorder(from, intervalNanos, expectedIntervals) : null;
                readRecorders[index] = rr;
                writeRecorders[index] = wr;
                IoLoop loop = new IoLoop(r.queues().get(index), blockBytes, offsets,
                        directions, data, r.readBuffers().get(index), rr, wr, stop,
                        stage.progress(index), name, what, planned, periodicSync);
                return loop.run(limit, from, deadline);
            });
        }
        List<IoLoop.Outcome> outcomes = WorkerGroup.run(list, stop, what);
        long end = measureStart[0];
        for (IoLoop.Outcome o : outcomes) {
            end = Math.max(end, o.lastCompletionNanos());
        }
        if (job.writes()) {
            IoFailures.dataSync(file, name, what, job.size().bytes(), job.size().bytes());
            end = System.nanoTime();
        }
        stage.finish();
        if (warmUp) {
            return new Sample[2];
        }
        Optional<DeviceIo> device = window.end();
        long elapsed = Math.max(1, end - measureStart[0]);
        Sample read = job.reads() ? DirectionRecorder.sample(run, List.of(readRecorders), elapsed)
                .withAccounting(readHandling, device) : null;
        Sample write = job.writes()
                ? DirectionRecorder.sample(run, List.of(writeRecorders), elapsed).withAccounting(
                        job.direct() ? CacheHandling.DIRECT_IO : CacheHandling.BUFFERED_WRITE,
                        device)
                : null;
        // buffered random reads without the hint: readahead may read far more than asked
        boolean boundedReads = job.direct() || randomHint
                || job.pattern() == AccessPattern.SEQUENTIAL;
        foreignIo |= !group.sharesDrive() && CacheChecks.foreignIo(device,
                read == null ? 0 : read.bytes(), write == null ? 0 : write.bytes(), blockBytes,
                !job.direct(), boundedReads);
        return new Sample[] {read, write};
    }

    /**
     * Thread {@code t} of {@code T} covers blocks {@code [t b, (t + 1) b)}, {@code b} = blocks /
     * T. Where its queue depth is run as threads, those threads share one cursor, so they take
     * consecutive blocks as one thread's queue would.
     */
    private OffsetGenerator sequentialOffsets(int worker, AtomicLong[] cursors) {
        int perThread = workers / job.threads();
        int thread = worker / perThread;
        long share = blocks / job.threads();
        return perThread == 1
                ? OffsetGenerator.sequential(thread * share, share, blockBytes)
                : OffsetGenerator.sequential(thread * share, share, blockBytes, cursors[thread]);
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
