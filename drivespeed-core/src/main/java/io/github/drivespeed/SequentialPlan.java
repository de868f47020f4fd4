package io.github.drivespeed;

import io.github.drivespeed.error.DirectIoUnsupportedException;
import io.github.drivespeed.error.InsufficientSpaceException;
import io.github.drivespeed.error.TargetNotFoundException;
import io.github.drivespeed.error.TargetNotWritableException;
import io.github.drivespeed.error.TestFileIoException;
import io.github.drivespeed.error.UnsupportedTargetException;
import io.github.drivespeed.internal.check.SettingChecks;
import io.github.drivespeed.internal.jfr.FlightEvents;
import io.github.drivespeed.internal.measure.PageCacheOptions;
import io.github.drivespeed.internal.measure.SequentialMeasurement;
import io.github.drivespeed.parameters.DataPattern;
import io.github.drivespeed.parameters.Limits;
import io.github.drivespeed.parameters.SequentialParameters;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.CacheAccounting;
import io.github.drivespeed.report.CacheHandling;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
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
 *
 * @since 0.1.0
 */
public final class SequentialPlan
        extends BlockPlan<SequentialPlan, ProgressListener, SequentialParameters> {

    /** Default block size: 8 MiB ({@link SequentialParameters#DEFAULT_BLOCK_SIZE}). */
    public static final DataSize DEFAULT_BLOCK_SIZE = SequentialParameters.DEFAULT_BLOCK_SIZE;
    /** Default count: 32 blocks ({@link SequentialParameters#DEFAULT_COUNT}). */
    public static final long DEFAULT_COUNT = SequentialParameters.DEFAULT_COUNT;
    /** Default number of measured runs: 3 ({@link SequentialParameters#DEFAULT_RUNS}). */
    public static final int DEFAULT_RUNS = SequentialParameters.DEFAULT_RUNS;
    /**
     * How long the cached-read pass re-reads, as {@code hdparm -T}: 2 seconds
     * ({@link SequentialParameters#DEFAULT_CACHED_READ}).
     */
    public static final Duration DEFAULT_CACHED_READ = SequentialParameters.DEFAULT_CACHED_READ;

    private SequentialPlan(Path target, IoBackend backend, ProgressListener listener,
            SequentialParameters parameters) {
        super(target, backend, listener, parameters);
    }

    static SequentialPlan defaults(Path target) {
        return new SequentialPlan(target, null, ProgressListener.NONE,
                SequentialParameters.defaults());
    }

    @Override
    SequentialPlan with(IoBackend chosen, ProgressListener told, SequentialParameters changed) {
        return new SequentialPlan(target(), chosen, told, changed);
    }

    @Override
    SequentialPlan withBlockSize(DataSize blockSize) {
        return withParameters(parameters().withBlockSize(blockSize));
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
        return withParameters(parameters().withCount(count));
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
        return withParameters(parameters().withRuns(runs));
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
        return withParameters(parameters().withDirect(true).withBufferedFallback(false));
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
        return withParameters(parameters().withDirect(true).withBufferedFallback(true));
    }

    /**
     * Buffered I/O through the page cache. The write figure stays honest (the closing fdatasync
     * is timed); before the read pass the file's pages are evicted (fdatasync, then
     * posix_fadvise(2) POSIX_FADV_DONTNEED) and a check finds none left, where the backend can
     * (native); where it cannot, the read figure carries
     * {@link Warning#READ_MAY_INCLUDE_PAGE_CACHE} unless {@link #dropCaches()} was chosen. Each
     * read sample records what was done ({@link CacheAccounting#cacheHandling()}).
     *
     * @return a new plan
     */
    public SequentialPlan buffered() {
        return withParameters(parameters().withDirect(false).withBufferedFallback(false));
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
        return withParameters(parameters().withDropCaches(true));
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
        return withParameters(parameters().withCachedRead(
                Optional.of(SettingChecks.requireNonNull("cachedRead", duration))));
    }

    /**
     * Open the test file with O_DSYNC, so each write returns only once its data is on stable
     * storage (dd's {@code oflag=dsync}); the closing fdatasync is still timed.
     *
     * @return a new plan
     */
    public SequentialPlan dsync() {
        return withParameters(parameters().withDsync(true));
    }

    /**
     * Write zeros instead of random data, like {@code dd if=/dev/zero}. The write pass then
     * carries {@link Warning#ZERO_FILLED_DATA}: compressing storage may store almost nothing.
     *
     * @return a new plan
     */
    public SequentialPlan zeros() {
        return withParameters(parameters().withDataPattern(DataPattern.ZEROS));
    }

    /**
     * Write random, incompressible data with every sector distinct (the default).
     *
     * @return a new plan
     */
    public SequentialPlan randomData() {
        return withParameters(parameters().withDataPattern(DataPattern.RANDOM));
    }

    /**
     * Do not check what the read passes read back (verification is on by default). With it on,
     * every block each read pass reads is compared with what the write pass wrote there: each
     * 512-byte sector's offset stamp and nonce, and its payload, which the generator
     * regenerates (rule 7; as f3 and h2testw check their files). A sector that differs is lost
     * data, classified as {@link io.github.drivespeed.report.medium.DataLossKind} (aliased, never
     * stored, corrupted, unreadable); the read sample then carries a
     * {@link io.github.drivespeed.report.medium.Verification} with the first bad offset, and both
     * passes {@link Warning#DATA_LOSS}, whose figures are not the drive's. An EIO on read-back
     * is such a loss (UNREADABLE), not a failure. The check runs beside the I/O loop after each
     * block and its time is left out of the timed interval and the timeline; it needs one more
     * block of memory (a read buffer beside the write pool).
     *
     * @return a new plan
     */
    public SequentialPlan noVerify() {
        return withParameters(parameters().withVerify(false));
    }

    /**
     * Check what the read passes read back (the default; the inverse of {@link #noVerify()}, for
     * a plan built on one that turned it off).
     *
     * @return a new plan
     */
    public SequentialPlan verify() {
        return withParameters(parameters().withVerify(true));
    }

    /**
     * {@return how long the cached-read pass lasts, or empty when it is not measured (set by
     * {@link #cachedRead(Duration)})}
     */
    public Optional<Duration> cachedReadDuration() {
        return parameters().cachedRead();
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
        SequentialParameters p = parameters();
        PageCacheOptions pageCache = PageCacheOptions.of(p.dropCaches(), p.cachedRead());
        pageCache.checkReadsAreBuffered(p.direct() && !p.bufferedFallback(), "buffered",
                "directOrBuffered");
        return FlightEvents.recorded(() -> new SequentialMeasurement(target(), p,
                progressListener(), chosenBackend(), pageCache).run());
    }

    @Override
    public String toString() {
        SequentialParameters p = parameters();
        return "SequentialPlan[" + target() + ": " + p
                + (p.bufferedFallback() ? ", buffered where O_DIRECT is refused" : "")
                + (p.dropCaches() ? ", drop_caches before buffered reads" : "")
                + p.cachedRead().map(d -> ", cached reads for " + d.toMillis() + " ms")
                        .orElse("")
                + (p.verify() ? "" : ", reads not verified") + "]";
    }
}
