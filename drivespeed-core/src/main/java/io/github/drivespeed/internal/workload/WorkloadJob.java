package io.github.drivespeed.internal.workload;

import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.internal.files.DriveLocks;
import io.github.drivespeed.internal.files.LeftoverFiles;
import io.github.drivespeed.internal.io.DirectionGenerator;
import io.github.drivespeed.internal.io.DirectionRecorder;
import io.github.drivespeed.internal.io.IoBuffers;
import io.github.drivespeed.internal.io.IoFailures;
import io.github.drivespeed.internal.io.IoLoop;
import io.github.drivespeed.internal.io.OffsetGenerator;
import io.github.drivespeed.internal.io.StopSignal;
import io.github.drivespeed.internal.io.WriteData;
import io.github.drivespeed.internal.measure.CacheChecks;
import io.github.drivespeed.internal.measure.CacheEviction;
import io.github.drivespeed.internal.preflight.Preflight;
import io.github.drivespeed.internal.probe.DeviceCounters;
import io.github.drivespeed.parameters.AccessPattern;
import io.github.drivespeed.parameters.DataPattern;
import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.progress.WorkloadStage;
import io.github.drivespeed.report.CacheHandling;
import io.github.drivespeed.report.CpuUsage;
import io.github.drivespeed.report.ThreadEvents;
import io.github.drivespeed.report.DeviceIo;
import io.github.drivespeed.report.EngineInfo;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.spi.IoQueue;
import io.github.drivespeed.spi.FileHandle;
import io.github.drivespeed.unit.Nanoseconds;
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
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * One workload over the shared test file: its engine and queues ({@link EngineChoice}), its
 * workers' buffers, the untimed warm-up and the measured runs. A buffered run that reads is
 * preceded by eviction of the file's pages (the warm-up's too); random buffered reads are hinted
 * POSIX_FADV_RANDOM for the job; every measured run records its cache handling, the device's
 * counters over its measured interval and the process's CPU time over it
 * ({@link ProcessCpuClock}). Run alone, or as one of a {@link WorkloadGroupRun}'s jobs, which
 * start each run together (the {@link RunGate}), stop together (a shared {@link StopSignal}) and
 * are not another measurement to each other (their files and drive locks are the group's). In a
 * group whose jobs share a drive, the device's counters hold the other jobs' I/O too, so
 * {@code FOREIGN_IO} is not judged per job there.
 */
final class WorkloadJob {

    private static final SecureRandom NONCES = new SecureRandom();

    private final Preflight.Target target;
    private final FileHandle file;
    private final Path name;
    private final WorkloadParameters job;
    private final EngineChoice choice;
    private final int alignment;
    private final DeviceCounters counters;
    private final DriveLocks locks;
    /** Whether O_DIRECT was refused and the workloads run buffered instead. */
    private final boolean fellBack;
    private final long blockBytes;
    private final long blocks;
    private final StageReporter reporter;
    private final boolean existingFileRead;
    private final Group group;
    /** Set by {@link #run()}: whether POSIX_FADV_RANDOM was given for this job. */
    private boolean randomHint;
    /** Set by {@link #runOnce}: whether a measured run's counters showed other I/O. */
    private boolean foreignIo;
    /** Set once the queues are open: workers and the I/Os each keeps in flight. */
    private int workers;
    private int depthPerWorker;

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
            EngineChoice choice, int alignment, DeviceCounters counters, DriveLocks locks,
            boolean fellBack, StageReporter reporter, boolean existingFileRead, Group group) {
        this.fellBack = fellBack;
        this.target = target;
        this.file = file;
        this.name = name;
        this.job = job;
        this.choice = choice;
        this.alignment = alignment;
        this.counters = counters;
        this.locks = locks;
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
        List<CpuUsage> cpu = new ArrayList<>();
        boolean hint = !job.direct() && job.reads() && job.pattern() == AccessPattern.RANDOM;
        EngineChoice.Opened opened;
        String details;
        try {
            randomHint = hint && advise(true);
            opened = choice.open(file, job.threads(), WorkloadMeasurement.MAX_SYNC_WORKERS);
            queues.addAll(opened.queues());
            workers = queues.size();
            depthPerWorker = opened.engine().asynchronous() ? job.queueDepth() : 1;
            long poolTarget = poolTargetBytes();
            for (int k = 0; k < workers; k++) {
                AlignedBuffer readBuffer = job.reads()
                        ? IoBuffers.allocate(io, blockBytes * depthPerWorker, alignment, blockBytes)
                        : null;
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
            group.gate().await(0);
            warmUp(r);
            for (int run = 1; run <= job.runs(); run++) {
                group.gate().await(run);
                Measured m = runOnce(r, run);
                requireSomeIo(m, run);
                m.read().ifPresent(reads::add);
                m.write().ifPresent(writes::add);
                m.cpu().ifPresent(cpu::add);
            }
            details = queues.get(0).description();
        } catch (IOException e) {
            throw IoFailures.directRefusal(e, job.direct(), target.info().fileSystemType());
        } finally {
            close(queues, readBuffers, writeData);
            if (randomHint) {
                advise(false);
            }
        }
        String hinted = randomHint ? "posix_fadvise POSIX_FADV_RANDOM (no readahead)" : "";
        EngineInfo engine = new EngineInfo(opened.engine(), choice.requested(), job.threads(),
                job.queueDepth(), details.isEmpty() ? hinted
                        : hinted.isEmpty() ? details : details + "; " + hinted,
                opened.fallbackReason());
        Set<Warning> jobWarnings = engine.queueDepthRunAsThreads()
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
        return new WorkloadReport(target.info(), job, target.selection().info(), engine,
                reads.isEmpty() ? Optional.empty()
                        : Optional.of(new PassResult(PassKind.READ, reads, readWarnings)),
                writes.isEmpty() ? Optional.empty()
                        : Optional.of(new PassResult(PassKind.WRITE, writes, writeWarnings)),
                cpu, jobWarnings, startedAt);
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

    /**
     * A measured run that completed no I/O (a duration or time limit shorter than one I/O, or
     * than the ramp) has no figure: it is refused, naming the setting, rather than reported as
     * 0 IOPS.
     */
    private void requireSomeIo(Measured m, int run) {
        long ios = m.read().map(Sample::ios).orElse(0L) + m.write().map(Sample::ios).orElse(0L);
        if (ios > 0) {
            return;
        }
        boolean timeBased = job.timeBased();
        throw new InvalidSettingException(timeBased ? "duration" : "timeLimit",
                timeBased ? job.duration().orElse(null) : job.timeLimit().orElse(null),
                "is too short: run " + run + " completed no I/O in it (after a ramp of "
                        + Nanoseconds.format(job.rampTime().toNanos()) + "); give it at least the time of"
                        + " a few I/Os");
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
        CacheHandling readHandling = job.direct() ? CacheHandling.DIRECT_IO
                : job.reads() ? CacheEviction.beforeBufferedRead(target.io(), file, false, name,
                        what, job.size().bytes())
                : CacheHandling.NOT_RECORDED;
        StopSignal stop = new StopSignal(group.stop());
        DirectionRecorder[] readRecorders = new DirectionRecorder[workers];
        DirectionRecorder[] writeRecorders = new DirectionRecorder[workers];
        long[] measureStart = new long[1];
        StageReporter.Stage stage = warmUp ? reporter.silent(workers)
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
        // each I/O thread's own counts, read on that thread outside the timed window
        AtomicReferenceArray<Optional<ThreadEvents>> threadStart =
                new AtomicReferenceArray<>(workers);
        AtomicReferenceArray<Optional<ThreadEvents>> threadEvents =
                new AtomicReferenceArray<>(workers);
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
            Runnable countersAtStart = () -> threadStart.set(index,
                    warmUp ? Optional.empty() : ThreadCounters.read());
            list.add(WorkerGroup.withBeforeStart(countersAtStart, startNanos -> {
                long from = startNanos + rampNanos;
                if (index == 0) {
                    measureStart[0] = from;
                    if (window != null && rampNanos > 0) {
                        window.startAt(from);
                    }
                }
                long deadline = warmUp ? startNanos + warmUpNanos
                        : timeBased ? from + durationNanos
                        : job.timeLimit().map(l -> from + l.toNanos())
                                .orElse(startNanos + IoLoop.NO_DEADLINE_NANOS);
                // the warm-up records too (and drops it), so that it runs the measured code path
                DirectionRecorder rr = job.reads()
                        ? new DirectionRecorder(from, intervalNanos, expectedIntervals) : null;
                DirectionRecorder wr = job.writes()
                        ? new DirectionRecorder(from, intervalNanos, expectedIntervals) : null;
                readRecorders[index] = rr;
                writeRecorders[index] = wr;
                IoLoop loop = new IoLoop(r.queues().get(index), blockBytes, offsets,
                        directions, data, r.readBuffers().get(index), rr, wr, stop,
                        stage.progress(index), name, what, planned, periodicSync);
                IoLoop.Outcome outcome = loop.run(limit, from, deadline);
                if (!warmUp) {
                    threadEvents.set(index, ThreadCounters.between(threadStart.get(index),
                            ThreadCounters.read()));
                }
                return outcome;
            }));
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
        Optional<ThreadEvents> events = Optional.of(ThreadEvents.NONE);
        for (int k = 0; k < workers; k++) {
            Optional<ThreadEvents> e = threadEvents.get(k);
            events = ThreadEvents.sum(events, e == null ? Optional.empty() : e);
        }
        Optional<CpuUsage> cpu = ProcessCpuClock.between(cpuStart, ProcessCpuClock.read(),
                Math.max(end, windowStart) - windowStart, allIos, events);
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
        return new Measured(Optional.ofNullable(read), Optional.ofNullable(write), cpu,
                endedOnDeadline);
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
