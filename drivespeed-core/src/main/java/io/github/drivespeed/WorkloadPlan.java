package io.github.drivespeed;

import io.github.drivespeed.error.DirectIoUnsupportedException;
import io.github.drivespeed.error.InsufficientSpaceException;
import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.error.TargetNotFoundException;
import io.github.drivespeed.error.TargetNotWritableException;
import io.github.drivespeed.error.TestFileIoException;
import io.github.drivespeed.error.UnsupportedTargetException;
import io.github.drivespeed.internal.check.SettingChecks;
import io.github.drivespeed.internal.engine.BackendSelector;
import io.github.drivespeed.internal.engine.ExistingFile;
import io.github.drivespeed.internal.engine.WorkloadMeasurement;
import io.github.drivespeed.parameters.AccessPattern;
import io.github.drivespeed.parameters.IoEngine;
import io.github.drivespeed.parameters.Limits;
import io.github.drivespeed.parameters.Preset;
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
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;
import java.util.stream.Stream;

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
 * <p>What {@link #run()} does: creates one new test file of {@link #size(DataSize) size} bytes,
 * writes all of it with random, stamped data and fdatasyncs it, untimed, so that no read meets a
 * hole or fallocated space; runs an untimed warm-up of the same workload (250 ms, longer while
 * the JIT compilers are at work, at most 2 s); then the measured runs; then removes the file. Every run starts its workers' generators afresh
 * from the seed, so runs repeat the same I/Os. A run that wrote ends with fdatasync inside its
 * timed interval (fio {@code end_fsync=1}).
 *
 * <p>Workers: {@code threads} at once, each keeping {@code queueDepth} I/Os in flight with an
 * engine ({@link #ioEngine(IoEngine)}); psync, the only engine of the pure-Java backend, runs a
 * depth above 1 as {@code threads x queueDepth} synchronous workers, and the report says so
 * ({@link WorkloadReport#engine()}, {@link Warning#QUEUE_DEPTH_RUN_AS_THREADS}). Reports carry
 * the process's CPU time per I/O ({@link WorkloadReport#cpu()}). Offsets, the sharing out of
 * I/Os and size- or time-based runs ({@link #DEFAULT_DURATION} by default): see
 * {@link WorkloadParameters}.
 *
 * <p>Defaults: random reads, 4 KiB blocks, a 1 GiB file, 5 s per run, no ramp, 1 thread, queue
 * depth 1, seed 0, 1 run, O_DIRECT, a 500 ms timeline interval.
 */
public final class WorkloadPlan {

    /** Default block size: 4 KiB. */
    public static final DataSize DEFAULT_BLOCK_SIZE = DataSize.ofKibibytes(4);
    /** Default test-file size: 1 GiB (CrystalDiskMark's default). */
    public static final DataSize DEFAULT_SIZE = DataSize.ofGibibytes(1);
    /** Default measured time per run: 5 s. */
    public static final Duration DEFAULT_DURATION = Duration.ofSeconds(5);
    /** Default timeline interval: 500 ms (fio's bandwidth-log default). */
    public static final Duration DEFAULT_TIMELINE_INTERVAL = Duration.ofMillis(500);
    /** The block sizes {@link #sweep()} runs: 4 KiB to 64 MiB, each power of two. */
    public static final List<DataSize> DEFAULT_SWEEP = WorkloadTables.powersOfTwo(
            4 * DataSize.KIBIBYTE, 64 * DataSize.MEBIBYTE);

    private final Path target;
    private final WorkloadParameters parameters;
    private final IoBackend backend;
    private final IoEngine ioEngine;
    private final WorkloadListener listener;
    /** The existing file to run over instead of a new test file, or null. */
    private final ExistingFile existing;
    private final boolean bufferedFallback;

    private WorkloadPlan(Path target, WorkloadParameters parameters, IoBackend backend,
            IoEngine ioEngine, WorkloadListener listener, ExistingFile existing,
            boolean bufferedFallback) {
        this.target = target;
        this.parameters = parameters;
        this.backend = backend;
        this.ioEngine = ioEngine;
        this.listener = listener;
        this.existing = existing;
        this.bufferedFallback = bufferedFallback;
    }

    static WorkloadPlan defaults(Path target) {
        return new WorkloadPlan(Objects.requireNonNull(target, "target"),
                new WorkloadParameters(AccessPattern.RANDOM, 100, DEFAULT_BLOCK_SIZE,
                        DEFAULT_SIZE, OptionalLong.empty(), Optional.of(DEFAULT_DURATION),
                        Duration.ZERO, 1, 1, 0, 1, true, DEFAULT_TIMELINE_INTERVAL, true),
                null, null, WorkloadListener.NONE, null, false);
    }

    private WorkloadPlan with(Consumer<WorkloadSettings> change) {
        WorkloadSettings s = new WorkloadSettings(parameters);
        change.accept(s);
        return new WorkloadPlan(target, s.build(), backend, ioEngine, listener, existing,
                bufferedFallback);
    }

    /** @return a new plan with sequential offsets (fio {@code rw=read/write/rw}) */
    public WorkloadPlan sequential() {
        return with(s -> s.pattern = AccessPattern.SEQUENTIAL);
    }

    /** @return a new plan with random offsets (fio {@code rw=randread/randwrite/randrw}) */
    public WorkloadPlan random() {
        return with(s -> s.pattern = AccessPattern.RANDOM);
    }

    /** @return a new plan that only reads */
    public WorkloadPlan read() {
        return with(s -> s.readPercent = 100);
    }

    /** @return a new plan that only writes */
    public WorkloadPlan write() {
        return with(s -> s.readPercent = 0);
    }

    /**
     * Reads and writes, each I/O a read with probability {@code readPercent} % (fio
     * {@code rw=randrw} or {@code rw=rw} with {@code rwmixread}).
     *
     * @param readPercent in {@code [0, 100]}; 100 is {@link #read()}, 0 is {@link #write()}
     * @return a new plan
     * @throws IllegalArgumentException if outside {@code [0, 100]}
     */
    public WorkloadPlan readWrite(int readPercent) {
        return with(s -> s.readPercent = readPercent);
    }

    /**
     * Bytes per I/O (fio {@code bs}).
     *
     * @param blockSize a positive multiple of 512 bytes, at most {@link #size(DataSize) size}
     *     (checked in {@link #run()}, where the direct-I/O alignment is checked too)
     * @return a new plan
     * @throws IllegalArgumentException if not positive or not a multiple of 512 bytes
     */
    public WorkloadPlan blockSize(DataSize blockSize) {
        return with(s -> s.blockSize = blockSize);
    }

    /**
     * Bytes per I/O in the {@link DataSize} grammar ({@code "4K"}, {@code "1 MiB"}).
     *
     * @param blockSize the size as text
     * @return a new plan
     * @throws IllegalArgumentException if it does not parse, or as {@link #blockSize(DataSize)}
     */
    public WorkloadPlan blockSize(String blockSize) {
        return blockSize(SettingChecks.parseSize("blockSize", blockSize));
    }

    /**
     * The test file's size (fio {@code size}): the whole file is written before the measured
     * runs, and random offsets range over all of it. A size-based run without a
     * {@link #count(long) count} moves this many bytes.
     *
     * @param size a positive multiple of 512 bytes; {@link #run()} also requires a multiple of
     *     the block size
     * @return a new plan
     * @throws IllegalArgumentException if not positive or not a multiple of 512 bytes
     */
    public WorkloadPlan size(DataSize size) {
        return with(s -> s.size = size);
    }

    /**
     * The test file's size in the {@link DataSize} grammar ({@code "1G"}).
     *
     * @param size the size as text
     * @return a new plan
     * @throws IllegalArgumentException if it does not parse, or as {@link #size(DataSize)}
     */
    public WorkloadPlan size(String size) {
        return size(SettingChecks.parseSize("size", size));
    }

    /**
     * Size-based runs of exactly {@code count} measured I/Os each, over all workers together
     * (fio {@code number_ios}); replaces a {@link #duration(Duration) duration}.
     *
     * @param count {@code >= 1}
     * @return a new plan
     * @throws IllegalArgumentException if {@code count < 1}
     */
    public WorkloadPlan count(long count) {
        return with(s -> {
            s.count = OptionalLong.of(count);
            s.duration = Optional.empty();
        });
    }

    /** @return a new plan of size-based runs of {@code size} bytes each (fio's default) */
    public WorkloadPlan sizeBased() {
        return with(s -> {
            s.count = OptionalLong.empty();
            s.duration = Optional.empty();
        });
    }

    /**
     * Caps each size-based run at {@code limit}: it stops then even if its I/Os are not all done
     * (fio {@code runtime} without {@code time_based}). A {@link #duration(Duration) duration}
     * replaces it.
     *
     * @param limit positive, at most one day; the plan must be size-based
     * @return a new plan
     * @throws IllegalArgumentException if out of range or the plan is time-based
     */
    public WorkloadPlan timeLimit(Duration limit) {
        return with(s -> s.timeLimit = Optional.of(limit));
    }

    /**
     * Each worker calls fdatasync(2) after every {@code writes} writes it issued, inside the
     * timed interval, as fio {@code fdatasync=N} does (with an asynchronous queue, the worker
     * first waits for its writes in flight, as fio does): the rate of a workload that syncs
     * often, as a database's log does. The run's closing fdatasync stays. A workload that only
     * reads ignores it.
     *
     * @param writes at least 1
     * @return a new plan
     * @throws IllegalArgumentException if {@code writes < 1}
     */
    public WorkloadPlan syncEvery(int writes) {
        SettingChecks.requireInRange("syncEvery", writes, 1, Integer.MAX_VALUE);
        return with(s -> s.syncEveryWrites = writes);
    }

    /**
     * Runs over an existing regular file instead of a new test file (fio {@code filename=} naming
     * a file that exists): the file is only read, never written, created or removed, and a
     * workload that writes is refused in {@link #run()} unless
     * {@link #overwriteAllowed(Path)} names it. drivespeed did not write it, so it may be sparse
     * or cached: the report carries {@link Warning#EXISTING_FILE_READ}. It must hold
     * {@link #size(DataSize) size} bytes.
     *
     * @param file an existing regular file
     * @return a new plan
     * @throws NullPointerException if {@code file} is null
     */
    public WorkloadPlan existingFile(Path file) {
        return new WorkloadPlan(target, parameters, backend, ioEngine, listener,
                new ExistingFile(Objects.requireNonNull(file, "file"), false), bufferedFallback);
    }

    /**
     * Lets the workload write {@link #existingFile(Path) the existing file}, naming it again:
     * its first {@link #size(DataSize) size} bytes are overwritten with random data before the
     * runs (so that reads meet real data, and {@link Warning#EXISTING_FILE_READ} does not apply)
     * and by the writes; the file is kept.
     *
     * @param file the same file as {@link #existingFile(Path)}
     * @return a new plan
     * @throws InvalidSettingException if no existing file was set, or {@code file} is another
     */
    public WorkloadPlan overwriteAllowed(Path file) {
        if (existing == null || !existing.path().equals(file)) {
            throw new InvalidSettingException("overwriteAllowed", file, "must name the file to"
                    + " overwrite again; existingFile is "
                    + (existing == null ? "not set" : existing.path()));
        }
        return new WorkloadPlan(target, parameters, backend, ioEngine, listener,
                new ExistingFile(file, true), bufferedFallback);
    }

    /** @return the existing file this plan runs over, if {@link #existingFile(Path)} set one */
    public Optional<Path> existingFile() {
        return Optional.ofNullable(existing).map(ExistingFile::path);
    }

    /**
     * Time-based runs (fio {@code runtime} with {@code time_based}): workers issue I/O until
     * {@code duration} after the ramp, then finish what is in flight; replaces a
     * {@link #count(long) count}.
     *
     * @param duration positive, at most one day
     * @return a new plan
     * @throws IllegalArgumentException if not positive or longer than a day
     */
    public WorkloadPlan duration(Duration duration) {
        return with(s -> {
            s.duration = Optional.of(duration);
            s.count = OptionalLong.empty();
            s.timeLimit = Optional.empty();
        });
    }

    /**
     * Time to run the workload before each run's measured part, left out of every figure (fio
     * {@code ramp_time}): lets caches, queues and the JIT settle.
     *
     * @param rampTime zero or positive, at most one day
     * @return a new plan
     * @throws IllegalArgumentException if negative or longer than a day
     */
    public WorkloadPlan rampTime(Duration rampTime) {
        return with(s -> s.rampTime = rampTime);
    }

    /**
     * Workers running at once, each with its own offsets (fio {@code numjobs} on one file, with
     * {@code thread}).
     *
     * @param threads in {@code [1, 1024]}
     * @return a new plan
     * @throws IllegalArgumentException if outside that range
     */
    public WorkloadPlan threads(int threads) {
        return with(s -> s.threads = threads);
    }

    /**
     * I/Os each thread keeps in flight (fio {@code iodepth}), with the engine of
     * {@link #ioEngine(IoEngine)} (see the class description).
     *
     * @param queueDepth in {@code [1, 1024]}
     * @return a new plan
     * @throws IllegalArgumentException if outside that range
     */
    public WorkloadPlan queueDepth(int queueDepth) {
        return with(s -> s.queueDepth = queueDepth);
    }

    /**
     * The seed of the random offsets and read/write choices (fio {@code randseed}); the same seed
     * gives the same I/Os in the same order per worker (see the class description).
     *
     * @param seed any value
     * @return a new plan
     */
    public WorkloadPlan seed(long seed) {
        return with(s -> s.seed = seed);
    }

    /**
     * Measured repetitions; each repeats the same I/Os.
     *
     * @param runs 1 to {@value Limits#MAX_RUNS}
     * @return a new plan
     * @throws IllegalArgumentException if {@code runs} is below 1 or above
     *     {@value Limits#MAX_RUNS}
     */
    public WorkloadPlan runs(int runs) {
        return with(s -> s.runs = runs);
    }

    /**
     * Random offsets drawn with replacement (fio {@code norandommap}) instead of covering each
     * block once per pass (see the class description).
     *
     * @return a new plan
     */
    public WorkloadPlan noRandomMap() {
        return with(s -> s.randomMap = false);
    }

    /** @return a new plan whose random offsets cover each block once per pass (the default) */
    public WorkloadPlan randomMap() {
        return with(s -> s.randomMap = true);
    }

    /** @return a new plan with O_DIRECT (the default; fio {@code direct=1}) */
    public WorkloadPlan direct() {
        return with(s -> s.direct = true);
    }

    /**
     * O_DIRECT where the file system allows it, else buffered I/O: where O_DIRECT is refused, at
     * open(2) or on the test file's first read or write (EINVAL from a file system that accepts
     * O_DIRECT at open), the workloads run buffered from the writing of the file on, as
     * {@link #buffered()} describes; the report's parameters then say {@code direct} false and
     * every pass carries {@link Warning#BUFFERED_FALLBACK}. No figure measured with O_DIRECT is
     * kept. Without this opt-in such a file system fails the run with
     * {@link DirectIoUnsupportedException}.
     *
     * @return a new plan with O_DIRECT and the fallback
     */
    public WorkloadPlan directOrBuffered() {
        WorkloadPlan p = direct();
        return new WorkloadPlan(target, p.parameters, backend, ioEngine, listener, existing, true);
    }

    /** @return whether the plan falls back to buffered I/O where O_DIRECT is refused */
    public boolean bufferedFallback() {
        return bufferedFallback;
    }

    /**
     * Buffered I/O through the page cache (fio {@code direct=0}). Before every run that reads
     * (the warm-up included) the file's pages are evicted where the backend can (fdatasync,
     * posix_fadvise DONTNEED, checked), as the sequential test does; where it cannot, read
     * figures carry {@link Warning#READ_MAY_INCLUDE_PAGE_CACHE}. Random reads are hinted with
     * posix_fadvise POSIX_FADV_RANDOM where the backend can (fio {@code fadvise_hint}), so
     * that readahead does not serve them. A run that wrote ends with fdatasync inside its timed
     * interval, so its figure is the rate to stable storage. Each run records its cache handling
     * and the device's counters; a pass whose device moved under
     * {@value Warning#MIN_DEVICE_COVERAGE_PERCENT} % of the bytes counted carries
     * {@link Warning#READ_SERVED_FROM_CACHE} or {@link Warning#WRITE_SERVED_BY_PAGE_CACHE} (a
     * time-based run that goes over a small file more than once meets its own pages in the
     * cache).
     *
     * @return a new plan
     */
    public WorkloadPlan buffered() {
        WorkloadPlan p = with(s -> s.direct = false);
        return new WorkloadPlan(target, p.parameters, backend, ioEngine, listener, existing,
                false);
    }

    /**
     * The timeline's interval (fio {@code log_avg_msec}).
     *
     * @param interval at least 1 ms
     * @return a new plan
     * @throws IllegalArgumentException if shorter than 1 ms
     */
    public WorkloadPlan timelineInterval(Duration interval) {
        return with(s -> s.timelineInterval = interval);
    }

    /**
     * Takes a preset's access pattern, block size, queue depth and threads; direction, size,
     * duration and the rest stay.
     *
     * @param preset for example {@link Preset#RND4K_Q32T1}
     * @return a new plan
     */
    public WorkloadPlan preset(Preset preset) {
        Objects.requireNonNull(preset, "preset");
        return with(s -> {
            s.pattern = preset.pattern();
            s.blockSize = preset.blockSize();
            s.queueDepth = preset.queueDepth();
            s.threads = preset.threads();
        });
    }

    /**
     * Use this I/O backend instead of the best one found on the class path. An explicit choice is
     * never replaced by another backend.
     *
     * @param backend the backend
     * @return a new plan
     * @throws IllegalArgumentException if the backend reports itself unavailable here, with its
     *     reason
     */
    public WorkloadPlan backend(IoBackend backend) {
        BackendSelector.explicit(backend);
        return new WorkloadPlan(target, parameters, backend, ioEngine, listener, existing,
                bufferedFallback);
    }

    /**
     * Use the I/O backend with this name: {@code java} or {@code native} (drivespeed-native).
     *
     * @param name the backend's {@link IoBackend#name() name}
     * @return a new plan
     * @throws IllegalArgumentException if no backend has that name (the message lists those
     *     that exist), or if it is unavailable here (the message says why)
     */
    public WorkloadPlan backend(String name) {
        return backend(BackendSelector.named(name));
    }

    /**
     * Issue the I/O with this engine (fio {@code ioengine}; {@link IoEngine}) at every queue depth
     * instead of the default (psync at depth 1, else the backend's best engine that works here;
     * fallbacks in {@link WorkloadReport#engine()}). It is never replaced: {@link #run()} refuses
     * one the backend lacks or that does not work here, saying why.
     *
     * @param ioEngine the engine
     * @return a new plan
     */
    public WorkloadPlan ioEngine(IoEngine ioEngine) {
        return new WorkloadPlan(target, parameters, backend,
                Objects.requireNonNull(ioEngine, "ioEngine"), listener, existing, bufferedFallback);
    }

    /**
     * {@link #ioEngine(IoEngine)} by fio's name.
     *
     * @param fioName {@code psync}, {@code libaio} or {@code io_uring}
     * @return a new plan
     * @throws IllegalArgumentException for another name, listing the names there are
     */
    public WorkloadPlan ioEngine(String fioName) {
        return ioEngine(IoEngine.parse(Objects.requireNonNull(fioName, "ioEngine")));
    }

    /** @return the engine asked for, or empty when drivespeed chooses */
    public Optional<IoEngine> ioEngine() {
        return Optional.ofNullable(ioEngine);
    }

    /**
     * Tell {@code listener} when the writing of the test file and each measured run start and
     * end, with a live byte count to poll (see {@link WorkloadListener}: nothing is called per
     * I/O).
     *
     * @param listener the listener, or {@link WorkloadListener#NONE}
     * @return a new plan
     */
    public WorkloadPlan listener(WorkloadListener listener) {
        return new WorkloadPlan(target, parameters, backend, ioEngine,
                Objects.requireNonNull(listener, "listener"), existing, bufferedFallback);
    }

    /** @return the directory this plan tests in, as given */
    public Path target() {
        return target;
    }

    /** @return the settings of this plan */
    public WorkloadParameters parameters() {
        return parameters;
    }

    /**
     * Runs the workload (see the class description). Before any byte is written: the target must
     * be a writable directory with room for the file; the block size must suit the backend, be at
     * most the size and divide it, and with O_DIRECT be a multiple of the target's direct-I/O
     * alignment; a sequential workload needs at least one block per thread.
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
        return engine().run(List.of(parameters)).get(0);
    }

    /**
     * Runs this workload once per block size, over one test file written once.
     *
     * @param blockSizes at least one; each must suit the plan as {@link #run()} requires
     * @return one row per block size, in the given order
     * @throws IllegalArgumentException if the list is empty or a size is refused
     * @throws IOException as {@link #run()}
     */
    public WorkloadTable sweep(List<DataSize> blockSizes) throws IOException {
        WorkloadTables.Jobs jobs = WorkloadTables.sweep(this, blockSizes);
        return new WorkloadTable(jobs.labels(), engine().run(jobs.parameters()));
    }

    /**
     * @return {@link #sweep(List)} over {@link #DEFAULT_SWEEP}, 4 KiB to 64 MiB (the size must be
     *     a multiple of 64 MiB): one row per block size
     * @throws IOException as {@link #run()}
     */
    public WorkloadTable sweep() throws IOException {
        return sweep(DEFAULT_SWEEP);
    }

    /**
     * Runs each preset as a read test and then a write test, over one test file written once,
     * like CrystalDiskMark: rows {@code "SEQ1M Q8T1 read"}, {@code "SEQ1M Q8T1 write"}, ...
     * Everything but the preset's settings and the direction comes from this plan.
     *
     * @param presets at least one, for example {@link Preset#STANDARD}
     * @return two rows per preset
     * @throws IllegalArgumentException if the list is empty
     * @throws IOException as {@link #run()}
     */
    public WorkloadTable presets(List<Preset> presets) throws IOException {
        WorkloadTables.Jobs jobs = WorkloadTables.presets(this, presets);
        return new WorkloadTable(jobs.labels(), engine().run(jobs.parameters()));
    }

    /** @return the engine that runs this plan (for {@link WorkloadGroup}) */
    WorkloadMeasurement engine() {
        return new WorkloadMeasurement(target, Optional.ofNullable(backend),
                Optional.ofNullable(ioEngine), listener, Optional.ofNullable(existing),
                bufferedFallback);
    }

    @Override
    public String toString() {
        return "WorkloadPlan[" + target + ": " + parameters + "]";
    }
}
