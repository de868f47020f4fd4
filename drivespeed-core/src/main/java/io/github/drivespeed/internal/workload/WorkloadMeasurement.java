package io.github.drivespeed.internal.workload;

import io.github.drivespeed.error.DirectIoUnsupportedException;
import io.github.drivespeed.internal.files.DriveLocks;
import io.github.drivespeed.internal.files.ExistingFile;
import io.github.drivespeed.internal.files.TestFileRemoval;
import io.github.drivespeed.internal.io.IoLoop;
import io.github.drivespeed.internal.preflight.Preflight;
import io.github.drivespeed.internal.probe.DeviceCounters;
import io.github.drivespeed.parameters.IoEngine;
import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.progress.WorkloadListener;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.spi.FileHandle;
import io.github.drivespeed.unit.DataSize;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs fio-style workloads over one test file: checks everything checkable, creates the file and
 * writes all of it (untimed, fdatasync'd), then for each workload an untimed warm-up and the
 * measured runs ({@link WorkloadJob}), each run's workers released together by a
 * {@link WorkerGroup} and driven by the engine's one {@link IoLoop}; removes the file at the end.
 * With an {@link ExistingFile} it runs over that file instead: only read (and never filled)
 * unless overwriting it was allowed, and never removed. See
 * {@link io.github.drivespeed.WorkloadPlan} for the rules the workloads follow.
 */
public final class WorkloadMeasurement {

    private static final Logger LOG = LoggerFactory.getLogger(WorkloadMeasurement.class);

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

    private final Path target;
    private final Optional<IoBackend> backend;
    private final Optional<IoEngine> ioEngine;
    private final WorkloadListener listener;
    private final Optional<ExistingFile> existing;
    private final boolean bufferedFallback;

    /**
     * A measurement of workloads in a directory.
     *
     * @param target the directory to test in, as the caller gave it
     * @param backend the backend to use, or empty to pick the best available
     * @param ioEngine the engine asked for, or empty to choose one by what the target does
     * @param listener told when each stage starts and ends
     * @param existing the existing file to run over instead of a new test file, or empty
     * @param bufferedFallback whether jobs with O_DIRECT run buffered where it is refused
     */
    public WorkloadMeasurement(Path target, Optional<IoBackend> backend,
            Optional<IoEngine> ioEngine, WorkloadListener listener,
            Optional<ExistingFile> existing, boolean bufferedFallback) {
        this.target = Objects.requireNonNull(target, "target");
        this.backend = Objects.requireNonNull(backend, "backend");
        this.ioEngine = Objects.requireNonNull(ioEngine, "ioEngine");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.existing = Objects.requireNonNull(existing, "existing");
        this.bufferedFallback = bufferedFallback;
    }

    /** Told of the jobs that completed before a later job failed. */
    @FunctionalInterface
    public interface CompletedJobs {
        /**
         * Called before the failure propagates (the test file is still open).
         *
         * @param failure what the later job threw, to attach what completed to
         * @param reports one per job completed, in order: at least one
         */
        void before(Exception failure, List<WorkloadReport> reports);
    }

    /**
     * Runs the workloads, in order, over one test file.
     *
     * @param jobs at least one; all with the same size and the same direct setting
     * @return one report per job, in order
     * @throws IOException see {@link io.github.drivespeed.WorkloadPlan#run()}
     */
    public List<WorkloadReport> run(List<WorkloadParameters> jobs) throws IOException {
        return run(jobs, (failure, reports) -> { });
    }

    /**
     * Runs the workloads, in order, over one test file; where one fails after others completed,
     * {@code completed} is told of theirs.
     *
     * @param jobs at least one; all with the same size and the same direct setting
     * @param completed told of the jobs completed before a failure, where any completed
     * @return one report per job, in order
     * @throws IOException see {@link io.github.drivespeed.WorkloadPlan#run()}
     */
    public List<WorkloadReport> run(List<WorkloadParameters> jobs, CompletedJobs completed)
            throws IOException {
        Prepared prepared = prepare(jobs);
        try {
            return runAll(prepared, completed);
        } catch (DirectIoUnsupportedException e) {
            if (!bufferedFallback || prepared.fellBack) {
                throw e;
            }
            // Refused on a transfer of a run (an existing file's first read): no O_DIRECT
            // figure is kept, the file is opened again and every workload runs, buffered.
            LOG.info("running the workloads with buffered I/O: {}", e.getMessage());
            return runAll(prepare(buffered(jobs), true), completed);
        }
    }

    private static List<WorkloadReport> runAll(Prepared prepared, CompletedJobs completed)
            throws IOException {
        Throwable failure = null;
        List<WorkloadReport> reports = new ArrayList<>();
        try {
            for (int i = 0; i < prepared.jobs.size(); i++) {
                reports.add(prepared.job(i, WorkloadJob.Group.ALONE).run());
            }
            return reports;
        } catch (IOException | RuntimeException e) {
            failure = e;
            if (!reports.isEmpty()) {
                completed.before(e, List.copyOf(reports));
            }
            throw e;
        } catch (Error e) {
            failure = e;
            throw e;
        } finally {
            prepared.close(failure);
        }
    }

    /**
     * Checks everything checkable, takes the drive's locks, then creates (or opens) the file and
     * writes all of it. Where O_DIRECT is refused (at open or on the file's first write) and the
     * plan falls back, it starts over with buffered jobs.
     *
     * @param jobs at least one; all with the same size and the same direct setting
     * @return the prepared file and locks, to {@link Prepared#close(Throwable) close} at the end
     * @throws IOException see {@link io.github.drivespeed.WorkloadPlan#run()}
     */
    Prepared prepare(List<WorkloadParameters> jobs) throws IOException {
        return prepare(jobs, false);
    }

    private Prepared prepare(List<WorkloadParameters> jobs, boolean fellBack) throws IOException {
        try {
            return prepareOnce(jobs, fellBack);
        } catch (DirectIoUnsupportedException e) {
            if (!bufferedFallback || fellBack) {
                throw e;
            }
            LOG.info("running the workloads with buffered I/O: {}", e.getMessage());
            return prepareOnce(buffered(jobs), true);
        }
    }

    /** The jobs with buffered I/O instead of O_DIRECT, everything else kept. */
    private static List<WorkloadParameters> buffered(List<WorkloadParameters> jobs) {
        List<WorkloadParameters> out = new ArrayList<>();
        for (WorkloadParameters j : jobs) {
            out.add(j.withDirect(false));
        }
        return out;
    }

    private Prepared prepareOnce(List<WorkloadParameters> jobs, boolean fellBack)
            throws IOException {
        return new WorkloadPreparation(target, backend, ioEngine, listener, existing, jobs,
                fellBack).run();
    }

    /** A file created (or opened) and written, ready for its workloads. */
    static final class Prepared {
        private final Preflight.Target target;
        private final FileHandle file;
        private final Path name;
        private final List<WorkloadParameters> jobs;
        /** Each job's engine, in the jobs' order. */
        private final List<EngineChoice> choices;
        private final int alignment;
        private final DeviceCounters counters;
        private final DriveLocks locks;
        /** Whether O_DIRECT was refused and the workloads run buffered instead. */
        private final boolean fellBack;
        private final boolean existingFileRead;
        private final WorkloadListener listener;

        Prepared(Preflight.Target target, FileHandle file, Path name,
                List<WorkloadParameters> jobs, List<EngineChoice> choices, int alignment,
                DeviceCounters counters, DriveLocks locks, boolean fellBack,
                boolean existingFileRead, WorkloadListener listener) {
            this.target = target;
            this.file = file;
            this.name = name;
            this.jobs = List.copyOf(jobs);
            this.choices = List.copyOf(choices);
            this.alignment = alignment;
            this.counters = counters;
            this.locks = locks;
            this.fellBack = fellBack;
            this.existingFileRead = existingFileRead;
            this.listener = listener;
        }

        /** @return the file's path, or its directory when it has none */
        Path name() {
            return name;
        }

        /** @return the drive's locks this measurement holds */
        DriveLocks locks() {
            return locks;
        }

        /**
         * @param i the job's index
         * @param group how it runs with other jobs ({@link WorkloadJob.Group#ALONE} alone)
         * @return the job, ready to run
         */
        WorkloadJob job(int i, WorkloadJob.Group group) {
            WorkloadParameters job = jobs.get(i);
            return new WorkloadJob(target, file, name, job, choices.get(i),
                    alignment, counters, locks, fellBack,
                    new StageReporter(listener, i + 1, jobs.size()), existingFileRead, group);
        }

        /**
         * Closes the file: a test file is removed as it closes, an existing one stays.
         *
         * @param failure what the run is already throwing, or null
         * @throws IOException if closing or removing failed and nothing else is propagating
         */
        void close(Throwable failure) throws IOException {
            try {
                TestFileRemoval.closeAndRemove(file, name, failure);
            } finally {
                locks.close();
            }
        }
    }
}
