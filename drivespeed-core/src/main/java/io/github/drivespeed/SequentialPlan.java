package io.github.drivespeed;

import io.github.drivespeed.error.DirectIoUnsupportedException;
import io.github.drivespeed.error.InsufficientSpaceException;
import io.github.drivespeed.error.TargetNotFoundException;
import io.github.drivespeed.error.TargetNotWritableException;
import io.github.drivespeed.error.TestFileIoException;
import io.github.drivespeed.error.UnsupportedTargetException;
import io.github.drivespeed.internal.check.SettingChecks;
import io.github.drivespeed.internal.measure.PageCacheOptions;
import io.github.drivespeed.internal.measure.SequentialMeasurement;
import io.github.drivespeed.internal.preflight.BackendSelector;
import io.github.drivespeed.parameters.DataPattern;
import io.github.drivespeed.parameters.Limits;
import io.github.drivespeed.parameters.SequentialParameters;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.CacheHandling;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * An immutable plan for a sequential write-then-read speed test in a directory, obtained from
 * {@link DriveSpeed#on(Path)}. Every setter returns a new plan and leaves this one unchanged, so a
 * plan can be shared between threads, reused and run again.
 *
 * <p>Defaults are the careful measurement: block size 8 MiB, count 32 (256 MiB per pass), 3 runs,
 * O_DIRECT on both passes, random incompressible data, fdatasync inside the timed write. Setters
 * check their argument at once and throw {@link IllegalArgumentException} naming the setting and
 * the value; checks that need the target run in {@link #run()} before anything is written.
 */
public final class SequentialPlan {

    /** Default block size: 8 MiB. */
    public static final DataSize DEFAULT_BLOCK_SIZE = DataSize.ofMebibytes(8);
    /** Default count: 32 blocks (256 MiB per pass with the default block size). */
    public static final long DEFAULT_COUNT = 32;
    /** Default number of measured runs. */
    public static final int DEFAULT_RUNS = 3;
    /** How long the cached-read pass re-reads, as {@code hdparm -T}: 2 seconds. */
    public static final Duration DEFAULT_CACHED_READ = Duration.ofSeconds(2);

    private final Path target;
    private final SequentialParameters parameters;
    private final boolean bufferedFallback;
    private final ProgressListener listener;
    private final IoBackend backend;
    private final PageCacheOptions pageCacheOptions;
    private final boolean verify;

    private SequentialPlan(Path target, SequentialParameters parameters, boolean bufferedFallback,
            ProgressListener listener, IoBackend backend, PageCacheOptions pageCacheOptions) {
        this(target, parameters, bufferedFallback, listener, backend, pageCacheOptions, true);
    }

    private SequentialPlan(Path target, SequentialParameters parameters, boolean bufferedFallback,
            ProgressListener listener, IoBackend backend, PageCacheOptions pageCacheOptions,
            boolean verify) {
        this.target = target;
        this.parameters = parameters;
        this.bufferedFallback = bufferedFallback;
        this.listener = listener;
        this.backend = backend;
        this.pageCacheOptions = pageCacheOptions;
        this.verify = verify;
    }

    static SequentialPlan defaults(Path target) {
        return new SequentialPlan(Objects.requireNonNull(target, "target"),
                new SequentialParameters(DEFAULT_BLOCK_SIZE, DEFAULT_COUNT, DEFAULT_RUNS, true, false,
                        DataPattern.RANDOM),
                false, ProgressListener.NONE, null, PageCacheOptions.NONE);
    }

    private SequentialPlan with(SequentialParameters p) {
        return new SequentialPlan(target, p, bufferedFallback, listener, backend, pageCacheOptions,
                verify);
    }

    private SequentialPlan with(SequentialParameters p, boolean fallback) {
        return new SequentialPlan(target, p, fallback, listener, backend, pageCacheOptions, verify);
    }

    private SequentialParameters p() {
        return parameters;
    }

    /**
     * Bytes per write and read call (dd's {@code bs}).
     *
     * @param blockSize a positive multiple of 512 bytes
     * @return a new plan
     * @throws IllegalArgumentException if not positive, not a multiple of 512 bytes, or if
     *     {@code blockSize x count} overflows a {@code long}
     */
    public SequentialPlan blockSize(DataSize blockSize) {
        return with(new SequentialParameters(blockSize, p().count(), p().runs(), p().direct(),
                p().dsync(), p().dataPattern()));
    }

    /**
     * Bytes per write and read call, in the {@link DataSize} grammar ({@code "8M"},
     * {@code "4 KiB"}, {@code "1MB"}).
     *
     * @param blockSize the size as text
     * @return a new plan
     * @throws IllegalArgumentException if the text does not parse, or as {@link #blockSize(DataSize)}
     */
    public SequentialPlan blockSize(String blockSize) {
        return blockSize(SettingChecks.parseSize("blockSize", blockSize));
    }

    /**
     * Blocks per pass (dd's {@code count}).
     *
     * @param count {@code >= 1}
     * @return a new plan
     * @throws IllegalArgumentException if {@code count < 1} or {@code blockSize x count}
     *     overflows a {@code long}
     */
    public SequentialPlan count(long count) {
        return with(new SequentialParameters(p().blockSize(), count, p().runs(), p().direct(),
                p().dsync(), p().dataPattern()));
    }

    /**
     * Measured repetitions of the write and read passes.
     *
     * @param runs 1 to {@value Limits#MAX_RUNS}
     * @return a new plan
     * @throws IllegalArgumentException if {@code runs} is below 1 or above
     *     {@value Limits#MAX_RUNS}
     */
    public SequentialPlan runs(int runs) {
        return with(new SequentialParameters(p().blockSize(), p().count(), runs, p().direct(),
                p().dsync(), p().dataPattern()));
    }

    /**
     * O_DIRECT on both passes, bypassing the page cache (the default; dd's
     * {@code oflag=direct}/{@code iflag=direct}). {@link #run()} then requires the block size to
     * be a multiple of the target's direct-I/O alignment and throws
     * {@link DirectIoUnsupportedException} where the file system refuses O_DIRECT.
     *
     * @return a new plan
     */
    public SequentialPlan direct() {
        return with(new SequentialParameters(p().blockSize(), p().count(), p().runs(),
                true, p().dsync(), p().dataPattern()), false);
    }

    /**
     * O_DIRECT where the file system allows it, else buffered I/O: the opt-in fallback for
     * callers that would rather have a buffered figure than none (file systems without O_DIRECT,
     * such as ramfs, or FUSE and network mounts that refuse it). When the file system refuses
     * O_DIRECT (open(2) fails with EINVAL, found on the untimed warm-up file before anything is
     * measured; or open(2) accepts it and the file's first read or write fails with EINVAL, as
     * some FUSE and network file systems do, met on the warm-up file or, should it pass there,
     * on a measured one: then no figure of the O_DIRECT runs is kept and the runs start again
     * from run 1, which a listener sees), every pass runs buffered, as with {@link #buffered()},
     * and the report says so:
     * its {@link SequentialParameters#direct()} is false and both passes carry
     * {@link Warning#BUFFERED_FALLBACK}. Without this opt-in, {@link #run()} throws
     * {@link DirectIoUnsupportedException} instead. A block size that is not a multiple of the
     * direct-I/O alignment is still refused: that is a setting to fix, not a file-system limit.
     *
     * @return a new plan
     */
    public SequentialPlan directOrBuffered() {
        return with(new SequentialParameters(p().blockSize(), p().count(), p().runs(),
                true, p().dsync(), p().dataPattern()), true);
    }

    /**
     * Buffered I/O through the page cache. The write figure stays honest (the closing fdatasync
     * is timed); before the read pass the file's pages are evicted (fdatasync, then
     * posix_fadvise(2) POSIX_FADV_DONTNEED) and a check finds none left, where the backend can
     * (native); where it cannot, the read figure carries
     * {@link Warning#READ_MAY_INCLUDE_PAGE_CACHE} unless {@link #dropCaches()} was chosen. Each
     * read sample records what was done ({@link Sample#cacheHandling()}).
     *
     * @return a new plan
     */
    public SequentialPlan buffered() {
        return with(new SequentialParameters(p().blockSize(), p().count(), p().runs(),
                false, p().dsync(), p().dataPattern()), false);
    }

    /**
     * Before each buffered read pass, also drop the whole machine's clean caches: sync, then
     * {@code 3} written to {@code /proc/sys/vm/drop_caches} (Documentation/admin-guide/sysctl/vm.rst),
     * what people do by hand before a buffered {@code dd} read. It affects every process on the
     * machine (their cached files must be read again) and needs root, so it is done only when
     * asked for here. It applies to buffered reads ({@link #buffered()}, or
     * {@link #directOrBuffered()} after a fallback); O_DIRECT reads need nothing. Read samples
     * then record {@link CacheHandling#CACHES_DROPPED}.
     *
     * @return a new plan; {@link #run()} throws {@link IllegalArgumentException} before any I/O
     *     when the process may not drop caches (not root)
     */
    public SequentialPlan dropCaches() {
        return new SequentialPlan(target, parameters, bufferedFallback, listener, backend,
                pageCacheOptions.withDropCaches(), verify);
    }

    /**
     * Also measure cached reads, as {@code hdparm -T} does, for {@link #DEFAULT_CACHED_READ}: see
     * {@link #cachedRead(Duration)}.
     *
     * @return a new plan
     */
    public SequentialPlan cachedRead() {
        return cachedRead(DEFAULT_CACHED_READ);
    }

    /**
     * After the runs, also measure cached reads, as {@code hdparm -T} does ("Timing cached
     * reads"): a new 2 MiB file is written, read once into the page cache, then read again and
     * again for {@code duration}, and removed. The figure ({@link SpeedReport#cachedRead()}) is the
     * speed of the page cache and memory, never the drive's, and carries
     * {@link Warning#PAGE_CACHE_FIGURE}; a read figure faster than it gets
     * {@link Warning#FASTER_THAN_CACHED_READS}. The listener is not told about this pass.
     *
     * @param duration how long to re-read, at least 1 ms
     * @return a new plan
     * @throws IllegalArgumentException if shorter than 1 ms
     */
    public SequentialPlan cachedRead(Duration duration) {
        return new SequentialPlan(target, parameters, bufferedFallback, listener, backend,
                pageCacheOptions.withCachedRead(duration), verify);
    }

    /**
     * Open the test file with O_DSYNC, so each write returns only once its data is on stable
     * storage (dd's {@code oflag=dsync}); the closing fdatasync is still timed.
     *
     * @return a new plan
     */
    public SequentialPlan dsync() {
        return with(new SequentialParameters(p().blockSize(), p().count(), p().runs(), p().direct(),
                true, p().dataPattern()));
    }

    /**
     * Write zeros instead of random data, like {@code dd if=/dev/zero}. The write pass then
     * carries {@link Warning#ZERO_FILLED_DATA}: compressing storage may store almost nothing.
     *
     * @return a new plan
     */
    public SequentialPlan zeros() {
        return with(new SequentialParameters(p().blockSize(), p().count(), p().runs(), p().direct(),
                p().dsync(), DataPattern.ZEROS));
    }

    /**
     * Write random, incompressible data with every sector distinct (the default).
     *
     * @return a new plan
     */
    public SequentialPlan randomData() {
        return with(new SequentialParameters(p().blockSize(), p().count(), p().runs(), p().direct(),
                p().dsync(), DataPattern.RANDOM));
    }

    /**
     * Receive progress while the test runs.
     *
     * @param listener called on the measuring thread; see {@link ProgressListener}
     * @return a new plan
     */
    public SequentialPlan listener(ProgressListener listener) {
        return new SequentialPlan(target, parameters, bufferedFallback,
                Objects.requireNonNull(listener, "listener"), backend, pageCacheOptions, verify);
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
    public SequentialPlan backend(IoBackend backend) {
        BackendSelector.explicit(backend);
        return new SequentialPlan(target, parameters, bufferedFallback, listener, backend,
                pageCacheOptions, verify);
    }

    /**
     * Use the I/O backend with this name: {@code java} (the pure-Java backend, always there) or
     * {@code native} (with drivespeed-native on the class path), instead of the best one found.
     *
     * @param name the backend's {@link IoBackend#name() name}
     * @return a new plan
     * @throws IllegalArgumentException if no backend has that name (the message lists those
     *     that exist), or if it is unavailable here (the message says why)
     */
    public SequentialPlan backend(String name) {
        return backend(BackendSelector.named(name));
    }

    /**
     * Do not check what the read passes read back (verification is on by default). With it on,
     * every block each read pass reads is compared with what the write pass wrote there: each
     * 512-byte sector's offset stamp and nonce, and its payload, which the generator
     * regenerates (rule 7; as f3 and h2testw check their files). A sector that differs is lost
     * data, classified as {@link io.github.drivespeed.report.DataLossKind} (aliased, never
     * stored, corrupted, unreadable); the read sample then carries a
     * {@link io.github.drivespeed.report.Verification} with the first bad offset, and both
     * passes {@link Warning#DATA_LOSS}, whose figures are not the drive's. An EIO on read-back
     * is such a loss (UNREADABLE), not a failure. The check runs beside the I/O loop after each
     * block and its time is left out of the timed interval and the timeline; it needs one more
     * block of memory (a read buffer beside the write pool).
     *
     * @return a new plan
     */
    public SequentialPlan noVerify() {
        return new SequentialPlan(target, parameters, bufferedFallback, listener, backend,
                pageCacheOptions, false);
    }

    /** @return whether the read passes are checked against what was written (the default) */
    public boolean verifies() {
        return verify;
    }

    /** @return the directory this plan tests in, as given */
    public Path target() {
        return target;
    }

    /** @return the settings of this plan */
    public SequentialParameters parameters() {
        return parameters;
    }

    /**
     * @return whether buffered I/O replaces O_DIRECT where the file system refuses it (set by
     *     {@link #directOrBuffered()})
     */
    public boolean bufferedFallback() {
        return bufferedFallback;
    }

    /** @return whether buffered reads are preceded by drop_caches (set by {@link #dropCaches()}) */
    public boolean dropsCaches() {
        return pageCacheOptions.dropCaches();
    }

    /**
     * @return how long the cached-read pass lasts, or empty when it is not measured (set by
     *     {@link #cachedRead(Duration)})
     */
    public Optional<Duration> cachedReadDuration() {
        return pageCacheOptions.cachedReadNanos() == 0 ? Optional.empty()
                : Optional.of(Duration.ofNanos(pageCacheOptions.cachedReadNanos()));
    }

    /**
     * Runs the test: for each run, writes a new test file in the target directory, reads it back
     * and removes it. Before any byte is written: the target must exist and be a writable
     * directory, the block size must suit the backend and, with O_DIRECT, be a multiple of the
     * target's direct-I/O alignment, and the file system must have room for one pass. Test files
     * are removed on success, on failure and on interruption; a test file left by a killed run of
     * another process is removed too.
     *
     * @return the report
     * @throws TargetNotFoundException if the target does not exist
     * @throws UnsupportedTargetException if the target is not a directory
     * @throws TargetNotWritableException if no file can be created there
     * @throws InsufficientSpaceException if one pass does not fit, or ENOSPC struck mid-pass
     * @throws DirectIoUnsupportedException if O_DIRECT was asked for with {@link #direct()} (the
     *     default) and the file system refuses it
     * @throws TestFileIoException if a read, write or sync of the test file failed
     * @throws java.io.InterruptedIOException if the thread was interrupted; the test stops
     *     within one block and the interrupt flag stays set
     * @throws IllegalArgumentException if the block size does not suit the target or backend,
     *     or {@link #dropCaches()} was asked for with O_DIRECT reads (without {@link #buffered()}
     *     or {@code directOrBuffered()})
     * @throws IOException if the target cannot be examined
     */
    public SpeedReport run() throws IOException {
        pageCacheOptions.checkReadsAreBuffered(parameters.direct() && !bufferedFallback,
                "buffered",
                "directOrBuffered");
        return new SequentialMeasurement(target, parameters, bufferedFallback, listener,
                Optional.ofNullable(backend), pageCacheOptions, verify).run();
    }

    @Override
    public String toString() {
        return "SequentialPlan[" + target + ": " + parameters
                + (bufferedFallback ? ", buffered where O_DIRECT is refused" : "")
                + (pageCacheOptions.dropCaches() ? ", drop_caches before buffered reads" : "")
                + (pageCacheOptions.cachedReadNanos() > 0 ? ", cached reads for "
                        + Duration.ofNanos(pageCacheOptions.cachedReadNanos()).toMillis() + " ms" : "")
                + (verify ? "" : ", reads not verified") + "]";
    }
}
