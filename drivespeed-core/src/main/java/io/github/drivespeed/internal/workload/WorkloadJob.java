package io.github.drivespeed.internal.workload;

import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.internal.files.DriveLocks;
import io.github.drivespeed.internal.files.LeftoverFiles;
import io.github.drivespeed.internal.io.IoFailures;
import io.github.drivespeed.internal.io.NullFileHandle;
import io.github.drivespeed.internal.io.StopSignal;
import io.github.drivespeed.internal.measure.BtrfsDirectWrites;
import io.github.drivespeed.internal.measure.CacheChecks;
import io.github.drivespeed.internal.measure.CompletedWork;
import io.github.drivespeed.internal.measure.FigureChecks;
import io.github.drivespeed.internal.preflight.Preflight;
import io.github.drivespeed.internal.probe.DeviceCounters;
import io.github.drivespeed.parameters.AccessPattern;
import io.github.drivespeed.parameters.IoEngine;
import io.github.drivespeed.parameters.RunLength;
import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.report.engine.CpuUsage;
import io.github.drivespeed.report.DeviceIo;
import io.github.drivespeed.report.engine.EngineInfo;
import io.github.drivespeed.report.engine.InFlight;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.PartialReport;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.spi.FileHandle;
import io.github.drivespeed.target.BtrfsData;
import io.github.drivespeed.unit.Nanoseconds;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One workload over the shared test file: its engine and queues ({@link EngineChoice}), its
 * workers' buffers ({@link JobWorkers}), the untimed warm-up and the measured runs
 * ({@link JobRun}). Random buffered reads are hinted POSIX_FADV_RANDOM for the job; every
 * measured run records its cache handling, the device's counters over its measured interval and
 * the process's CPU time over it. Run alone, or as one of a {@link WorkloadGroupRun}'s jobs, which
 * start each run together (the {@link RunGate}), stop together (a shared {@link StopSignal}) and
 * are not another measurement to each other (their files and drive locks are the group's). In a
 * group whose jobs share a drive, the device's counters hold the other jobs' I/O too, so
 * {@code FOREIGN_IO} is not judged per job there.
 */
final class WorkloadJob {

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
        this.reporter = reporter;
        this.existingFileRead = existingFileRead;
        this.group = group;
    }

    WorkloadReport run() throws IOException {
        Instant startedAt = Instant.now();
        // this job's own file is open: its own unnamed file must not count
        boolean concurrentBefore = anotherMeasurement();
        IoBackend io = target.io();
        List<Sample> reads = new ArrayList<>();
        List<Sample> writes = new ArrayList<>();
        List<CpuUsage> cpu = new ArrayList<>();
        boolean hint = !job.direct() && job.reads() && job.pattern() == AccessPattern.RANDOM;
        // the null engine's I/O, syncs and evictions complete at once on no file
        FileHandle ioFile = choice.preferred() == IoEngine.NULL
                ? new NullFileHandle(file.displayName()) : file;
        JobWorkers workers = new JobWorkers(job, ioFile, name);
        EngineChoice.Opened opened = null;
        String details;
        try {
            randomHint = hint && advise(true);
            opened = choice.open(ioFile, job.threads(), WorkloadMeasurement.MAX_SYNC_WORKERS);
            workers.open(opened, io, alignment,
                    target.info().warnings().contains(Warning.MEMORY_FILE_SYSTEM));
            group.gate().await(0);
            warmUp(workers);
            for (int run = 1; run <= job.runs(); run++) {
                group.gate().await(run);
                JobRun.Measured m = runOnce(workers, run, 0);
                requireSomeIo(m, run);
                m.read().ifPresent(reads::add);
                m.write().ifPresent(writes::add);
                m.cpu().ifPresent(cpu::add);
            }
            details = workers.description();
        } catch (IOException e) {
            IOException failure = IoFailures.directRefusal(e, job.direct(),
                    target.info().fileSystemType());
            attachCompleted(failure, opened, workers, concurrentBefore, reads, writes, cpu,
                    startedAt);
            throw failure;
        } catch (RuntimeException e) {
            attachCompleted(e, opened, workers, concurrentBefore, reads, writes, cpu, startedAt);
            throw e;
        } finally {
            workers.close();
            if (randomHint) {
                advise(false);
            }
        }
        return report(opened, details, workers, concurrentBefore, reads, writes, cpu, startedAt);
    }

    /**
     * Attaches the runs completed before a failure to it ({@link CompletedWork}), where any
     * completed (then the engine was opened): their report, as {@link #run()} returns one.
     */
    private void attachCompleted(Exception failure, EngineChoice.Opened opened,
            JobWorkers workers, boolean concurrentBefore, List<Sample> reads, List<Sample> writes,
            List<CpuUsage> cpu, Instant startedAt) {
        if (reads.isEmpty() && writes.isEmpty()) {
            return;
        }
        CompletedWork.attach(failure, () -> PartialReport.of(report(opened,
                workers.description(), workers, concurrentBefore, reads, writes, cpu,
                startedAt)));
    }

    /**
     * The engine that ran (with the depth its workers kept in flight), the job's and its passes'
     * warnings, and the report.
     */
    private WorkloadReport report(EngineChoice.Opened opened, String details,
            JobWorkers workers, boolean concurrentBefore, List<Sample> reads,
            List<Sample> writes, List<CpuUsage> cpu, Instant startedAt) {
        Optional<InFlight> inFlight = workers.inFlight().result(job.queueDepth(),
                opened.engine().asynchronous());
        String hinted = randomHint ? "posix_fadvise POSIX_FADV_RANDOM (no readahead)" : "";
        EngineInfo engine = new EngineInfo(opened.engine(), choice.requested(), job.threads(),
                job.queueDepth(), Optional.of(details.isEmpty() ? hinted
                        : hinted.isEmpty() ? details : details + "; " + hinted),
                opened.fallbackReason(), inFlight);
        Set<Warning> jobWarnings = engine.queueDepthRunAsThreads()
                ? EnumSet.of(Warning.QUEUE_DEPTH_RUN_AS_THREADS) : EnumSet.noneOf(Warning.class);
        inFlight.ifPresent(f -> {
            if (!f.reached()) {
                jobWarnings.add(Warning.QUEUE_DEPTH_NOT_REACHED);
            }
            if (f.toolLimited()) {
                jobWarnings.add(Warning.TOOL_LIMITED);
            }
        });
        Set<Warning> shared = EnumSet.noneOf(Warning.class);
        if (concurrentBefore || anotherMeasurement()) {
            shared.add(Warning.CONCURRENT_MEASUREMENT);
        }
        if (locks.concurrencyUnchecked()) {
            shared.add(Warning.CONCURRENCY_UNCHECKED);
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
        writeWarnings.addAll(FigureChecks.flushWarnings(writes, false));
        writeWarnings.addAll(BtrfsDirectWrites.writeWarnings(target.info(), job.direct()));
        writeWarnings.addAll(FigureChecks.lengthWarnings(writes));
        readWarnings.addAll(FigureChecks.lengthWarnings(reads));
        CacheChecks.addFindings(writes, reads, writeWarnings, readWarnings);
        return new WorkloadReport(target.info(), job, target.selection().info(), engine,
                reads.isEmpty() ? Optional.empty()
                        : Optional.of(PassResult.of(PassKind.READ, reads, readWarnings)),
                writes.isEmpty() ? Optional.empty()
                        : Optional.of(PassResult.of(PassKind.WRITE, writes, writeWarnings)),
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
    private void requireSomeIo(JobRun.Measured m, int run) {
        long ios = m.read().map(Sample::ios).orElse(0L) + m.write().map(Sample::ios).orElse(0L);
        if (ios > 0) {
            return;
        }
        boolean timeBased = job.timeBased();
        RunLength length = job.length();
        throw new InvalidSettingException(timeBased ? "duration" : "timeLimit",
                (timeBased ? length.duration() : length.timeLimit()).orElse(null),
                "is too short: run " + run + " completed no I/O in it (after a ramp of "
                        + Nanoseconds.format(length.rampTime().toNanos()) + "); give it at least the time of"
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
     * The untimed warm-up: {@link WorkloadMeasurement#WARM_UP_NANOS} (or its I/O count, for a
     * small workload), then, while that was time-bound and the JIT compilers kept working,
     * slices of {@link WorkloadMeasurement#WARM_UP_SLICE_NANOS} until two in a row leave them
     * idle or the warm-up reaches {@link WorkloadMeasurement#WARM_UP_MAX_NANOS}: so that the
     * measured runs run compiled code and their CPU time holds no compiler's. It records into
     * recorders it drops, with a short timeline interval, and publishes progress where there is
     * a listener, so that every branch a measured run takes was taken before.
     */
    private void warmUp(JobWorkers workers) throws IOException {
        long start = System.nanoTime();
        long slice = WorkloadMeasurement.WARM_UP_NANOS;
        int quiet = 0;
        while (true) {
            long compiledBefore = JitActivity.compileMillis();
            long sliceStart = System.nanoTime();
            JobRun.Measured m = runOnce(workers, 0, slice);
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

    /**
     * One run, or a warm-up slice of {@code warmUpNanos} (run 0, whose figures are dropped); a
     * measured run's counters are judged for other I/O on the drive.
     */
    private JobRun.Measured runOnce(JobWorkers workers, int run, long warmUpNanos)
            throws IOException {
        JobRun.Measured m = new JobRun(workers, group.stop(), run, warmUpNanos)
                .measure(target.io(), reporter, counters);
        if (run > 0) {
            Optional<DeviceIo> device = m.device();
            Sample read = m.read().orElse(null);
            Sample write = m.write().orElse(null);
            // buffered random reads without the hint: readahead may read far more than asked
            boolean boundedReads = job.direct() || randomHint
                    || job.pattern() == AccessPattern.SEQUENTIAL;
            foreignIo |= !group.sharesDrive() && CacheChecks.foreignIo(device,
                    read == null ? 0 : read.bytes(), write == null ? 0 : write.bytes() * target
                            .info().btrfsData().map(BtrfsData::dataCopies).orElse(1), blockBytes,
                    !job.direct(), boundedReads);
        }
        return m;
    }
}
