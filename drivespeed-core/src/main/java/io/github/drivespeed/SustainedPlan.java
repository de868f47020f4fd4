package io.github.drivespeed;

import io.github.drivespeed.error.InsufficientSpaceException;
import io.github.drivespeed.error.TargetNotFoundException;
import io.github.drivespeed.error.TestFileIoException;
import io.github.drivespeed.internal.check.SettingChecks;
import io.github.drivespeed.internal.jfr.FlightEvents;
import io.github.drivespeed.internal.measure.SustainedMeasurement;
import io.github.drivespeed.parameters.SustainedParameters;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.SustainedReport;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.unit.DataSize;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * An immutable plan for a sustained write in a directory, obtained from
 * {@link DriveSpeed#sustained(Path)}: a write test that runs past the drive's write cache (rule
 * 8). There is no warm-up write first, since it would spend the cache being measured; the pass
 * writes a new test file block by block (O_DIRECT, random data, every sector stamped), logs each
 * block's completion time, and stops once the rate has fallen below half and then held steady for
 * {@link #steadyFor(Duration) 10 s}, or at a bound: {@link #duration(Duration) 120 s}, a size of
 * 8 GiB (or {@link #size(DataSize) the size given}), half the free space, and always a margin
 * left free: 5 % of the file system's size, at least 16 MiB, at most 1 GiB (a 512 MiB card keeps
 * 26 MiB). The report ({@link SustainedReport}) gives the burst rate, the cache size (bytes written
 * before the drop) and the sustained rate after it: what the SD Association's speed classes (C,
 * U, V) promise as a minimum. On a memory file system it is refused unless a size is given.
 * Every setter returns a new plan.
 *
 * <p>Caches refill while a drive is idle: a second sustained test right after a first may find
 * less cache. {@link #idleFirst(Duration)} waits first, and the report records it.
 *
 * @since 0.1.0
 */
public final class SustainedPlan
        extends BlockPlan<SustainedPlan, ProgressListener, SustainedParameters> {

    /**
     * Default block size: 1 MiB (fine enough to time a slow card's rate to a few per cent;
     * {@link SustainedParameters#DEFAULT_BLOCK_SIZE}).
     */
    public static final DataSize DEFAULT_BLOCK_SIZE = SustainedParameters.DEFAULT_BLOCK_SIZE;
    /** Default size bound: 8 GiB. */
    public static final DataSize DEFAULT_MAX_SIZE = SustainedParameters.DEFAULT_MAX_SIZE;
    /** Default time bound: 120 s. */
    public static final Duration DEFAULT_DURATION = SustainedParameters.DEFAULT_DURATION;
    /** Default time the rate must hold after a drop: 10 s. */
    public static final Duration DEFAULT_STEADY = SustainedParameters.DEFAULT_STEADY;

    private SustainedPlan(Path target, IoBackend backend, ProgressListener listener,
            SustainedParameters parameters) {
        super(target, backend, listener, parameters);
    }

    static SustainedPlan defaults(Path target) {
        return new SustainedPlan(target, null, ProgressListener.NONE,
                SustainedParameters.defaults());
    }

    @Override
    SustainedPlan with(IoBackend chosen, ProgressListener told, SustainedParameters changed) {
        return new SustainedPlan(target(), chosen, told, changed);
    }

    @Override
    SustainedPlan withBlockSize(DataSize blockSize) {
        return withParameters(parameters().withBlockSize(blockSize));
    }

    /**
     * The size bound instead of 8 GiB and half the free space (the margin is still left free);
     * allows a memory file system.
     *
     * @param size at least one block, a multiple of 512 bytes
     * @return a new plan
     * @throws IllegalArgumentException if not a positive multiple of 512 bytes; smaller than
     *     one block is refused when the plan runs (the block size may be set after it)
     */
    public SustainedPlan size(DataSize size) {
        return withParameters(parameters().withSize(size));
    }

    /**
     * The size bound, in the {@link DataSize} grammar ({@code "4G"}).
     *
     * @param size the size as text
     * @return a new plan
     * @throws IllegalArgumentException if it does not parse, or as {@link #size(DataSize)}
     */
    public SustainedPlan size(String size) {
        return size(SettingChecks.parseSize("size", size));
    }

    /**
     * The time bound (default 120 s).
     *
     * @param duration 1 s to 24 h
     * @return a new plan
     * @throws IllegalArgumentException if outside that range
     */
    public SustainedPlan duration(Duration duration) {
        return withParameters(parameters().withDuration(duration));
    }

    /**
     * How long the rate must hold steady after a drop before the pass stops (default 10 s).
     *
     * @param steady 1 s to 1 h
     * @return a new plan
     * @throws IllegalArgumentException if outside that range
     */
    public SustainedPlan steadyFor(Duration steady) {
        return withParameters(parameters().withSteadyFor(steady));
    }

    /**
     * Wait this long, writing nothing, before the pass, so that a drive's cache can refill after
     * earlier writes (recorded in
     * {@link io.github.drivespeed.parameters.SustainedParameters#idleFirst()}; default 0).
     *
     * @param idle 0 to 1 h
     * @return a new plan
     * @throws IllegalArgumentException if outside that range
     */
    public SustainedPlan idleFirst(Duration idle) {
        return withParameters(parameters().withIdleFirst(idle));
    }

    /**
     * Buffered writes instead of O_DIRECT: the page cache then is the first cache the pass fills
     * (its dirty limit), and the fdatasync at the end is timed.
     *
     * @return a new plan
     */
    public SustainedPlan buffered() {
        return withParameters(parameters().withDirect(false));
    }

    /**
     * O_DIRECT writes, bypassing the page cache (the default; the inverse of {@link #buffered()},
     * for a plan built on one that buffers).
     *
     * @return a new plan
     */
    public SustainedPlan direct() {
        return withParameters(parameters().withDirect(true));
    }

    /**
     * Runs the sustained write: checks the target and the free space, waits the idle time,
     * writes, fdatasync's, removes the test file. The {@link #listener listener} is told when
     * the pass starts, after each block and when it ends.
     *
     * @return the report
     * @throws TargetNotFoundException if the directory does not exist
     * @throws InsufficientSpaceException if less than one block (or the size given) fits with
     *     the margin left free (5 % of the file system, at least 16 MiB, at most 1 GiB)
     * @throws TestFileIoException if a write or the sync failed
     * @throws java.io.InterruptedIOException if interrupted (flag kept; the file is removed)
     * @throws IllegalArgumentException if the target is a memory file system and no size was
     *     given, or the block size does not suit the target or backend
     * @throws IOException if the target cannot be examined
     */
    public SustainedReport run() throws IOException {
        return FlightEvents.recorded(() -> new SustainedMeasurement(target(), parameters(),
                progressListener(), chosenBackend()).run());
    }

    @Override
    public String toString() {
        SustainedParameters p = parameters();
        return "SustainedPlan[" + target() + ": " + p.blockSize() + " blocks, at most "
                + p.size().map(DataSize::toString).orElse(DEFAULT_MAX_SIZE
                        + " and half the free space")
                + " and " + p.duration().toSeconds() + " s, steady " + p.steadyFor().toSeconds()
                + " s" + (p.direct() ? "" : ", buffered") + "]";
    }
}
