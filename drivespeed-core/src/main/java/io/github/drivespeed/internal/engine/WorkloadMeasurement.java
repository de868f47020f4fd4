package io.github.drivespeed.internal.engine;

import io.github.drivespeed.error.DirectIoUnsupportedException;
import io.github.drivespeed.internal.probe.DeviceCounters;
import io.github.drivespeed.parameters.AccessPattern;
import io.github.drivespeed.parameters.DataPattern;
import io.github.drivespeed.parameters.IoEngine;
import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.progress.WorkloadListener;
import io.github.drivespeed.progress.WorkloadStage;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.spi.QueueEngine;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.unit.DataSize;
import java.io.IOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
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
    /** Warm-up: at most this many bytes per workload, or {@link #WARM_UP_IOS} if more... */
    static final long WARM_UP_BYTES = 64 * DataSize.MEBIBYTE;
    /**
     * ... or this many I/Os, so that small blocks reach the JIT's optimising compiler (C2 compiles
     * a loop after some 10^4 iterations and takes tens of milliseconds more) before the first
     * measured run, whose CPU time would otherwise carry the compiler's...
     */
    static final long WARM_UP_IOS = 200_000;
    /** ... and at most this long, unless the JIT compilers are still at work... */
    static final long WARM_UP_NANOS = 250_000_000L;
    /** ... then in slices this long while they are ({@link JitActivity})... */
    static final long WARM_UP_SLICE_NANOS = 100_000_000L;
    /**
     * ... until two slices in a row leave them this idle (compile time per wall time; two,
     * because a compilation's time is counted when it ends)...
     */
    static final double WARM_UP_SETTLED_COMPILE_SHARE = 0.05;
    /** The warm-up's timeline interval: short, so that it crosses intervals as runs do. */
    static final long WARM_UP_INTERVAL_NANOS = 1_000_000L;
    /** ... or the warm-up has lasted this long. */
    static final long WARM_UP_MAX_NANOS = 2_000_000_000L;
    /** The warm-up's generators are seeded with {@code seed ^ WARM_UP_SEED_MIX}. */
    static final long WARM_UP_SEED_MIX = 0x5DEECE66DL;
    /** Most synchronous workers one workload may start (threads x emulated queue depth). */
    static final int MAX_SYNC_WORKERS = 4096;
    private static final SecureRandom NONCES = new SecureRandom();

    private final Path target;
    private final Optional<IoBackend> backend;
    private final Optional<IoEngine> ioEngine;
    private final WorkloadListener listener;
    private final boolean bufferedFallback;

    /**
     * @param target the directory to test in, as the caller gave it
     * @param backend the backend to use, or empty to pick the best available
     * @param ioEngine the engine to use, or empty to let {@link EngineChoice} pick per workload
     * @param listener told when each stage starts and ends
     * @param bufferedFallback whether jobs with O_DIRECT run buffered where it is refused
     */
    public WorkloadMeasurement(Path target, Optional<IoBackend> backend,
            Optional<IoEngine> ioEngine, WorkloadListener listener, boolean bufferedFallback) {
        this.target = Objects.requireNonNull(target, "target");
        this.backend = Objects.requireNonNull(backend, "backend");
        this.ioEngine = Objects.requireNonNull(ioEngine, "ioEngine");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.bufferedFallback = bufferedFallback;
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
        long fileBytes = first.size().bytes();
        long chunk = Math.min(FILL_CHUNK_BYTES, Long.lowestOneBit(fileBytes));
        boolean fellBack = false;
        if (first.direct()) {
            try {
                Preflight.requireDirectIo(t);
            } catch (DirectIoUnsupportedException e) {
                if (!bufferedFallback) {
                    throw e;
                }
                LOG.info("running the workloads with buffered I/O: {}", e.getMessage());
                jobs = buffered(jobs);
                first = jobs.get(0);
                fellBack = true;
            }
        }
        int alignment = Preflight.bufferAlignment(t, first.direct(), DataSize.ofBytes(chunk));
        List<EngineChoice> choices = new ArrayList<>();
        for (WorkloadParameters job : jobs) {
            EngineChoice choice = EngineChoice.of(io, ioEngine, job.queueDepth());
            choices.add(choice);
            checkJob(job, io, choice.preferred().asynchronous());
            alignment = Math.max(alignment,
                    Preflight.bufferAlignment(t, job.direct(), job.blockSize()));
        }
        // Leftovers of killed runs first: they may hold the space the check below looks for.
        LeftoverFiles.removeStale(t.directory());
        Preflight.checkFreeSpace(t, fileBytes);

        try (DriveLocks locks = DriveLocks.acquire(t.info())) {
            while (true) {
                try {
                    return measure(t, io, jobs, choices, fileBytes, chunk, alignment, locks,
                            fellBack);
                } catch (DirectIoUnsupportedException e) {
                    if (!bufferedFallback || fellBack) {
                        throw e;
                    }
                    // Refused at open or on a transfer: no O_DIRECT figure is kept, the file is
                    // written again and every workload runs, buffered.
                    LOG.info("running the workloads with buffered I/O: {}", e.getMessage());
                    jobs = buffered(jobs);
                    fellBack = true;
                }
            }
        }
    }

    /** The jobs with buffered I/O instead of O_DIRECT, everything else kept. */
    private static List<WorkloadParameters> buffered(List<WorkloadParameters> jobs) {
        List<WorkloadParameters> out = new ArrayList<>();
        for (WorkloadParameters j : jobs) {
            out.add(new WorkloadParameters(j.pattern(), j.readPercent(), j.blockSize(), j.size(),
                    j.count(), j.duration(), j.rampTime(), j.threads(), j.queueDepth(), j.seed(),
                    j.runs(), false, j.timelineInterval(), j.randomMap()));
        }
        return out;
    }

    private List<WorkloadReport> measure(Preflight.Target t, IoBackend io,
            List<WorkloadParameters> jobs, List<EngineChoice> choices, long fileBytes, long chunk,
            int alignment, DriveLocks locks, boolean fellBack) throws IOException {
        WorkloadParameters first = jobs.get(0);
        TestFile file = TestFileCreator.create(io, t.directory(), first.direct(), false);
        Path name = file.path().orElse(t.directory());
        Throwable failure = null;
        try {
            try {
                fill(io, file, name, fileBytes, chunk, alignment, first, jobs.size());
            } catch (IOException e) {
                throw IoFailures.directRefusal(e, first.direct(), t.info().fileSystemType());
            }
            DeviceCounters counters = DeviceCounters.of(t.info());
            List<WorkloadReport> reports = new ArrayList<>();
            for (int i = 0; i < jobs.size(); i++) {
                reports.add(new WorkloadJob(t, file, name, jobs.get(i), choices.get(i), alignment,
                        counters, locks, fellBack,
                        new StageReporter(listener, i + 1, jobs.size())).run());
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
            throw new IllegalArgumentException("blockSize " + job.blockSize()
                    + " is larger than size " + job.size() + "; the test file must hold a block");
        }
        if (size % bs != 0) {
            throw new IllegalArgumentException("size " + job.size() + " is not a multiple of"
                    + " blockSize " + job.blockSize());
        }
        Preflight.checkBlockFitsBackend(io, bs);
        int depthPerWorker = async ? job.queueDepth() : 1;
        Preflight.checkBlockFitsBackend(io, bs * depthPerWorker);
        long workers = (long) job.threads() * (async ? 1 : job.queueDepth());
        if (workers > MAX_SYNC_WORKERS) {
            throw new IllegalArgumentException("threads x queueDepth = " + job.threads() + " x "
                    + job.queueDepth() + " = " + workers + " synchronous workers, more than "
                    + MAX_SYNC_WORKERS + " (psync runs the queue depth as threads; the " + io.name()
                    + " backend's engines: " + engines(io) + ")");
        }
        if (job.pattern() == AccessPattern.SEQUENTIAL && size / bs < job.threads()) {
            throw new IllegalArgumentException("a sequential workload needs at least one block"
                    + " per thread: size " + job.size() + " holds " + size / bs + " blocks of "
                    + job.blockSize() + " for " + job.threads() + " threads");
        }
    }

    private static String engines(IoBackend io) {
        StringBuilder sb = new StringBuilder("psync");
        for (QueueEngine e : io.queueEngines()) {
            sb.append(", ").append(e.fioName())
                    .append(e.unavailableReason().map(r -> " (unavailable: " + r + ")").orElse(""));
        }
        return sb.toString();
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
}
