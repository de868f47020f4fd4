package io.github.drivespeed;

import io.github.drivespeed.error.DirectIoUnsupportedException;
import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.error.InvalidSettingException.Reason;
import io.github.drivespeed.error.TargetNotFoundException;
import io.github.drivespeed.error.TestFileIoException;
import io.github.drivespeed.error.UnsafeTargetException;
import io.github.drivespeed.error.UnsupportedTargetException;
import io.github.drivespeed.internal.check.SettingChecks;
import io.github.drivespeed.internal.jfr.FlightEvents;
import io.github.drivespeed.internal.measure.DeviceMeasurement;
import io.github.drivespeed.internal.measure.PageCacheOptions;
import io.github.drivespeed.parameters.DeviceParameters;
import io.github.drivespeed.parameters.Limits;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.CapacityProbeReport;
import io.github.drivespeed.report.DeviceReport;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.warning.Warning;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * An immutable plan for a test of a raw block device, obtained from
 * {@link DriveSpeed#onDevice(Path)}: what {@code hdparm -t} and
 * {@code dd if=/dev/sdX of=/dev/null bs=8M iflag=direct} measure. Read-only by default: the
 * device is opened O_RDONLY and read sequentially from offset 0, block by block, never past its
 * end. Every setter returns a new plan.
 *
 * <p>Defaults: 8 MiB blocks, O_DIRECT, time-based runs of 3 seconds (as {@code hdparm -t}), 3
 * runs. Each run goes on from where the previous one stopped (wrapping to offset 0 at the end),
 * so no run re-reads what a drive's or host's cache may hold from the run before; an untimed
 * warm-up reads a few blocks at the device's end first.
 *
 * <p>A device smaller than the default block (a 4 MiB eMMC boot partition) is read with a block
 * that fits: the largest that divides its size in whole logical blocks (and direct-I/O units),
 * up to 8 MiB; a block size the caller gave is refused instead when it does not fit. On a device
 * smaller than 8 MiB, a time-based read-only O_DIRECT run reads the whole device again, lap after
 * lap, until its duration ends ({@code hdparm -t} times its reads over about 3 seconds, but on a
 * 4 MiB device stops after one read of it, in a few milliseconds); its figure counts every byte
 * read. Any run shorter than
 * {@value io.github.drivespeed.warning.Warning#MIN_PASS_MILLIS} ms, or of fewer than
 * {@value io.github.drivespeed.warning.Warning#MIN_PASS_BLOCKS} blocks, carries
 * {@link io.github.drivespeed.warning.Warning#PASS_TOO_SHORT}.
 *
 * <p>Writing (destroys the device's contents) needs three things: {@link #write()}, the opt-in
 * {@link #allowWritesTo(Path)} naming the same device again, and a device that nothing uses: a
 * device that is mounted (itself, a partition, or anything stacked on it), used as swap or held by
 * device-mapper or md is never written, forced or not; one that carries a partition table or
 * file-system signature is written only with {@link #force()}. The native backend opens it
 * O_RDWR|O_EXCL, so the kernel refuses too if it is in use.
 *
 * @since 0.1.0
 */
public final class DevicePlan extends BlockPlan<DevicePlan, ProgressListener, DeviceParameters> {

    /** Default block size: 8 MiB ({@link DeviceParameters#DEFAULT_BLOCK_SIZE}). */
    public static final DataSize DEFAULT_BLOCK_SIZE = DeviceParameters.DEFAULT_BLOCK_SIZE;
    /**
     * Default run length: 3 seconds, as {@code hdparm -t}
     * ({@link DeviceParameters#DEFAULT_DURATION}).
     */
    public static final Duration DEFAULT_DURATION = DeviceParameters.DEFAULT_DURATION;
    /** Default number of measured runs: 3 ({@link DeviceParameters#DEFAULT_RUNS}). */
    public static final int DEFAULT_RUNS = DeviceParameters.DEFAULT_RUNS;

    /** The device named again by {@link #allowWritesTo(Path)}, or empty. */
    private final Optional<Path> writeConfirmation;
    /**
     * Whether the caller set the block size: a device test fits its default to a device smaller
     * than it, and refuses a given one that does not fit.
     */
    private final boolean blockSizeGiven;

    private DevicePlan(Path device, IoBackend backend, ProgressListener listener,
            DeviceParameters parameters, Optional<Path> writeConfirmation,
            boolean blockSizeGiven) {
        super(device, backend, listener, parameters);
        this.writeConfirmation = writeConfirmation;
        this.blockSizeGiven = blockSizeGiven;
    }

    static DevicePlan defaults(Path device) {
        return new DevicePlan(Objects.requireNonNull(device, "device"), null,
                ProgressListener.NONE, DeviceParameters.defaults(), Optional.empty(), false);
    }

    @Override
    DevicePlan with(IoBackend chosen, ProgressListener told, DeviceParameters changed) {
        return new DevicePlan(target(), chosen, told, changed, writeConfirmation,
                blockSizeGiven);
    }

    @Override
    DevicePlan withBlockSize(DataSize blockSize) {
        return new DevicePlan(target(), chosenBackend().orElse(null), progressListener(),
                parameters().withBlockSize(blockSize), writeConfirmation, true);
    }

    /**
     * Size-based runs: each run moves {@code count} blocks (dd's {@code count}), instead of
     * running for a {@link #duration(Duration)}.
     *
     * @param count {@code >= 1}; {@link #run()} requires {@code blockSize x count} to fit in the
     *     device
     * @return a new plan
     * @throws IllegalArgumentException if {@code count < 1} or {@code blockSize x count}
     *     overflows a {@code long}
     */
    public DevicePlan count(long count) {
        return withParameters(parameters().withCount(count));
    }

    /**
     * Time-based runs (the default, 3 seconds, as {@code hdparm -t}): each run reads for
     * {@code duration}, or until the device's end, whichever comes first.
     *
     * @param duration at least 1 ms
     * @return a new plan
     * @throws IllegalArgumentException if shorter than 1 ms
     */
    public DevicePlan duration(Duration duration) {
        return withParameters(parameters().withDuration(duration));
    }

    /**
     * Measured repetitions.
     *
     * @param runs 1 to {@value Limits#MAX_RUNS}
     * @return a new plan
     * @throws IllegalArgumentException if {@code runs} is below 1 or above
     *     {@value Limits#MAX_RUNS}
     */
    public DevicePlan runs(int runs) {
        return withParameters(parameters().withRuns(runs));
    }

    /**
     * O_DIRECT, bypassing the page cache (the default; {@code dd iflag=direct},
     * {@code hdparm -t --direct}).
     *
     * @return a new plan
     */
    public DevicePlan direct() {
        return withParameters(parameters().withDirect(true));
    }

    /**
     * Buffered reads through the page cache, as {@code hdparm -t} does by default: before each
     * read pass the device's cached pages are dropped (ioctl BLKFLSBUF where permitted, as hdparm
     * does, and posix_fadvise POSIX_FADV_DONTNEED) and a check finds none left, where the backend
     * can (native); otherwise the figure carries {@link Warning#READ_MAY_INCLUDE_PAGE_CACHE}
     * unless {@link #dropCaches()} was chosen.
     *
     * @return a new plan
     */
    public DevicePlan buffered() {
        return withParameters(parameters().withDirect(false));
    }

    /**
     * Before each buffered read pass, also drop the whole machine's clean caches (sync,
     * {@code /proc/sys/vm/drop_caches}); needs root, affects every process: see
     * {@link SequentialPlan#dropCaches()}.
     *
     * @return a new plan
     */
    public DevicePlan dropCaches() {
        return withParameters(parameters().withDropCaches(true));
    }

    /**
     * Also measure cached reads for 2 seconds, as {@code hdparm -T}: see
     * {@link #cachedRead(Duration)}.
     *
     * @return a new plan
     */
    public DevicePlan cachedRead() {
        return cachedRead(SequentialPlan.DEFAULT_CACHED_READ);
    }

    /**
     * After the runs, also measure cached reads, as {@code hdparm -T} does: the device's first
     * 2 MiB are read once through the page cache, then again and again for {@code duration}. The
     * figure ({@link DeviceReport#cachedRead()}) is the page cache's and memory's speed, never the
     * drive's; a read figure faster than it gets {@link Warning#FASTER_THAN_CACHED_READS}.
     *
     * @param duration at least 1 ms
     * @return a new plan
     * @throws IllegalArgumentException if shorter than 1 ms
     */
    public DevicePlan cachedRead(Duration duration) {
        return withParameters(parameters().withCachedRead(
                Optional.of(SettingChecks.requireNonNull("cachedRead", duration))));
    }

    /**
     * Also write: each run writes its blocks (random data, every sector stamped with its offset)
     * and fdatasync's them, timed, then reads the same blocks back. This destroys the device's
     * contents. {@link #run()} refuses it with {@link UnsafeTargetException} unless
     * {@link #allowWritesTo(Path)} names this same device, nothing uses the device, and (for a
     * device carrying a partition table or file system) {@link #force()} was given.
     *
     * @return a new plan
     */
    public DevicePlan write() {
        return withParameters(parameters().withWrite(true));
    }

    /**
     * Only read (the default, as {@code hdparm -t}; the inverse of {@link #write()}, for a plan
     * built on one that writes): nothing is written to the device.
     *
     * @return a new plan
     */
    public DevicePlan read() {
        return withParameters(parameters().withWrite(false));
    }

    /**
     * The opt-in for {@link #write()}: names the device again, so that a typo in one place cannot
     * destroy another device. {@link #run()} compares both after resolving symbolic links.
     *
     * @param sameDevice the same block device as {@link DriveSpeed#onDevice(Path)} was given
     * @return a new plan
     */
    public DevicePlan allowWritesTo(Path sameDevice) {
        Objects.requireNonNull(sameDevice, "sameDevice");
        return new DevicePlan(target(), chosenBackend().orElse(null), progressListener(),
                parameters(), Optional.of(sameDevice), blockSizeGiven);
    }

    /**
     * With {@link #write()} and {@link #allowWritesTo(Path)}: write even over a partition table
     * or file-system signature. A mounted or otherwise used device is still refused.
     *
     * @return a new plan
     */
    public DevicePlan force() {
        return withParameters(parameters().withForce(true));
    }

    /**
     * Do not check what a write test reads back (verification is on by default for
     * {@link #write()}: every block each read pass reads is compared with what the write pass
     * wrote there, sector stamps and payload, as {@link SequentialPlan#noVerify()} describes; a
     * loss puts {@link Warning#DATA_LOSS} on both passes). A read-only test reads what drivespeed
     * did not write: it only counts the blocks that came back as one byte repeated, all 0x00 or
     * 0xFF or another (never written, discarded or erased: {@link Warning#READ_CONSTANT_FILL}),
     * with or without this.
     *
     * @return a new plan
     */
    public DevicePlan noVerify() {
        return withParameters(parameters().withVerify(false));
    }

    /**
     * Check what a write test reads back (the default; the inverse of {@link #noVerify()}, for a
     * plan built on one that turned it off).
     *
     * @return a new plan
     */
    public DevicePlan verify() {
        return withParameters(parameters().withVerify(true));
    }

    /**
     * Runs the test. Before anything is opened: the device must exist (it is never created) and
     * be a block device; the block size must be a multiple of its logical block size and fit in
     * it, and so must {@code blockSize x count}; for {@link #write()}, every safety check must
     * pass. Then the device is opened read-only (or exclusively for writing), read (and written)
     * run by run, and closed. The {@link #listener listener} is told about each write and read
     * pass, not about the cached-read pass.
     *
     * @return the report
     * @throws TargetNotFoundException if the device does not exist
     * @throws UnsupportedTargetException if it is not a block device (a directory, a regular file,
     *     a character device such as {@code /dev/null})
     * @throws UnsafeTargetException if writing was asked for and refused
     * @throws DirectIoUnsupportedException if O_DIRECT was refused
     * @throws TestFileIoException if a read, write or sync failed (the message names the offset)
     * @throws java.io.InterruptedIOException if the thread was interrupted (flag kept)
     * @throws IllegalArgumentException if the block size or count do not suit the device, the
     *     backend cannot open block devices (or write them), drop_caches was asked for without
     *     root or with O_DIRECT reads, or {@link #allowWritesTo} or {@link #force()} was given
     *     without {@link #write()}
     * @throws IOException if the device cannot be opened or examined (EACCES without permission)
     */
    public DeviceReport run() throws IOException {
        pageCacheOptions().checkReadsAreBuffered(parameters().direct(), "buffered");
        if (!parameters().write() && (writeConfirmation.isPresent() || parameters().force())) {
            throw new InvalidSettingException(writeConfirmation.isPresent() ? "allowWritesTo"
                    : "force", writeConfirmation.orElse(null), Reason.of("applies to a write"
                    + " test: add ").setting("write").then(", or leave it out for a read-only"
                    + " test"), null);
        }
        return FlightEvents.recorded(() -> new DeviceMeasurement(target(), parameters(),
                !blockSizeGiven, writeConfirmation, pageCacheOptions(), progressListener(),
                chosenBackend()).run());
    }

    /**
     * The capacity probe of {@link CapacityProbePlan#run()} on this plan's device, with its
     * opt-ins, backend and listener.
     *
     * @param cacheBoundBytes the cache of recent writes to rule out, bytes
     * @return what the probe found
     * @throws IOException as {@link CapacityProbePlan#run()}
     */
    CapacityProbeReport probeCapacity(long cacheBoundBytes) throws IOException {
        return new DeviceMeasurement(target(), parameters(), false, writeConfirmation,
                pageCacheOptions(), progressListener(), chosenBackend())
                .probeCapacity(cacheBoundBytes);
    }

    @Override
    public String toString() {
        return "DevicePlan[" + target() + ": " + parameters()
                + writeConfirmation.map(c -> ", writes allowed to " + c).orElse("")
                + (parameters().dropCaches() ? ", drop_caches before buffered reads" : "")
                + (parameters().cachedRead().isPresent() ? ", cached reads" : "") + "]";
    }

    private PageCacheOptions pageCacheOptions() {
        return PageCacheOptions.of(parameters().dropCaches(), parameters().cachedRead());
    }
}
