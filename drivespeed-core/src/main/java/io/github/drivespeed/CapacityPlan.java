package io.github.drivespeed;

import io.github.drivespeed.error.InsufficientSpaceException;
import io.github.drivespeed.error.TargetNotFoundException;
import io.github.drivespeed.error.TestFileIoException;
import io.github.drivespeed.internal.check.SettingChecks;
import io.github.drivespeed.internal.jfr.FlightEvents;
import io.github.drivespeed.internal.measure.CapacityCheck;
import io.github.drivespeed.parameters.CapacityParameters;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.CapacityCheckReport;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.unit.Nanoseconds;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * An immutable plan for a capacity check of a directory, obtained from
 * {@link DriveSpeed#verifyCapacity(Path)}: what f3write followed by f3read (and h2testw) do. The
 * free space, or {@link #size(DataSize) a size}, is filled with test files of at most 1 GiB each
 * (under FAT32's 4 GiB limit) of random data whose every sector carries its offset and the file's
 * nonce; every file is written and fdatasync'd before any is read back (a medium with a cache
 * must not be read from it), then each is read back with O_DIRECT (or buffered after eviction)
 * and checked block by block. The report gives the usable bytes (those that read back as
 * written), the bytes lost, the first bad offset and its kind, and the write and read rates.
 * Every file is removed afterwards, on failure and interruption too (unnamed O_TMPFILE files
 * where possible; named {@code drivespeed-<pid>-<nonce>.tmp} files elsewhere, such as FAT32 and
 * exFAT, which a later run removes if a kill left them).
 *
 * <p>A full check takes as long as writing and reading the whole free space: a 256 GB card at
 * 10 MB/s takes about 7 hours to write. {@link #size(DataSize)} bounds it, and so does
 * {@link #duration(Duration)} (the fill stops when it has run that long, and what was written is
 * read back); the destructive probe of a block device ({@link DriveSpeed#probeCapacity(Path)}) takes
 * seconds to minutes.
 *
 * @since 0.1.0
 */
public final class CapacityPlan extends Plan<CapacityPlan, ProgressListener, CapacityParameters> {

    private CapacityPlan(Path target, IoBackend backend, ProgressListener listener,
            CapacityParameters parameters) {
        super(target, backend, listener, parameters);
    }

    static CapacityPlan defaults(Path target) {
        return new CapacityPlan(target, null, ProgressListener.NONE,
                CapacityParameters.defaults());
    }

    @Override
    CapacityPlan with(IoBackend chosen, ProgressListener told, CapacityParameters changed) {
        return new CapacityPlan(target(), chosen, told, changed);
    }

    /**
     * Fill this much instead of the free space.
     *
     * @param size at least 1 MiB, a multiple of 512 bytes (rounded down to whole MiB)
     * @return a new plan
     * @throws IllegalArgumentException if smaller than 1 MiB or not whole sectors
     */
    public CapacityPlan size(DataSize size) {
        return withParameters(parameters().withSize(size));
    }

    /**
     * Fill this much, in the {@link DataSize} grammar ({@code "1G"}).
     *
     * @param size the size as text
     * @return a new plan
     * @throws IllegalArgumentException if it does not parse, or as {@link #size(DataSize)}
     */
    public CapacityPlan size(String size) {
        return size(SettingChecks.parseSize("size", size));
    }

    /**
     * Stop filling once the fill has run this long (at the next block, 1 MiB), then read back
     * and check what was written: the whole check then takes this long plus the read-back (at
     * the medium's read rate, usually faster than its write rate). With a size too, whichever
     * comes first ends the fill ({@link CapacityCheckReport.Fill#stop()} says which).
     *
     * @param duration 1 s to 7 days
     * @return a new plan
     * @throws IllegalArgumentException if outside that range
     */
    public CapacityPlan duration(Duration duration) {
        return withParameters(parameters().withDuration(duration));
    }

    /**
     * Runs the check: fills, syncs, reads back and checks, removes every file. The
     * {@link #listener listener} is told about the write phase (as the write pass of run 1) and
     * the read-back (as its read pass), with bytes done.
     *
     * @return the report; data loss is a result ({@link CapacityCheckReport#passed()} false), not
     *     an exception
     * @throws TargetNotFoundException if the directory does not exist
     * @throws InsufficientSpaceException if the size given does not fit, or less than 1 MiB is free
     * @throws TestFileIoException if a write or sync failed (a read that fails with EIO is data
     *     lost, and counted)
     * @throws java.io.InterruptedIOException if interrupted (flag kept; the files are removed)
     * @throws IOException if the target cannot be examined
     */
    public CapacityCheckReport run() throws IOException {
        return FlightEvents.recorded(() -> new CapacityCheck(target(), parameters(),
                progressListener(), chosenBackend()).run());
    }

    @Override
    public String toString() {
        return "CapacityPlan[" + target() + ": "
                + parameters().size().map(DataSize::toString).orElse("the free space")
                + parameters().duration()
                        .map(d -> ", at most " + Nanoseconds.format(d.toNanos())).orElse("")
                + "]";
    }
}
