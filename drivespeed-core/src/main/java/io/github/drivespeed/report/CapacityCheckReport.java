package io.github.drivespeed.report;

import io.github.drivespeed.report.medium.DataLossKind;
import io.github.drivespeed.report.medium.Verification;
import io.github.drivespeed.parameters.CapacityParameters;
import io.github.drivespeed.report.text.ReportText;
import io.github.drivespeed.target.TargetInfo;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.unit.Nanoseconds;
import io.github.drivespeed.unit.Throughput;
import io.github.drivespeed.warning.Warning;
import java.time.Instant;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * What a capacity check of a directory found ({@link io.github.drivespeed.DriveSpeed#verifyCapacity},
 * as f3write + f3read and h2testw do it): the free space (or the size asked for) filled with
 * files of stamped data, every file written before any was read back, then each read back and
 * checked. Bytes, offsets (in the fill: file i starts at {@code i x fileBytes}) and nanoseconds.
 * Immutable.
 *
 * @param target the directory and its drive
 * @param parameters the settings the check ran with: how much to fill, for how long at most
 * @param backend the I/O backend that ran
 * @param fill the writing of the files: bytes, file size, count, O_DIRECT, write time and what
 *     ended it
 * @param readBack the reading back of the files: what it found, read time, how caches were kept
 *     out, files that failed to close after a loss
 * @param elapsedNanos the whole check's running time, in nanoseconds (preflight, fill, read-back
 *     and removal of the files)
 * @param startedAt when it started (wall clock)
 * @since 0.1.0
 */
public record CapacityCheckReport(TargetInfo target, CapacityParameters parameters,
        BackendInfo backend, Fill fill, ReadBack readBack, long elapsedNanos, Instant startedAt)
        implements Report {

    /**
     * What a fill of the free space leaves free for the file system's own blocks (the new files'
     * extent trees or cluster chains, directory entries): 4 MiB. The fill is the free space at
     * the start less this, rounded down to whole {@link #FILL_BLOCK_BYTES} blocks.
     */
    public static final long FILE_SYSTEM_SLACK_BYTES = 4L << 20;
    /** The fill's block: 1 MiB; the fill is a whole number of them. */
    public static final long FILL_BLOCK_BYTES = 1L << 20;

    /**
     * What ended the fill.
     *
     * @since 0.1.0
     */
    public enum Stop {
        /** The free space was filled (or the file system ran out before the size given). */
        FREE_SPACE,
        /** The size given was written ({@link io.github.drivespeed.CapacityPlan#size}). */
        SIZE,
        /**
         * The duration given had passed ({@link io.github.drivespeed.CapacityPlan#duration}):
         * only what was written by then is checked.
         */
        DURATION,
        /**
         * A write (or a file's fdatasync) failed with EIO, as counterfeit media answer past their
         * real size: what was written is read back, and the block that failed is lost
         * ({@link DataLossKind#UNWRITABLE}); usable at most {@link #writeFailureOffsetBytes()}.
         */
        WRITE_FAILED
    }

    /**
     * The fill: the files of stamped data, every one written (each with its fdatasync) before
     * any was read back. Immutable.
     *
     * @param writtenBytes bytes written, in bytes (the fill; less than asked when the file system
     *     ran out, the writes failed or the duration passed)
     * @param fileBytes bytes per file, in bytes (each under 4 GiB, FAT32's limit, or the largest
     *     file the process or file system allows); the last may be shorter
     * @param files how many files were written
     * @param direct whether the files were written and read with O_DIRECT (else buffered, and
     *     evicted before reading where the backend can)
     * @param writeNanos time of the writes, in nanoseconds, each file's fdatasync included
     * @param stop what ended the fill
     * @since 0.1.0
     */
    public record Fill(long writtenBytes, long fileBytes, int files, boolean direct,
            long writeNanos, Stop stop) {

        /**
         * Checks the values.
         *
         * @param writtenBytes bytes written
         * @param fileBytes bytes per file
         * @param files how many files
         * @param direct whether O_DIRECT was used
         * @param writeNanos time of the writes, in nanoseconds
         * @param stop what ended the fill
         * @throws IllegalArgumentException if a figure is negative, or {@code fileBytes} is not
         *     positive
         * @throws NullPointerException if {@code stop} is null
         */
        public Fill {
            Objects.requireNonNull(stop, "stop");
            if (writtenBytes < 0 || fileBytes <= 0 || files < 0 || writeNanos < 0) {
                throw new IllegalArgumentException("figures must not be negative");
            }
        }

        /** {@return the writes' rate: bytes written over the write time} */
        public Throughput rate() {
            return Throughput.ofBytesOverNanos(writtenBytes, Math.max(1, writeNanos));
        }
    }

    /**
     * The read-back: every file read and checked, after all were written. Immutable.
     *
     * @param verification what reading back found: bytes checked, lost, the first bad offset
     *     (from the start of the fill, file i starting at {@code i x fileBytes}) and kind
     * @param readNanos time of the reads, in nanoseconds (the checks run beside them, behind the
     *     reads)
     * @param readHandling how the read-back kept caches out: {@link CacheHandling#DIRECT_IO} or
     *     {@link CacheHandling#EVICTED}, and on a FUSE file system whose daemon reads its device
     *     through the page cache {@link CacheHandling#FUSE_DEVICE_EVICTED} (verified) or
     *     {@link CacheHandling#FUSE_DEVICE_CACHED} or, with no block device of this machine under
     *     it (sshfs), {@link CacheHandling#FUSE_NO_LOCAL_DEVICE} (not verified:
     *     {@link CapacityCheckReport#verified()})
     * @param closeFailuresAfterLoss how many files failed to close with EIO after the read-back
     *     had found data lost: the file system's own data was lost as the files' was (exfat-fuse
     *     reads a file's directory entry back when it is closed), so it is part of the loss, not
     *     an I/O error of the check; every file is removed all the same
     * @since 0.1.0
     */
    public record ReadBack(Verification verification, long readNanos, CacheHandling readHandling,
            int closeFailuresAfterLoss) {

        /**
         * Checks the values.
         *
         * @param verification what reading back found
         * @param readNanos time of the reads, in nanoseconds
         * @param readHandling how the read-back kept caches out
         * @param closeFailuresAfterLoss files that failed to close with EIO after a loss was
         *     found
         * @throws IllegalArgumentException if {@code readNanos} is negative, or files failed to
         *     close after a loss that was not found
         * @throws NullPointerException if an object field is null
         */
        public ReadBack {
            Objects.requireNonNull(readHandling, "readHandling");
            Objects.requireNonNull(verification, "verification");
            if (readNanos < 0) {
                throw new IllegalArgumentException("figures must not be negative");
            }
            if (closeFailuresAfterLoss < 0 || (closeFailuresAfterLoss > 0
                    && !verification.hasLoss())) {
                throw new IllegalArgumentException("closeFailuresAfterLoss goes with a loss, and"
                        + " is at least 0: " + closeFailuresAfterLoss);
            }
        }

        /** {@return the reads' rate: bytes checked over the read time} */
        public Throughput rate() {
            return Throughput.ofBytesOverNanos(verification.checkedBytes(),
                    Math.max(1, readNanos));
        }
    }

    /**
     * Checks the values.
     *
     * @param target the directory and its drive
     * @param parameters the settings used
     * @param backend the I/O backend that ran
     * @param fill the writing of the files
     * @param readBack the reading back of the files
     * @param elapsedNanos running time, in nanoseconds
     * @param startedAt when it started
     * @throws NullPointerException if an object field is null
     */
    public CapacityCheckReport {
        ReportChecks.requireCommon(target, parameters, backend, startedAt);
        Objects.requireNonNull(fill, "fill");
        Objects.requireNonNull(readBack, "readBack");
    }

    /**
     * {@return whether the read-back came from the medium: false when it went through a FUSE
     * daemon whose device's page cache could not be dropped ({@link
     * CacheHandling#FUSE_DEVICE_CACHED}) or that has no block device of this machine under it
     * ({@link CacheHandling#FUSE_NO_LOCAL_DEVICE}: sshfs), so that "nothing lost" may be memory
     * read back}
     */
    public boolean verified() {
        CacheHandling handling = readBack.readHandling();
        return handling != CacheHandling.FUSE_DEVICE_CACHED
                && handling != CacheHandling.FUSE_NO_LOCAL_DEVICE;
    }

    /** {@return bytes that read back as written: the usable capacity, as far as this fill shows} */
    public long usableBytes() {
        return readBack.verification().intactBytes();
    }

    /** {@return bytes that did not read back as written} */
    public long lostBytes() {
        return readBack.verification().lostBytes();
    }

    /** {@return whether nothing was lost} */
    public boolean passed() {
        return !readBack.verification().hasLoss();
    }

    /**
     * {@return the target's warnings, and {@link Warning#DATA_LOSS} when data did not read back as
     * written}
     */
    @Override
    public Set<Warning> warnings() {
        Set<Warning> all = EnumSet.noneOf(Warning.class);
        all.addAll(target.warnings());
        if (!passed()) {
            all.add(Warning.DATA_LOSS);
        } else if (!verified()) {
            all.add(Warning.READ_BACK_NOT_VERIFIED);
        }
        return Collections.unmodifiableSet(all);
    }

    /**
     * {@return {@link Verdict.Outcome#DATA_LOST} when data was lost, else
     * {@link Verdict.Outcome#FLAGGED} with {@link Warning#READ_BACK_NOT_VERIFIED} when the
     * read-back was not verified, else measured}
     */
    @Override
    public Verdict verdict() {
        if (!passed()) {
            return new Verdict(Verdict.Outcome.DATA_LOST, Set.of(Warning.DATA_LOSS));
        }
        return verified() ? Verdict.MEASURED
                : new Verdict(Verdict.Outcome.FLAGGED, Set.of(Warning.READ_BACK_NOT_VERIFIED));
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visit(this);
    }

    /** {@return the writes' rate: bytes written over the write time ({@link Fill#rate()})} */
    public Throughput write() {
        return fill.rate();
    }

    /** {@return the reads' rate: bytes checked over the read time ({@link ReadBack#rate()})} */
    public Throughput read() {
        return readBack.rate();
    }

    private String resultWord() {
        if (!passed()) {
            return "DATA LOST: ";
        }
        if (verified()) {
            return "OK: ";
        }
        return "NOT VERIFIED (" + target.fileSystemType() + ": " + (readBack.readHandling()
                == CacheHandling.FUSE_NO_LOCAL_DEVICE ? "a FUSE file system with no block device"
                + " of this machine under it, whose server's or backing file system's caches"
                + " drivespeed cannot drop" : "its FUSE daemon reads the device through a page"
                + " cache drivespeed could not drop") + ", so what was read back may have come"
                + " from memory): ";
    }

    /**
     * {@return where in the fill the writes failed with EIO (file i starts at {@code i x
     * fileBytes}; every file before the failing one was written in full, so this is
     * {@link Fill#writtenBytes()}), in bytes; empty when none failed}
     */
    public OptionalLong writeFailureOffsetBytes() {
        return fill.stop() == Stop.WRITE_FAILED ? OptionalLong.of(fill.writtenBytes())
                : OptionalLong.empty();
    }

    /**
     * {@return the bytes a fill of {@code freeBytes} of free space writes}: the free space less
     * {@link #FILE_SYSTEM_SLACK_BYTES}, rounded down to whole {@link #FILL_BLOCK_BYTES} blocks;
     * 0 when less is free.
     *
     * @param freeBytes the free space at the start, in bytes (statvfs(3) {@code f_bavail} x
     *     {@code f_frsize})
     */
    public static long fillOfFreeSpace(long freeBytes) {
        return Math.max(0, freeBytes - FILE_SYSTEM_SLACK_BYTES) / FILL_BLOCK_BYTES
                * FILL_BLOCK_BYTES;
    }

    private String stopText() {
        Stop stop = fill.stop();
        long writtenBytes = fill.writtenBytes();
        long fileBytes = fill.fileBytes();
        if (stop == Stop.DURATION) {
            return "; the fill stopped at the duration given, so only what it wrote was checked";
        }
        if (stop == Stop.WRITE_FAILED) {
            return "; writes failed with EIO from " + DeviceIo.formatBytes(writtenBytes)
                    + " into the fill (file " + (writtenBytes / fileBytes + 1) + ", offset "
                    + writtenBytes % fileBytes + "): usable at most "
                    + DeviceIo.formatBytes(writtenBytes) + "; what was written was read back";
        }
        long free = target.usableSpaceBytes();
        if (stop != Stop.FREE_SPACE || parameters.size().isPresent() || free <= writtenBytes) {
            return "";
        }
        long planned = fillOfFreeSpace(free);
        String less = "the free space at the start, " + DeviceIo.formatBytes(free) + ", less "
                + DataSize.ofBytes(FILE_SYSTEM_SLACK_BYTES) + " left for the file system's own"
                + " blocks (extent trees or cluster chains, directory entries), in whole "
                + DataSize.ofBytes(FILL_BLOCK_BYTES) + " blocks";
        if (writtenBytes >= planned) {
            return ";\n            " + less;
        }
        return ";\n            the file system was full (ENOSPC) " + DeviceIo.formatBytes(
                planned - writtenBytes) + " short of the fill planned, " + less + ": the new"
                + " files' own blocks or another writer took the rest";
    }

    /**
     * For example {@code capacity OK: usable 1073.7 MB (1024.0 MiB), lost 0.0 MB (0.0 MiB);
     * write 20.1 MB/s, read 80.2 MB/s (filled 1073.7 MB (1024.0 MiB) in 1 file, O_DIRECT)}; {@code capacity FAILED} and
     * {@code DATA LOST} in the brackets where data read back differed; {@code NOT VERIFIED} where
     * the read-back may have come from memory (a FUSE file system, {@link #details()} says why).
     */
    @Override
    public String summary() {
        return ReportText.oneLine("capacity " + (!passed() ? "FAILED" : verified() ? "OK" : "NOT VERIFIED")
                + ": usable " + DeviceIo.formatBytes(usableBytes()) + ", lost "
                + DeviceIo.formatBytes(lostBytes()) + "; write "
                + ReportText.megabytesPerSecond(write()) + ", read "
                + ReportText.megabytesPerSecond(read()), "filled "
                + DeviceIo.formatBytes(fill.writtenBytes()) + " in " + fill.files()
                + (fill.files() == 1 ? " file, " : " files, ")
                + (fill.direct() ? "O_DIRECT" : "buffered"), verdict());
    }

    /** {@return {@link #summary()}: the answer in one line} */
    @Override
    public String toString() {
        return summary();
    }

    /** The figures for people: usable, lost, first bad offset, speeds, time. */
    @Override
    public String details() {
        long writtenBytes = fill.writtenBytes();
        int files = fill.files();
        boolean direct = fill.direct();
        return target.details()
                + "capacity:   filled " + DeviceIo.formatBytes(writtenBytes) + " in " + files
                + (files == 1 ? " file" : " files") + " (" + (direct ? "O_DIRECT" : "buffered")
                + "), all written before any was read" + stopText() + "\n"
                + "result:     " + resultWord() + "usable "
                + DeviceIo.formatBytes(usableBytes()) + ", lost " + DeviceIo.formatBytes(lostBytes())
                + "\n            " + readBack.verification() + "\n"
                + "write:      " + write() + "\nread:       " + read() + "\ntook:       "
                + Nanoseconds.format(elapsedNanos) + "\n" + warningsText();
    }

    private String warningsText() {
        StringBuilder sb = new StringBuilder();
        ReportText.appendWarnings(sb, warnings(), target.link(), List.of(), Optional.empty(),
                target.removedLeftovers());
        return sb.toString();
    }
}
