package io.github.drivespeed.cli.options;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What a command line runs. fio's jobs (a job file, or fio's spellings), {@code --probe},
 * {@code --verify-capacity}, {@code --sustained}, {@code --preset}, {@code --sweep} and
 * {@code --rw} choose theirs; otherwise the target does: a block device is read (or written) as
 * a device, a directory gets the sequential test. picocli's argument groups cannot see whether the path is a
 * directory or a device, so {@link OptionTable} says which option goes with which form.
 */
public enum Form {

    /** {@code --probe}: describe the target; measure nothing, write nothing. */
    PROBE("--probe", "--probe measures nothing and writes nothing"),
    /** A directory: the sequential write and read test. */
    SEQUENTIAL(null, null),
    /**
     * Not a form of its own: the random 4 KiB workloads (RND4K Q1T1) that a {@code --require}
     * with random figures runs in a directory, beside or instead of the sequential test.
     */
    REQUIREMENT_WORKLOADS(null, null),
    /** {@code --rw}: one fio-style workload. */
    WORKLOAD(null, null),
    /** {@code --preset}: a suite of preset workloads, each read and written. */
    PRESET("--preset", "a preset fixes its block size, queue depth, threads and read/write"
            + " mode; use --rw with --bs, --iodepth and --threads instead"),
    /** {@code --sweep}: a workload at every block size from 4 KiB to 64 MiB. */
    SWEEP("--sweep", "the sweep runs every block size from 4 KiB to 64 MiB"),
    /** A block device: read, as {@code hdparm -t}, or with the opt-ins written. */
    DEVICE(null, null),
    /** {@code --sustained}: a write past the write cache, in a directory. */
    SUSTAINED("--sustained", "a sustained write runs until its rate holds steady, bounded by"
            + " --size and --duration"),
    /** {@code --verify-capacity} on a directory: fill, read back, check, remove. */
    CAPACITY_CHECK("--verify-capacity", "the capacity check fills the free space (or --size, or"
            + " what --duration of writing fills) and reads it all back"),
    /** {@code --verify-capacity} on a block device: the destructive probe of its capacity. */
    CAPACITY_PROBE("--verify-capacity", "the capacity probe of a block device takes only its"
            + " write opt-ins (--allow-writes-to, --force)"),
    /**
     * fio's jobs: a job file ({@code drivespeed FILE.fio}, {@code --job FILE}) or a command line
     * in fio's spellings ({@code --name=x --rw=randread --direct=1 ...}).
     */
    FIO_JOB(null, null);

    /** File type bits of {@code st_mode} (stat(2), inode(7)), and those of a block device. */
    private static final int S_IFMT = 0170000;
    private static final int S_IFBLK = 0060000;

    private final String option;
    private final String exclusionReason;

    Form(String option, String exclusionReason) {
        this.option = option;
        this.exclusionReason = exclusionReason;
    }

    /**
     * @param probe whether {@code --probe} was given
     * @param fioJob whether the command line gives fio jobs (a job file or fio's spellings)
     * @param genuine the capacity and sustained options given
     * @param workload the workload options given
     * @param target the path given, looked at only when no option chose the form (and for
     *     {@code --verify-capacity}, which probes a block device and checks a directory)
     * @return the form the command line runs
     */
    public static Form of(boolean probe, boolean fioJob, GenuineOptions genuine,
            WorkloadOptions workload, Path target) {
        if (fioJob) {
            return FIO_JOB;
        }
        if (probe) {
            return PROBE;
        }
        if (genuine.verifyCapacity()) {
            return isBlockDevice(target) ? CAPACITY_PROBE : CAPACITY_CHECK;
        }
        if (genuine.sustained()) {
            return SUSTAINED;
        }
        if (workload.presets() != null) {
            return PRESET;
        }
        if (workload.sweep()) {
            return SWEEP;
        }
        if (workload.rw() != null) {
            return WORKLOAD;
        }
        return isBlockDevice(target) ? DEVICE : SEQUENTIAL;
    }

    /**
     * @param path a path given as the target
     * @return whether it is a block device (following symbolic links, as /dev/disk/by-id/...)
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
     * @return whether the option that chooses this form excludes every option it does not take
     *     outright ({@code --probe}, {@code --sustained}, {@code --verify-capacity})
     */
    boolean excludesEveryOther() {
        return this == PROBE || this == SUSTAINED || this == CAPACITY_CHECK
                || this == CAPACITY_PROBE;
    }

    /** @return whether this is one of the fio-style workload forms */
    public boolean isWorkload() {
        return this == WORKLOAD || this == PRESET || this == SWEEP;
    }

    /**
     * @return the option that chooses this form and excludes the options it does not take
     *     outright, naming both; null for a form no single option chooses so
     */
    String option() {
        return option;
    }

    /**
     * @return the option that chooses this form ({@code --probe}, {@code --rw}, ...); empty for
     *     the forms the target chooses (the sequential test, the device test)
     */
    public Optional<String> choosingOption() {
        return this == WORKLOAD ? Optional.of("--rw") : Optional.ofNullable(option);
    }

    /** @return why the options this form does not take are excluded; null as for {@link #option} */
    String exclusionReason() {
        return exclusionReason;
    }
}
