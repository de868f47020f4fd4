package io.github.drivespeed.internal.engine;

import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.error.InvalidSettingException.Reason;
import io.github.drivespeed.parameters.AccessPattern;
import io.github.drivespeed.parameters.DataPattern;
import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.progress.WorkloadListener;
import io.github.drivespeed.progress.WorkloadStage;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.Capability;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.spi.IoQueue;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs fio-style workloads over one test file: checks everything checkable, creates the file and
 * writes all of it (untimed, fdatasync'd), then for each workload an untimed warm-up and the
 * measured runs, each run's workers released together by a {@link WorkerGroup} and driven by the
 * engine's one {@link IoLoop}; removes the file at the end. See
 * {@link io.github.drivespeed.WorkloadPlan} for the rules the workloads follow.
 */
public final class WorkloadMeasurement {

    private static final Logger LOG = LoggerFactory.getLogger(WorkloadMeasurement.class);

    /** Largest chunk the file is written in before the runs. */
    static final long FILL_CHUNK_BYTES = 8 * DataSize.MEBIBYTE;
    /** Warm-up: at most this many bytes per workload... */
    static final long WARM_UP_BYTES = 64 * DataSize.MEBIBYTE;
    /** ... and at most this long. */
    static final long WARM_UP_NANOS = 250_000_000L;
    /** The warm-up's generators are seeded with {@code seed ^ WARM_UP_SEED_MIX}. */
    static final long WARM_UP_SEED_MIX = 0x5DEECE66DL;
    /** Most synchronous workers one workload may start (threads x emulated queue depth). */
    static final int MAX_SYNC_WORKERS = 4096;
    private static final SecureRandom NONCES = new SecureRandom();

    private final Path target;
    private final Optional<IoBackend> backend;
    private final WorkloadListener listener;

    /**
     * @param target the directory to test in, as the caller gave it
     * @param backend the backend to use, or empty to pick the best available
     * @param listener told when each stage starts and ends
     */
    public WorkloadMeasurement(Path target, Optional<IoBackend> backend,
            WorkloadListener listener) {
        this.target = Objects.requireNonNull(target, "target");
        this.backend = Objects.requireNonNull(backend, "backend");
        this.listener = Objects.requireNonNull(listener, "listener");
    }

    /**
     * Runs the workloads, in order, over one test file.
     *
     * @param jobs at least one; all with the same size and the same direct setting
     * @return one report per job, in order
     * @throws IOException see {@link io.github.drivespeed.WorkloadPlan#run()}
     */
    public List<WorkloadReport> run(List<WorkloadParameters> jobs) throws IOException {
        if (jobs.isEmpty()) {
            throw new IllegalArgumentException("no workload to run");
        }
        WorkloadParameters first = jobs.get(0);
        for (WorkloadParameters job : jobs) {
            if (!job.size().equals(first.size()) || job.direct() != first.direct()) {
                throw new IllegalArgumentException("workloads run over one test file need the"
                        + " same size and direct setting: " + first + " vs " + job);
            }
        }
        Preflight.Target t = Preflight.examine(target, backend);
        IoBackend io = t.io();
        boolean async = io.capabilities().contains(Capability.ASYNC_IO);
        long fileBytes = first.size().bytes();
        long chunk = Math.min(FILL_CHUNK_BYTES, Long.lowestOneBit(fileBytes));
        if (first.direct()) {
            Preflight.requireDirectIo(t);
        }
        int alignment = Preflight.bufferAlignment(t, first.direct(), DataSize.ofBytes(chunk));
        for (WorkloadParameters job : jobs) {
            checkJob(job, io, async && job.queueDepth() > 1);
            alignment = Math.max(alignment,
                    Preflight.bufferAlignment(t, job.direct(), job.blockSize()));
        }
        // Leftovers of killed runs first: they may hold the space the check below looks for.
        LeftoverFiles.removeStale(t.directory());
        Preflight.checkFreeSpace(t, fileBytes, "size");

        TestFile file = TestFileCreator.create(io, t.directory(), first.direct(), false);
        Path name = file.path().orElse(t.directory());
        Throwable failure = null;
        try {
            fill(io, file, name, fileBytes, chunk, alignment, first, jobs.size());
            boolean readsMayBeCached = false;
            if (!first.direct()) {
                try {
                    readsMayBeCached = !file.evictPages();
                } catch (IOException e) {
                    throw IoFailures.map(e, name, "evict pages", -1, "set-up", 0, fileBytes);
                }
            }
            List<WorkloadReport> reports = new ArrayList<>();
            for (int i = 0; i < jobs.size(); i++) {
                WorkloadParameters job = jobs.get(i);
                // queue depth 1 is plain pread/pwrite (fio psync): an asynchronous queue would
                // only add a second system call per I/O
                reports.add(new Job(t, file, name, job, async && job.queueDepth() > 1, alignment,
                        readsMayBeCached, new StageReporter(listener, i + 1, jobs.size())).run());
            }
            return reports;
        } catch (IOException | RuntimeException | Error e) {
            failure = e;
            throw e;
        } finally {
            TestFileRemoval.closeAndRemove(file, name, failure);
        }
    }

    private static void checkJob(WorkloadParameters job, IoBackend io, boolean async) {
        long bs = job.blockSize().bytes();
        long size = job.size().bytes();
        if (bs > size) {
            throw new InvalidSettingException("blockSize", job.blockSize(), Reason.of("is larger"
                    + " than ").setting("size").then(" " + job.size() + "; the test file must"
                    + " hold a block"), null);
        }
        if (size % bs != 0) {
            throw new InvalidSettingException("size", job.size(), Reason.of("is not a multiple"
                    + " of ").setting("blockSize").then(" " + job.blockSize()), null);
        }
        Preflight.checkBlockFitsBackend(io, bs);
        int depthPerWorker = async ? job.queueDepth() : 1;
        Preflight.checkBlockFitsBackend(io, bs * depthPerWorker);
        long workers = (long) job.threads() * (async ? 1 : job.queueDepth());
        if (workers > MAX_SYNC_WORKERS) {
            throw new InvalidSettingException("queueDepth", job.queueDepth(), Reason.of("times ")
                    .setting("threads").then(" " + job.threads() + " is " + workers
                            + " synchronous workers, more than " + MAX_SYNC_WORKERS + " (the "
                            + io.name() + " backend has no asynchronous I/O, so queue depth is"
                            + " run as threads)"), null);
        }
        if (job.pattern() == AccessPattern.SEQUENTIAL && size / bs < job.threads()) {
            throw new InvalidSettingException("threads", job.threads(), Reason.of("is more than"
                    + " the blocks of a sequential workload (it needs one per thread): ")
                    .setting("size")
                    .then(" " + job.size() + " holds " + size / bs + " blocks of ")
                    .setting("blockSize").then(" " + job.blockSize()), null);
        }
    }

    /** Writes the whole file with random, stamped data, then fdatasync; untimed. */
    private void fill(IoBackend io, TestFile file, Path name, long fileBytes, long chunk,
            int alignment, WorkloadParameters first, int jobCount) throws IOException {
        long blocks = fileBytes / chunk;
        String what = "writing of the test file before the runs";
        StageReporter reporter = new StageReporter(listener, 1, jobCount);
        try (WriteData data = new WriteData(io, chunk, blocks, DataPattern.RANDOM, alignment)) {
            data.startRun(NONCES.nextLong());
            long start = System.nanoTime();
            StageReporter.Stage stage = reporter.start(WorkloadStage.Kind.FILL, first, 0,
                    fileBytes, -1, start, 1);
            IoLoop loop = new IoLoop(new BlockingIoQueue(file), chunk,
                    OffsetGenerator.sequential(0, blocks, chunk), DirectionGenerator.writes(),
                    data, null, null, null, new StopSignal(), stage.progress(0), name, what,
                    fileBytes);
            loop.run(blocks, start, start + IoLoop.NO_DEADLINE_NANOS);
            IoFailures.dataSync(file, name, what, fileBytes, fileBytes);
            stage.finish();
            LOG.debug("wrote {} bytes of test file in {} ns", fileBytes, System.nanoTime() - start);
        }
    }

    /** One workload: its workers' resources, warm-up and measured runs. */
    private static final class Job {
        private final Preflight.Target target;
        private final TestFile file;
        private final Path name;
        private final WorkloadParameters job;
        /** Whether the backend's asynchronous queue is used: ASYNC_IO and a depth above 1. */
        private final boolean async;
        private final int alignment;
        private final boolean readsMayBeCached;
        private final int workers;
        private final int depthPerWorker;
        private final long blockBytes;
        private final long blocks;
        private final StageReporter reporter;

        Job(Preflight.Target target, TestFile file, Path name, WorkloadParameters job,
                boolean async, int alignment, boolean readsMayBeCached, StageReporter reporter) {
            this.target = target;
            this.file = file;
            this.name = name;
            this.job = job;
            this.async = async;
            this.alignment = alignment;
            this.readsMayBeCached = readsMayBeCached;
            this.workers = job.threads() * (async ? 1 : job.queueDepth());
            this.depthPerWorker = async ? job.queueDepth() : 1;
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
            try {
                long poolTarget = poolTargetBytes();
                for (int k = 0; k < workers; k++) {
                    queues.add(async ? file.openQueue(depthPerWorker) : new BlockingIoQueue(file));
                    readBuffers.add(job.reads()
                            ? Preflight.allocate(io, blockBytes * depthPerWorker, alignment,
                                    blockBytes) : null);
                    writeData.add(job.writes() ? new WriteData(io, blockBytes, blocks,
                            DataPattern.RANDOM, alignment, depthPerWorker, poolTarget) : null);
                }
                Resources r = new Resources(queues, readBuffers, writeData);
                runOnce(r, 0);
                for (int run = 1; run <= job.runs(); run++) {
                    Sample[] pair = runOnce(r, run);
                    if (pair[0] != null) {
                        reads.add(pair[0]);
                    }
                    if (pair[1] != null) {
                        writes.add(pair[1]);
                    }
                }
            } finally {
                close(queues, readBuffers, writeData);
            }
            Set<Warning> readWarnings = readsMayBeCached
                    ? EnumSet.of(Warning.READ_MAY_INCLUDE_PAGE_CACHE) : EnumSet.noneOf(Warning.class);
            Set<Warning> jobWarnings = !async && job.queueDepth() > 1
                    ? EnumSet.of(Warning.QUEUE_DEPTH_RUN_AS_THREADS) : EnumSet.noneOf(Warning.class);
            if (concurrentBefore
                    || LeftoverFiles.removeStale(target.directory()).anotherMeasurement(name, false)) {
                jobWarnings.add(Warning.CONCURRENT_MEASUREMENT);
            }
            return new WorkloadReport(target.info(), job, target.selection().info(), ioEngine(io),
                    reads.isEmpty() ? Optional.empty()
                            : Optional.of(new PassResult(PassKind.READ, reads, readWarnings)),
                    writes.isEmpty() ? Optional.empty()
                            : Optional.of(new PassResult(PassKind.WRITE, writes, Set.of())),
                    jobWarnings, startedAt);
        }

        /**
         * Each writer's pool: a share of {@link WriteData#POOL_TARGET_BYTES}, at least a block
         * per queue slot. On a memory file system (tmpfs, ramfs), where nothing compresses, one
         * block per slot: the source then stays in the CPU cache, as fio's buffers do, and the
         * figure is the file system's cost rather than this program's memory traffic. The sector
         * stamps keep every sector distinct either way.
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
            if (async) {
                return "async (" + io.name() + " backend's asynchronous queue): " + threads
                        + " x queue depth " + job.queueDepth();
            }
            if (job.queueDepth() == 1) {
                return "psync (synchronous positional reads and writes): " + threads
                        + " x queue depth 1";
            }
            return "psync (synchronous positional reads and writes): " + job.threads() + " x "
                    + job.queueDepth() + " = " + workers + " threads x queue depth 1 (queue depth "
                    + job.queueDepth() + " run as threads: the " + io.name()
                    + " backend has no asynchronous I/O)";
        }

        /** Per worker: its queue, read buffer and write pool. */
        private record Resources(List<IoQueue> queues, List<AlignedBuffer> readBuffers,
                List<WriteData> writeData) { }

        /**
         * One run (0 = the untimed warm-up).
         *
         * @return the read and the write sample, each null when the workload did none (or for
         *     the warm-up)
         */
        private Sample[] runOnce(Resources r, int run) throws IOException {
            boolean warmUp = run == 0;
            String what = (warmUp ? "warm-up" : "run " + run) + " of " + job.fioRw() + " "
                    + job.blockSize();
            long seed = warmUp ? job.seed() ^ WARM_UP_SEED_MIX : job.seed();
            long rampNanos = warmUp ? 0 : job.rampTime().toNanos();
            long intervalNanos = job.timelineInterval().toNanos();
            long totalIos = job.iosPerRun();
            if (warmUp) {
                totalIos = Math.min(totalIos, Math.max(workers, WARM_UP_BYTES / blockBytes));
            }
            boolean timeBased = job.timeBased() && !warmUp;
            long durationNanos = timeBased ? job.duration().get().toNanos() : 0;
            int expectedIntervals = timeBased
                    ? (int) Math.min(1 << 20, durationNanos / intervalNanos + 2) : 0;
            StopSignal stop = new StopSignal();
            DirectionRecorder[] readRecorders = new DirectionRecorder[workers];
            DirectionRecorder[] writeRecorders = new DirectionRecorder[workers];
            long[] measureStart = new long[1];
            StageReporter.Stage stage = warmUp ? StageReporter.Stage.NONE
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
                    long deadline = warmUp ? startNanos + WARM_UP_NANOS
                            : timeBased ? from + durationNanos
                            : startNanos + IoLoop.NO_DEADLINE_NANOS;
                    DirectionRecorder rr = !warmUp && job.reads()
                            ? new DirectionRecorder(from, intervalNanos, expectedIntervals) : null;
                    DirectionRecorder wr = !warmUp && job.writes()
                            ? new DirectionRecorder(from, intervalNanos, expectedIntervals) : null;
                    readRecorders[index] = rr;
                    writeRecorders[index] = wr;
                    IoLoop loop = new IoLoop(r.queues().get(index), blockBytes, offsets,
                            directions, data, r.readBuffers().get(index), rr, wr, stop,
                            stage.progress(index), name, what, planned);
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
            long elapsed = Math.max(1, end - measureStart[0]);
            return new Sample[] {
                job.reads() ? DirectionRecorder.sample(run, List.of(readRecorders), elapsed) : null,
                job.writes() ? DirectionRecorder.sample(run, List.of(writeRecorders), elapsed)
                        : null};
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
}
