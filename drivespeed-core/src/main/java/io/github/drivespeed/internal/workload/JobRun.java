package io.github.drivespeed.internal.workload;

import io.github.drivespeed.internal.io.DirectionGenerator;
import io.github.drivespeed.internal.genuine.TimelineDrop;
import io.github.drivespeed.internal.io.DirectionRecorder;
import io.github.drivespeed.parameters.IoLogging;
import io.github.drivespeed.internal.io.IoFailures;
import io.github.drivespeed.internal.io.IoLoop;
import io.github.drivespeed.internal.io.OffsetGenerator;
import io.github.drivespeed.internal.io.StopSignal;
import io.github.drivespeed.internal.io.WriteData;
import io.github.drivespeed.internal.io.LoopControl;
import io.github.drivespeed.internal.io.LoopFile;
import io.github.drivespeed.internal.io.LoopIos;
import io.github.drivespeed.internal.io.LoopRecorders;
import io.github.drivespeed.internal.measure.CacheEviction;
import io.github.drivespeed.internal.probe.DeviceCounters;
import io.github.drivespeed.parameters.AccessPattern;
import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.progress.WorkloadStage;
import io.github.drivespeed.report.CacheHandling;
import io.github.drivespeed.report.engine.CpuUsage;
import io.github.drivespeed.report.DeviceIo;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.engine.ThreadEvents;
import io.github.drivespeed.spi.IoBackend;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * One run of a workload's job, or one slice of its untimed warm-up (run 0, whose figures are
 * dropped): each worker's offsets, directions and recorders, its loop released with the others'
 * by a {@link WorkerGroup}; over the measured window (after the ramp) the device's counters, the
 * process's CPU time ({@link ProcessCpuClock}) and each I/O thread's own events
 * ({@link ThreadCounters}, read on that thread outside the window); then what the run measured.
 * A buffered run that reads is preceded by eviction of the file's pages (the warm-up's too).
 */
final class JobRun {

    private static final SecureRandom NONCES = new SecureRandom();

    /**
     * What one run gave: each direction's sample, the CPU time and what the device moved over
     * the run (all empty for a warm-up), and whether it ended on its deadline rather than its I/O
     * count.
     *
     * @param read the read sample, if the job reads
     * @param write the write sample, if the job writes
     * @param cpu the CPU time over the run
     * @param device what the device moved over the measured window
     * @param endedOnDeadline whether the deadline ended it
     */
    record Measured(Optional<Sample> read, Optional<Sample> write, Optional<CpuUsage> cpu,
            Optional<DeviceIo> device, boolean endedOnDeadline) { }

    private final JobWorkers workers;
    private final WorkloadParameters job;
    private final int run;
    private final boolean warmUp;
    private final long warmUpNanos;
    private final String what;
    private final long seed;
    private final long rampNanos;
    private final long intervalNanos;
    private final long totalIos;
    private final boolean timeBased;
    private final long durationNanos;
    private final int expectedIntervals;
    private final StopSignal stop;
    private final DirectionRecorder[] readRecorders;
    private final DirectionRecorder[] writeRecorders;
    /** Each I/O thread's own counts at its start, and over its loop. */
    private final AtomicReferenceArray<Optional<ThreadEvents>> threadStart;
    private final AtomicReferenceArray<Optional<ThreadEvents>> threadEvents;
    /** Set by worker 0, on the calling thread: the start of the measured window. */
    private long measureStart;

    /**
     * @param workers the job's workers
     * @param groupStop the stop signal of the job's group, or null alone
     * @param run the run's number from 1, or 0 for a warm-up slice
     * @param warmUpNanos a warm-up slice's length (0 for a measured run)
     */
    JobRun(JobWorkers workers, StopSignal groupStop, int run, long warmUpNanos) {
        this.workers = workers;
        this.job = workers.job();
        this.run = run;
        this.warmUp = run == 0;
        this.warmUpNanos = warmUpNanos;
        this.what = (warmUp ? "warm-up" : "run " + run) + " of " + job.fioRw() + " "
                + job.blockSize();
        this.seed = warmUp ? job.seed() ^ WorkloadMeasurement.WARM_UP_SEED_MIX : job.seed();
        this.rampNanos = warmUp ? 0 : job.length().rampTime().toNanos();
        this.intervalNanos = warmUp ? WorkloadMeasurement.WARM_UP_INTERVAL_NANOS
                : job.recording().timelineInterval().toNanos();
        this.totalIos = warmUp ? Math.min(job.iosPerRun(), Math.max(workers.workers(), Math.max(
                WorkloadMeasurement.WARM_UP_BYTES / workers.blockBytes(),
                WorkloadMeasurement.WARM_UP_IOS))) : job.iosPerRun();
        this.timeBased = job.timeBased() && !warmUp;
        this.durationNanos = timeBased ? job.length().duration().get().toNanos() : 0;
        this.expectedIntervals = timeBased
                ? (int) Math.min(1 << 20, durationNanos / intervalNanos + 2) : 0;
        this.stop = new StopSignal(groupStop);
        this.readRecorders = new DirectionRecorder[workers.workers()];
        this.writeRecorders = new DirectionRecorder[workers.workers()];
        this.threadStart = new AtomicReferenceArray<>(workers.workers());
        this.threadEvents = new AtomicReferenceArray<>(workers.workers());
    }

    /**
     * Runs it.
     *
     * @param io the backend, for eviction
     * @param reporter tells the job's listener of the run (not of a warm-up slice)
     * @param counters the device's counters
     * @return what it measured
     * @throws IOException if a worker failed or was interrupted, or the closing fdatasync failed
     */
    Measured measure(IoBackend io, StageReporter reporter, DeviceCounters counters)
            throws IOException {
        CacheHandling readHandling = job.direct() ? CacheHandling.DIRECT_IO
                : job.reads() ? CacheEviction.beforeBufferedRead(io, workers.file(), false,
                        workers.name(), what, job.size().bytes())
                : CacheHandling.NOT_RECORDED;
        StageReporter.Stage stage = warmUp ? reporter.silent(workers.workers())
                : reporter.start(WorkloadStage.Kind.RUN, job, run,
                        timeBased ? -1 : totalIos * workers.blockBytes(),
                        timeBased ? rampNanos + durationNanos : -1, System.nanoTime(),
                        workers.workers());
        CounterWindow window = warmUp ? null : rampNanos > 0
                ? CounterWindow.startLater(counters) : CounterWindow.startNow(counters);
        List<WorkerGroup.Worker> list = workers(stage, window);
        Optional<ProcessCpuClock.Reading> cpuStart = warmUp ? Optional.empty()
                : ProcessCpuClock.read();
        long windowStart = System.nanoTime();
        List<IoLoop.Outcome> outcomes = WorkerGroup.run(list, stop, what);
        return measured(outcomes, stage, window, readHandling, cpuStart, windowStart);
    }

    /** Each worker's write pool started on a new nonce, its offsets, directions and I/O count. */
    private List<WorkerGroup.Worker> workers(StageReporter.Stage stage, CounterWindow window) {
        int n = workers.workers();
        List<WorkerGroup.Worker> list = new ArrayList<>(n);
        IoLoop.PeriodicSync periodicSync = IoLoop.PeriodicSync.every(
                job.writes() ? job.syncEveryWrites() : 0, workers.file());
        AtomicLong[] cursors = new AtomicLong[job.threads()];
        for (int t = 0; t < cursors.length; t++) {
            cursors[t] = new AtomicLong();
        }
        for (int k = 0; k < n; k++) {
            WriteData data = workers.writeData(k);
            if (data != null) {
                data.startRun(NONCES.nextLong());
            }
            long blockBytes = workers.blockBytes();
            OffsetGenerator offsets = job.pattern() != AccessPattern.RANDOM
                    ? sequentialOffsets(k, cursors)
                    : job.randomMap() ? OffsetGenerator.randomMap(seed, workers.blocks(),
                            blockBytes, k, n)
                    : OffsetGenerator.random(new SplittableRandom(seed + 2L * k),
                            workers.blocks(), blockBytes);
            DirectionGenerator directions = job.readPercent() == 100
                    ? DirectionGenerator.reads()
                    : job.readPercent() == 0 ? DirectionGenerator.writes()
                    : new DirectionGenerator(new SplittableRandom(seed + 2L * k + 1),
                            job.readPercent());
            long limit = timeBased ? Long.MAX_VALUE
                    : totalIos / n + (k < totalIos % n ? 1 : 0);
            list.add(new Worker(k, offsets, directions, limit, stage.progress(k), periodicSync,
                    window));
        }
        return list;
    }

    /**
     * Thread {@code t} of {@code T} covers blocks {@code [t b, (t + 1) b)}, {@code b} = blocks /
     * T. Where its queue depth is run as threads, those threads share one cursor, so they take
     * consecutive blocks as one thread's queue would.
     */
    private OffsetGenerator sequentialOffsets(int worker, AtomicLong[] cursors) {
        int perThread = workers.workers() / job.threads();
        int thread = worker / perThread;
        long share = workers.blocks() / job.threads();
        long blockBytes = workers.blockBytes();
        return perThread == 1
                ? OffsetGenerator.sequential(thread * share, share, blockBytes)
                : OffsetGenerator.sequential(thread * share, share, blockBytes, cursors[thread]);
    }

    /** One worker of the run: its loop, and its thread's own counts around it. */
    private final class Worker implements WorkerGroup.Worker {
        private final int index;
        private final OffsetGenerator offsets;
        private final DirectionGenerator directions;
        private final long limit;
        private final IoLoop.Progress progress;
        private final IoLoop.PeriodicSync periodicSync;
        private final CounterWindow window;

        Worker(int index, OffsetGenerator offsets, DirectionGenerator directions, long limit,
                IoLoop.Progress progress, IoLoop.PeriodicSync periodicSync, CounterWindow window) {
            this.index = index;
            this.offsets = offsets;
            this.directions = directions;
            this.limit = limit;
            this.progress = progress;
            this.periodicSync = periodicSync;
            this.window = window;
        }

        /** The thread's own counts, read on it before the common start, outside the window. */
        @Override
        public void beforeStart() {
            threadStart.set(index, warmUp ? Optional.empty() : ThreadCounters.read());
        }

        @Override
        public IoLoop.Outcome run(long startNanos) throws IOException {
            long from = startNanos + rampNanos;
            if (index == 0) {
                measureStart = from;
                if (window != null && rampNanos > 0) {
                    window.startAt(from);
                }
            }
            long deadline = warmUp ? startNanos + warmUpNanos
                    : timeBased ? from + durationNanos
                    : job.length().timeLimit().map(l -> from + l.toNanos())
                            .orElse(startNanos + IoLoop.NO_DEADLINE_NANOS);
            // the warm-up records too (and drops it), so that it runs the measured code path
            // log records only for a measured run that asked for them
            Optional<IoLogging> logging = warmUp ? Optional.empty() : job.recording().ioLogging();
            long expectedIos = timeBased ? 0 : totalIos / workers.workers() + 1;
            DirectionRecorder rr = job.reads() ? new DirectionRecorder(from, intervalNanos,
                    expectedIntervals, logging, expectedIos) : null;
            DirectionRecorder wr = job.writes() ? new DirectionRecorder(from, intervalNanos,
                    expectedIntervals, logging, expectedIos) : null;
            readRecorders[index] = rr;
            writeRecorders[index] = wr;
            long planned = timeBased ? -1 : limit * workers.blockBytes();
            IoLoop loop = new IoLoop(new LoopFile(workers.queue(index), workers.blockBytes(),
                    workers.name(), what, planned), new LoopIos(offsets, directions,
                    workers.writeData(index), workers.readBuffer(index)),
                    new LoopRecorders(rr, wr, progress), new LoopControl(stop, periodicSync));
            InFlightTally.Start inFlightStart = InFlightTally.start(workers.queue(index));
            IoLoop.Outcome outcome = loop.run(limit, from, deadline);
            if (!warmUp) {
                workers.inFlight().add(workers.queue(index), inFlightStart);
                threadEvents.set(index, ThreadCounters.between(threadStart.get(index),
                        ThreadCounters.read()));
            }
            return outcome;
        }
    }

    /**
     * The run's end: the closing fdatasync of a run that wrote (inside its time), the stage
     * finished, and for a measured run its samples, CPU time and device I/O over the window.
     */
    private Measured measured(List<IoLoop.Outcome> outcomes, StageReporter.Stage stage,
            CounterWindow window, CacheHandling readHandling,
            Optional<ProcessCpuClock.Reading> cpuStart, long windowStart) throws IOException {
        long end = measureStart;
        long allIos = 0;
        long measuredIos = 0;
        for (IoLoop.Outcome o : outcomes) {
            end = Math.max(end, o.lastCompletionNanos());
            allIos += o.measuredIos() + o.rampIos();
            measuredIos += o.measuredIos();
        }
        boolean endedOnDeadline = timeBased || warmUp && measuredIos < totalIos;
        if (job.writes()) {
            IoFailures.dataSync(workers.file(), workers.name(), what, job.size().bytes(),
                    job.size().bytes());
            end = System.nanoTime();
        }
        stage.finish();
        if (warmUp) {
            return new Measured(Optional.empty(), Optional.empty(), Optional.empty(),
                    Optional.empty(), endedOnDeadline);
        }
        Optional<ThreadEvents> events = Optional.of(ThreadEvents.NONE);
        for (int k = 0; k < workers.workers(); k++) {
            Optional<ThreadEvents> e = threadEvents.get(k);
            events = ThreadEvents.sum(events, e == null ? Optional.empty() : e);
        }
        Optional<CpuUsage> cpu = ProcessCpuClock.between(cpuStart, ProcessCpuClock.read(),
                Math.max(end, windowStart) - windowStart, allIos, events);
        Optional<DeviceIo> device = window.end();
        long elapsed = Math.max(1, end - measureStart);
        Sample read = job.reads() ? readSample(run, elapsed, device, readHandling) : null;
        Sample write = job.writes()
                ? DirectionRecorder.sample(run, List.of(writeRecorders), elapsed).withAccounting(
                        job.direct() ? CacheHandling.DIRECT_IO : CacheHandling.BUFFERED_WRITE,
                        device)
                : null;
        return new Measured(Optional.ofNullable(read), Optional.ofNullable(write), cpu, device,
                endedOnDeadline);
    }

    /** The run's read sample, with where its rate fell if it did (from the timeline). */
    private Sample readSample(int run, long elapsed, Optional<DeviceIo> device,
            CacheHandling readHandling) {
        Sample read = DirectionRecorder.sample(run, List.of(readRecorders), elapsed)
                .withAccounting(readHandling, device);
        return read.withRateDrop(TimelineDrop.find(read.timeline()));
    }
}
