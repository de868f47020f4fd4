package io.github.drivespeed.cli.options;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What a command line runs. fio's jobs (a job file, or fio's spellings), {@code --probe},
 * {@code --verify-capacity}, {@code --sustained}, {@code --preset}, {@code --sweep} and
 * {@code --rw} choose theirs; otherwise the target does: a block device is read (or written) as
 * a device, a directory gets the sequential test. picocli's argument groups cannot see whether
 * the path is a directory or a device, so {@link OptionTable} says which option goes with which
 * form, and which option chooses it.
 */
public enum Form {

    /** {@code --probe}: describe the target; measure nothing, write nothing. */
    PROBE,
    /** A directory: the sequential write and read test. */
    SEQUENTIAL,
    /**
     * Not a form of its own: the random 4 KiB workloads (RND4K Q1T1) that a {@code --require}
     * with random figures runs in a directory, beside or instead of the sequential test.
     */
    REQUIREMENT_WORKLOADS,
    /** {@code --rw}: one fio-style workload. */
    WORKLOAD,
    /** {@code --preset}: a suite of preset workloads, each read and written. */
    PRESET,
    /** {@code --sweep}: a workload at every block size from 4 KiB to 64 MiB. */
    SWEEP,
    /** A block device: read, as {@code hdparm -t}, or with the opt-ins written. */
    DEVICE,
    /** {@code --sustained}: a write past the write cache, in a directory. */
    SUSTAINED,
    /** {@code --verify-capacity} on a directory: fill, read back, check, remove. */
    CAPACITY_CHECK,
    /** {@code --verify-capacity} on a block device: the destructive probe of its capacity. */
    CAPACITY_PROBE,
    /**
     * fio's jobs: a job file ({@code drivespeed FILE.fio}, {@code --job FILE}) or a command line
     * in fio's spellings ({@code --name=x --rw=randread --direct=1 ...}).
     */
    FIO_JOB;

    /** File type bits of {@code st_mode} (stat(2), inode(7)), and those of a block device. */
    private static final int S_IFMT = 0170000;
    private static final int S_IFBLK = 0060000;

    /**
     * {@return the form a command line runs}
     *
     * @param given the options given
     * @param fioJob whether the command line gives fio jobs (a job file or fio's spellings)
     * @param target the path given, looked at only when no option chose the form (and for
     *     {@code --verify-capacity}, which probes a block device and checks a directory)
     */
    public static Form of(GivenOptions given, boolean fioJob, Path target) {
        if (fioJob) {
            return FIO_JOB;
        }
        if (given.has(FormOptions.PROBE)) {
            return PROBE;
        }
        if (given.has(FormOptions.VERIFY_CAPACITY)) {
            return isBlockDevice(target) ? CAPACITY_PROBE : CAPACITY_CHECK;
        }
        if (given.has(FormOptions.SUSTAINED)) {
            return SUSTAINED;
        }
        if (given.has(WorkloadOptions.PRESET)) {
            return PRESET;
        }
        if (given.has(WorkloadOptions.SWEEP)) {
            return SWEEP;
        }
        if (given.has(WorkloadOptions.RW)) {
            return WORKLOAD;
        }
        return isBlockDevice(target) ? DEVICE : SEQUENTIAL;
    }

    /**
     * {@return whether it is a block device (following symbolic links, as /dev/disk/by-id/...)}
     *
     * @param path a path given as the target
     */
    public static boolean isBlockDevice(Path path) {
        try {
            int mode = (Integer) Files.getAttribute(path, "unix:mode");
            return (mode & S_IFMT) == S_IFBLK;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * {@return whether the option that chooses this form excludes every option it does not take
     * outright ({@code --probe}, {@code --sustained}, {@code --verify-capacity})}
     */
    boolean excludesEveryOther() {
        return this == PROBE || this == SUSTAINED || this == CAPACITY_CHECK
                || this == CAPACITY_PROBE;
    }

    /** {@return whether this is one of the fio-style workload forms} */
    public boolean isWorkload() {
        return this == WORKLOAD || this == PRESET || this == SWEEP;
    }

    /**
     * {@return the option that chooses this form and excludes the options it does not take
     * outright, with why; empty for a form no single option chooses so}
     */
    Optional<OptionRow<?>> excludingOption() {
        return choosingOption().filter(r -> r.exclusionReason(this).isPresent());
    }

    /**
     * {@return the option that chooses this form ({@code --probe}, {@code --rw}, ...); empty for
     * the forms the target chooses (the sequential test, the device test)}
     */
    public Optional<OptionRow<?>> choosingOption() {
        return OptionTable.choosing(this);
    }

    /** {@return why the options this form does not take are excluded; empty as for the option} */
    String exclusionReason() {
        return choosingOption().flatMap(r -> r.exclusionReason(this)).orElse(null);
    }
}
