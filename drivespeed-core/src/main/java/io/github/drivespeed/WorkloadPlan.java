package io.github.drivespeed;

import io.github.drivespeed.error.DirectIoUnsupportedException;
import io.github.drivespeed.error.InsufficientSpaceException;
import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.error.TargetNotFoundException;
import io.github.drivespeed.error.TargetNotWritableException;
import io.github.drivespeed.error.TestFileIoException;
import io.github.drivespeed.error.UnsupportedTargetException;
import io.github.drivespeed.internal.check.SettingChecks;
import io.github.drivespeed.internal.files.ExistingFile;
import io.github.drivespeed.internal.jfr.FlightEvents;
import io.github.drivespeed.internal.workload.WorkloadMeasurement;
import io.github.drivespeed.parameters.AccessPattern;
import io.github.drivespeed.parameters.IoEngine;
import io.github.drivespeed.parameters.IoLogging;
import io.github.drivespeed.parameters.IoMode;
import io.github.drivespeed.parameters.Limits;
import io.github.drivespeed.parameters.Preset;
import io.github.drivespeed.parameters.RunLength;
import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.progress.WorkloadListener;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.report.WorkloadTable;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * An immutable plan for a fio-style workload in a directory, obtained from
 * {@link DriveSpeed#workload(Path)}: sequential or random I/O, reads, writes or a mix, several
 * threads and a queue depth, size- or time-based, with per-I/O completion latency and a
 * throughput timeline. Every setter returns a new plan; a plan can be shared and run again.
 *
 * <pre>{@code
 * WorkloadReport r = DriveSpeed.workload(dir).random().read().blockSize("4K")
 *         .queueDepth(32).duration(Duration.ofSeconds(5)).run();
 * r.read().orElseThrow().medianIops();
 * r.read().orElseThrow().latency().percentileNanos(99);
 * }</pre>
 *
 * <p>Workers: {@code threads} at once, each keeping {@code queueDepth} I/Os in flight with an
 * engine ({@link #ioEngine(IoEngine)}); psync, the pure-Java backend's only engine, runs a depth
 * above 1 as {@code threads x queueDepth} synchronous workers and says so
 * ({@link Warning#QUEUE_DEPTH_RUN_AS_THREADS}). Offsets, the sharing out of I/Os and size- or
 * time-based runs: {@link WorkloadParameters}. Defaults: random reads, 4 KiB blocks, a 1 GiB
 * file, 5 s per run, no ramp, 1 thread, queue depth 1, seed 0, 1 run, O_DIRECT, a 500 ms
 * timeline interval.
 *
 * @since 0.1.0
 */
public final class WorkloadPlan
        extends BlockPlan<WorkloadPlan, WorkloadListener, WorkloadParameters> {

    /** Default block size: 4 KiB ({@link WorkloadParameters#DEFAULT_BLOCK_SIZE}). */
    public static final DataSize DEFAULT_BLOCK_SIZE = WorkloadParameters.DEFAULT_BLOCK_SIZE;
    /**
     * Default test-file size: 1 GiB (CrystalDiskMark's default;
     * {@link WorkloadParameters#DEFAULT_SIZE}).
     */
    public static final DataSize DEFAULT_SIZE = WorkloadParameters.DEFAULT_SIZE;
    /** Default measured time per run: 5 s ({@link WorkloadParameters#DEFAULT_DURATION}). */
    public static final Duration DEFAULT_DURATION = WorkloadParameters.DEFAULT_DURATION;
    /**
     * Default timeline interval: 500 ms (fio's bandwidth-log default;
     * {@link WorkloadParameters#DEFAULT_TIMELINE_INTERVAL}).
     */
    public static final Duration DEFAULT_TIMELINE_INTERVAL =
            WorkloadParameters.DEFAULT_TIMELINE_INTERVAL;
    /** The block sizes {@link #runSweep()} runs: 4 KiB to 64 MiB, each power of two. */
    public static final List<DataSize> DEFAULT_SWEEP = WorkloadTables.powersOfTwo(
            4 * DataSize.KIBIBYTE, 64 * DataSize.MEBIBYTE);

    /**
     * Whether {@link #allowWritesTo(Path)} confirmed that the existing file may be written:
     * a confirmation, not a setting the report records.
     */
    private final boolean writesAllowed;

    private WorkloadPlan(Path target, IoBackend backend, WorkloadListener listener,
            WorkloadParameters parameters, boolean writesAllowed) {
        super(target, backend, listener, parameters);
        this.writesAllowed = writesAllowed;
    }

    static WorkloadPlan defaults(Path target) {
        return new WorkloadPlan(target, null, WorkloadListener.NONE,
                WorkloadParameters.defaults(), false);
    }

    @Override
    WorkloadPlan with(IoBackend chosen, WorkloadListener told, WorkloadParameters changed) {
        return new WorkloadPlan(target(), chosen, told, changed, writesAllowed);
    }

    @Override
    WorkloadPlan withBlockSize(DataSize blockSize) {
        return withParameters(parameters().withBlockSize(blockSize));
    }

    private WorkloadPlan withLength(UnaryOperator<RunLength> change) {
        return withParameters(parameters().withLength(change.apply(parameters().length())));
    }

    private WorkloadPlan withIo(UnaryOperator<IoMode> change) {
        return withParameters(parameters().withIo(change.apply(parameters().io())));
    }

    /** {@return a new plan with sequential offsets (fio {@code rw=read/write/rw})} */
    public WorkloadPlan sequential() {
        return withParameters(parameters().withPattern(AccessPattern.SEQUENTIAL));
    }

    /** {@return a new plan with random offsets (fio {@code rw=randread/randwrite/randrw})} */
    public WorkloadPlan random() {
        return withParameters(parameters().withPattern(AccessPattern.RANDOM));
    }

    /** {@return a new plan that only reads} */
    public WorkloadPlan read() {
        return withParameters(parameters().withReadPercent(100));
    }

    /** {@return a new plan that only writes} */
    public WorkloadPlan write() {
        return withParameters(parameters().withReadPercent(0));
    }

    /**
     * {@return a new plan whose I/Os are reads with probability {@code readPercent} percent, the
     * rest writes}
     *
     * @param readPercent each I/O a read with this probability in percent (fio {@code rwmixread}
     *     with {@code rw=randrw} or {@code rw=rw}), in {@code [0, 100]}; 100 is {@link #read()}
     * @throws IllegalArgumentException if outside {@code [0, 100]}: an
     *     {@link io.github.drivespeed.error.InvalidSettingException} for the setting
     *     {@code readPercent}
     */
    public WorkloadPlan readPercent(int readPercent) {
        if (readPercent < 0 || readPercent > 100) {
            throw new InvalidSettingException("readPercent", readPercent,
                    "must be the share of reads in percent, in [0, 100]");
        }
        return withParameters(parameters().withReadPercent(readPercent));
    }

    /**
     * {@return a new plan with this test-file size, which is also the range of random offsets}
     *
     * @param size the test file's size (fio {@code size}), all written before the runs, all in
     *     range of random offsets, moved by a size-based run without a {@link #count(long) count}:
     *     a positive multiple of 512 bytes and (checked in {@link #run()}) of the block size
     * @throws IllegalArgumentException if not positive or not a multiple of 512 bytes
     */
    public WorkloadPlan size(DataSize size) {
        return withParameters(parameters().withSize(size));
    }

    /**
     * {@return a new plan with this test-file size, parsed from text such as {@code "1G"}}
     *
     * @param size {@link #size(DataSize)} in the {@link DataSize} grammar ({@code "1G"})
     * @throws IllegalArgumentException if it does not parse, or as {@link #size(DataSize)}
     */
    public WorkloadPlan size(String size) {
        return size(SettingChecks.parseSize("size", size));
    }

    /**
     * {@return a new plan whose runs are size-based: this many measured I/Os each}
     *
     * @param count measured I/Os of each size-based run, over all workers (fio {@code number_ios}),
     *     {@code >= 1}; replaces a {@link #duration(Duration) duration}
     * @throws IllegalArgumentException if {@code count < 1}
     */
    public WorkloadPlan count(long count) {
        return withLength(l -> l.withCount(count));
    }

    /**
     * {@return a new plan of size-based runs of {@code size} bytes each (fio's default): the
     * inverse of {@link #duration(Duration)}}
     */
    public WorkloadPlan noDuration() {
        return withLength(RunLength::withDefaultCount);
    }

    /**
     * {@return a new plan whose size-based runs stop at this time limit even if not done}
     *
     * @param limit when each size-based run stops even if its I/Os are not all done (fio
     *     {@code runtime} without {@code time_based}): positive, at most one day; the plan must be
     *     size-based, and a {@link #duration(Duration) duration} replaces it
     * @throws IllegalArgumentException if out of range or the plan is time-based
     */
    public WorkloadPlan timeLimit(Duration limit) {
        return withLength(l -> l.withTimeLimit(limit));
    }

    /**
     * Each worker calls fdatasync(2) after every {@code writes} writes it issued (at depth, once
     * its writes in flight are done), inside the timed interval (fio {@code fdatasync=N}): the
     * rate of a database's log. The closing fdatasync stays; a read-only workload ignores it.
     *
     * @param writes at least 1
     * @return a new plan
     * @throws IllegalArgumentException if {@code writes < 1}
     */
    public WorkloadPlan syncEveryWrites(int writes) {
        SettingChecks.requireInRange("syncEveryWrites", writes, 1, Integer.MAX_VALUE);
        return withParameters(parameters().withSyncEveryWrites(writes));
    }

    /**
     * Runs over an existing regular file of at least {@link #size(DataSize) size} bytes instead
     * of a new test file (fio {@code filename=} naming a file that exists): it is only read,
     * never created or removed, and a workload that writes is refused in {@link #run()} unless
     * {@link #allowWritesTo(Path)} names it. It may be sparse or cached:
     * {@link Warning#EXISTING_FILE_READ}.
     *
     * @param file an existing regular file, not null
     * @return a new plan
     */
    public WorkloadPlan existingFile(Path file) {
        Objects.requireNonNull(file, "file");
        return new WorkloadPlan(target(), chosenBackend().orElse(null), progressListener(),
                parameters().withExistingFile(Optional.of(file)), false);
    }

    /**
     * Lets the workload write {@link #existingFile(Path) the existing file}, named again: its
     * first {@link #size(DataSize) size} bytes are filled with random data before the runs (no
     * {@link Warning#EXISTING_FILE_READ} then) and written by them; the file is kept.
     *
     * @param file the same file as {@link #existingFile(Path)}
     * @return a new plan
     * @throws InvalidSettingException if no existing file was set, or {@code file} is another
     */
    public WorkloadPlan allowWritesTo(Path file) {
        Optional<Path> existing = parameters().existingFile();
        if (existing.isEmpty() || !existing.get().equals(file)) {
            throw new InvalidSettingException("allowWritesTo", file, "must name the file to"
                    + " overwrite again; existingFile is "
                    + existing.map(Path::toString).orElse("not set"));
        }
        return new WorkloadPlan(target(), chosenBackend().orElse(null), progressListener(),
                parameters(), true);
    }

    /** {@return the existing file this plan runs over, if {@link #existingFile(Path)} set one} */
    public Optional<Path> existingFile() {
        return parameters().existingFile();
    }

    /**
     * {@return a new plan whose runs are time-based: I/O issued for this long each}
     *
     * @param duration of each time-based run (fio {@code runtime} with {@code time_based}): I/O is
     *     issued until this long after the ramp, then what is in flight is finished; positive, at
     *     most one day; replaces a {@link #count(long) count}
     * @throws IllegalArgumentException if not positive or longer than a day
     */
    public WorkloadPlan duration(Duration duration) {
        return withLength(l -> l.withDuration(duration));
    }

    /**
     * {@return a new plan that runs this long before each run's measured part}
     *
     * @param rampTime run before each run's measured part and left out of every figure (fio
     *     {@code ramp_time}), to let caches, queues and the JIT settle: at most one day
     * @throws IllegalArgumentException if negative or longer than a day
     */
    public WorkloadPlan rampTime(Duration rampTime) {
        return withLength(l -> l.withRampTime(rampTime));
    }

    /**
     * {@return a new plan with this many workers issuing I/O at once}
     *
     * @param threads workers at once, each with its own offsets (fio {@code numjobs} on one file,
     *     with {@code thread}), in {@code [1, 1024]}
     * @throws IllegalArgumentException if outside that range
     */
    public WorkloadPlan threads(int threads) {
        return withParameters(parameters().withThreads(threads));
    }

    /**
     * {@return a new plan with this many I/Os in flight per thread}
     *
     * @param queueDepth I/Os each thread keeps in flight (fio {@code iodepth}) with the engine of
     *     {@link #ioEngine(IoEngine)}, in {@code [1, 1024]}
     * @throws IllegalArgumentException if outside that range
     */
    public WorkloadPlan queueDepth(int queueDepth) {
        return withParameters(parameters().withQueueDepth(queueDepth));
    }

    /**
     * {@return a new plan with this seed for its random offsets and read/write choices}
     *
     * @param seed of the random offsets and read/write choices (fio {@code randseed}): the same
     *     seed gives each worker the same I/Os in the same order
     */
    public WorkloadPlan seed(long seed) {
        return withParameters(parameters().withSeed(seed));
    }

    /**
     * {@return a new plan with this many measured repetitions}
     *
     * @param runs measured repetitions, each of the same I/Os: 1 to {@value Limits#MAX_RUNS}
     * @throws IllegalArgumentException if {@code runs} is out of that range
     */
    public WorkloadPlan runs(int runs) {
        return withParameters(parameters().withRuns(runs));
    }

    /**
     * io_uring with submission-queue polling (fio {@code sqthread_poll=1}): each worker's ring is
     * set up with {@code IORING_SETUP_SQPOLL} (io_uring_setup(2)), so a kernel thread of its own
     * takes the I/Os from the submission ring as they are queued and submitting costs no system
     * call; waiting for completions still does. That thread keeps a CPU busy while it polls, so
     * it pays where cores are to spare and the device is fast: on this project's 2-vCPU machine
     * fio's 4 KiB random reads at depth 32 on a virtio disk fell from about 230k to about 107k
     * IOPS with it (docs/benchmarks.md). The native backend (the backend named, or the native
     * one where none is) runs io_uring, the only engine it then offers; the report's engine line
     * says the ring polls ({@code IORING_SETUP_SQPOLL}), its backend line says
     * "submission-queue polling". The plan runs io_uring as if named
     * ({@link #ioEngine(IoEngine)}), at queue depth 1 too, where psync would otherwise run.
     *
     * @return a new plan that runs io_uring with a polled submission ring
     * @throws InvalidSettingException at {@link #run()}, naming {@code sqThreadPoll}, where
     *     another engine than io_uring is named ({@link #ioEngine(IoEngine)}) or the backend has
     *     no io_uring ({@link io.github.drivespeed.spi.IoBackend#withSqThreadPoll()}); a kernel
     *     that refuses SQPOLL (before 5.11 without CAP_SYS_ADMIN) fails the run with an
     *     IOException naming io_uring_setup(2) and errno
     */
    public WorkloadPlan sqThreadPoll() {
        return withIo(io -> io.withSqThreadPoll(true));
    }

    /**
     * {@return a new plan whose random offsets are drawn with replacement (fio {@code norandommap})
     * instead of covering each block once per pass}
     */
    public WorkloadPlan noRandomMap() {
        return withParameters(parameters().withRandomMap(false));
    }

    /** {@return a new plan whose random offsets cover each block once per pass (the default)} */
    public WorkloadPlan randomMap() {
        return withParameters(parameters().withRandomMap(true));
    }

    /** {@return a new plan with O_DIRECT (the default; fio {@code direct=1})} */
    public WorkloadPlan direct() {
        return withIo(io -> io.withDirect(true, io.bufferedFallback()));
    }

    /**
     * {@return a new plan with O_DIRECT where the file system allows it, else {@link #buffered()}
     * I/O from the writing of the file on: where open(2) or the first read or write refuses
     * O_DIRECT (EINVAL), the report's parameters() say {@code direct} false and each pass has
     * {@link Warning#BUFFERED_FALLBACK}; without it, {@link DirectIoUnsupportedException}}
     */
    public WorkloadPlan directOrBuffered() {
        return withIo(io -> io.withDirect(true, true));
    }

    /** {@return whether the plan falls back to buffered I/O where O_DIRECT is refused} */
    public boolean bufferedFallback() {
        return parameters().io().bufferedFallback();
    }

    /**
     * Buffered I/O through the page cache (fio {@code direct=0}). Before every run that reads
     * the file's pages are evicted where the backend can (fdatasync, posix_fadvise DONTNEED,
     * checked), else reads carry {@link Warning#READ_MAY_INCLUDE_PAGE_CACHE}; random reads are
     * hinted POSIX_FADV_RANDOM (fio {@code fadvise_hint}) against readahead; a run that wrote
     * ends with fdatasync inside its timed interval. A pass whose device moved under
     * {@value Warning#MIN_DEVICE_COVERAGE_PERCENT} % of the bytes counted carries
     * {@link Warning#READ_SERVED_FROM_CACHE} or {@link Warning#WRITE_SERVED_BY_PAGE_CACHE} (as a
     * time-based run over a small file does when it meets its own pages).
     *
     * @return a new plan
     */
    public WorkloadPlan buffered() {
        return withIo(io -> io.withDirect(false, false));
    }

    /**
     * {@return a new plan whose timeline counts bytes and I/Os per this interval}
     *
     * @param interval the timeline's interval (fio {@code log_avg_msec}), at least 1 ms
     * @throws IllegalArgumentException if shorter than 1 ms
     */
    public WorkloadPlan timelineInterval(Duration interval) {
        return withParameters(parameters().withTimelineInterval(interval));
    }

    /**
     * {@return a new plan that records its I/Os for log files, as {@code logging} says: each
     * measured I/O, or sums per window, and completion-latency histograms per window; each run's
     * samples carry them ({@link io.github.drivespeed.report.Sample#ioLog()})}
     *
     * @param logging what to record (fio {@code log_avg_msec}, {@code log_hist_msec})
     */
    public WorkloadPlan ioLogging(IoLogging logging) {
        Objects.requireNonNull(logging, "logging");
        return withParameters(parameters().withIoLogging(Optional.of(logging)));
    }

    /**
     * {@return a new plan that takes a preset's access pattern, block size, queue depth and
     * threads}
     *
     * @param preset whose access pattern, block size, queue depth and threads the plan takes (the
     *     rest stays), for example {@link Preset#RND4K_Q32T1}
     */
    public WorkloadPlan preset(Preset preset) {
        Objects.requireNonNull(preset, "preset");
        return withParameters(parameters().withPattern(preset.pattern())
                .withBlockSize(preset.blockSize()).withQueueDepth(preset.queueDepth())
                .withThreads(preset.threads()));
    }

    /**
     * {@return a new plan that issues its I/O with this engine at every queue depth}
     *
     * @param ioEngine to issue the I/O with at every depth (fio {@code ioengine}) instead of the
     *     default (psync at depth 1, else the backend's best engine that works here, fallbacks in
     *     {@link WorkloadReport#engine()}); never replaced: {@link #run()} refuses one the backend
     *     lacks or that does not work here, saying why
     */
    public WorkloadPlan ioEngine(IoEngine ioEngine) {
        Objects.requireNonNull(ioEngine, "ioEngine");
        return withIo(io -> io.withIoEngine(ioEngine));
    }

    /**
     * {@return a new plan that issues its I/O with the engine fio names so}
     *
     * @param fioName {@link #ioEngine(IoEngine)} by fio's name: {@code psync}, {@code libaio} or
     *     {@code io_uring}
     * @throws IllegalArgumentException for another name, listing the names there are
     */
    public WorkloadPlan ioEngine(String fioName) {
        return ioEngine(IoEngine.parse(Objects.requireNonNull(fioName, "ioEngine")));
    }

    /** {@return the engine asked for, or empty when drivespeed chooses} */
    public Optional<IoEngine> ioEngine() {
        return parameters().io().ioEngine();
    }

    /**
     * Creates a new test file of {@link #size(DataSize) size} bytes and writes all of it with
     * random, stamped data and fdatasync, untimed (no read meets a hole); runs an untimed warm-up
     * (250 ms, longer while the JIT compilers work, at most 2 s); then the measured runs, each
     * from the seed afresh (the same I/Os), a run that wrote ending with fdatasync inside its
     * timed interval (fio {@code end_fsync=1}); then removes the file. Reports carry the
     * process's CPU time per I/O ({@link WorkloadReport#cpu()}). Checked before any byte is
     * written: a writable directory with room for the file; a block size that suits the backend,
     * divides the size and, with O_DIRECT, the direct-I/O alignment; a block per thread when
     * sequential. A failure after some runs completed carries their report
     * ({@link io.github.drivespeed.report.PartialReport#in(Throwable)}).
     *
     * @return the report
     * @throws TargetNotFoundException if the target does not exist
     * @throws UnsupportedTargetException if the target is not a directory
     * @throws TargetNotWritableException if no file can be created there
     * @throws InsufficientSpaceException if the file does not fit, or ENOSPC struck
     * @throws DirectIoUnsupportedException if O_DIRECT was asked for and the file system refuses it
     * @throws TestFileIoException if a read, write or sync of the test file failed
     * @throws java.io.InterruptedIOException if the thread was interrupted; every worker stops
     *     within one I/O, the file is removed and the interrupt flag stays set
     * @throws IllegalArgumentException if the settings do not suit each other, the target or the
     *     backend
     * @throws IOException if the target cannot be examined
     */
    public WorkloadReport run() throws IOException {
        return FlightEvents.recorded(() -> engine().run(List.of(parameters())).get(0));
    }

    /**
     * {@return one row per block size, in the given order}
     *
     * @param blockSizes to run this workload with, one after another over one test file written
     *     once: at least one, each suiting the plan as {@link #run()} requires
     * @throws IllegalArgumentException if the list is empty or a size is refused
     * @throws IOException as {@link #run()}; a failure after some rows completed carries their
     *     table ({@link io.github.drivespeed.report.PartialReport#tableIn(Throwable)})
     */
    public WorkloadTable runSweep(List<DataSize> blockSizes) throws IOException {
        WorkloadTables.Jobs jobs = WorkloadTables.sweep(this, blockSizes);
        return jobs.run(engine());
    }

    /**
     * {@return {@link #runSweep(List)} over {@link #DEFAULT_SWEEP} (the size a multiple of 64 MiB)}
     *
     * @throws IOException as {@link #run()}
     */
    public WorkloadTable runSweep() throws IOException {
        return runSweep(DEFAULT_SWEEP);
    }

    /**
     * {@return two rows per preset: {@code "SEQ1M Q8T1 read"}, {@code "SEQ1M Q8T1 write"}, ..}
     *
     * @param presets to run as a read test and a write test each, with the rest of this plan, over
     *     one test file written once, as CrystalDiskMark does: at least one, for example
     *     {@link Preset#STANDARD}
     * @throws IllegalArgumentException if the list is empty
     * @throws IOException as {@link #run()}; a failure after some rows completed carries their
     *     table ({@link io.github.drivespeed.report.PartialReport#tableIn(Throwable)})
     */
    public WorkloadTable runPresets(List<Preset> presets) throws IOException {
        WorkloadTables.Jobs jobs = WorkloadTables.presets(this, presets);
        return jobs.run(engine());
    }

    /** @return the engine that runs this plan (for {@link WorkloadGroup}) */
    WorkloadMeasurement engine() {
        IoMode io = parameters().io();
        Optional<ExistingFile> existing = parameters().existingFile()
                .map(f -> new ExistingFile(f, writesAllowed));
        Optional<IoBackend> backend = chosenBackend();
        Optional<IoEngine> engine = io.ioEngine();
        if (io.sqThreadPoll()) {
            // the chosen backend's variant whose io_uring queues poll their submission ring
            backend = Optional.of(SqThreadPoll.backend(backend.orElse(null), engine.orElse(null)));
            engine = Optional.of(IoEngine.IO_URING);
        }
        return new WorkloadMeasurement(target(), backend, engine, progressListener(), existing,
                io.bufferedFallback());
    }

    @Override
    public String toString() {
        return "WorkloadPlan[" + target() + ": " + parameters() + "]";
    }
}
