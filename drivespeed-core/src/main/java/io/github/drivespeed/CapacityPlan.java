package io.github.drivespeed;

import io.github.drivespeed.error.InsufficientSpaceException;
import io.github.drivespeed.error.TargetNotFoundException;
import io.github.drivespeed.error.TestFileIoException;
import io.github.drivespeed.internal.check.SettingChecks;
import io.github.drivespeed.internal.measure.CapacityCheck;
import io.github.drivespeed.internal.preflight.BackendSelector;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.CapacityCheckReport;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.unit.Nanoseconds;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

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
 * read back); the destructive probe of a block device ({@link DevicePlan#probeCapacity()}) takes
 * seconds to minutes.
 */
public final class CapacityPlan {

    private final Path target;
    private final OptionalLong size;
    private final Optional<Duration> duration;
    private final ProgressListener listener;
    private final IoBackend backend;

    private CapacityPlan(Path target, OptionalLong size, Optional<Duration> duration,
            ProgressListener listener, IoBackend backend) {
        this.target = target;
        this.size = size;
        this.duration = duration;
        this.listener = listener;
        this.backend = backend;
    }

    static CapacityPlan defaults(Path target) {
        return new CapacityPlan(Objects.requireNonNull(target, "target"), OptionalLong.empty(),
                Optional.empty(), ProgressListener.NONE, null);
    }

    /**
     * Fill this much instead of the free space.
     *
     * @param size at least 1 MiB, a multiple of 512 bytes (rounded down to whole MiB)
     * @return a new plan
     * @throws IllegalArgumentException if smaller than 1 MiB or not whole sectors
     */
    public CapacityPlan size(DataSize size) {
        SettingChecks.requireAtLeast("size", SettingChecks.requireWholeSectors("size", size),
                DataSize.ofMebibytes(1));
        return new CapacityPlan(target, OptionalLong.of(size.bytes()), duration, listener,
                backend);
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
     * comes first ends the fill ({@link CapacityCheckReport#stop()} says which).
     *
     * @param duration 1 s to 7 days
     * @return a new plan
     * @throws IllegalArgumentException if outside that range
     */
    public CapacityPlan duration(Duration duration) {
        return new CapacityPlan(target, size, Optional.of(SettingChecks.requireInRange("duration",
                duration, Duration.ofSeconds(1), Duration.ofDays(7))), listener, backend);
    }

    /**
     * @param listener told about the write phase (as the write pass of run 1) and the read-back
     *     (as its read pass), with bytes done
     * @return a new plan
     */
    public CapacityPlan listener(ProgressListener listener) {
        return new CapacityPlan(target, size, duration,
                Objects.requireNonNull(listener, "listener"), backend);
    }

    /**
     * @param name the backend's name ({@code java}, {@code native})
     * @return a new plan
     * @throws IllegalArgumentException if no backend has that name, or it is unavailable here
     */
    public CapacityPlan backend(String name) {
        IoBackend b = BackendSelector.named(name);
        return new CapacityPlan(target, size, duration, listener, b);
    }

    /**
     * @param backend the backend
     * @return a new plan
     * @throws IllegalArgumentException if it is unavailable here
     */
    public CapacityPlan backend(IoBackend backend) {
        BackendSelector.explicit(backend);
        return new CapacityPlan(target, size, duration, listener, backend);
    }

    /** @return the directory, as given */
    public Path target() {
        return target;
    }

    /** @return the size to fill; empty for the free space */
    public OptionalLong size() {
        return size;
    }

    /** @return the time bound of the fill; empty for none */
    public Optional<Duration> duration() {
        return duration;
    }

    /**
     * Runs the check: fills, syncs, reads back and checks, removes every file.
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
        return new CapacityCheck(target, size, duration, listener, Optional.ofNullable(backend))
                .run();
    }

    @Override
    public String toString() {
        return "CapacityPlan[" + target + ": "
                + (size.isPresent() ? DataSize.ofBytes(size.getAsLong()).toString()
                        : "the free space") + duration.map(d -> ", at most "
                        + Nanoseconds.format(d.toNanos())).orElse("")
                + "]";
    }
}
