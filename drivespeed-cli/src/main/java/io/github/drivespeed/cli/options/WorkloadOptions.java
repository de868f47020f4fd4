package io.github.drivespeed.cli.options;

import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.fio.internal.ReadWriteMode;
import io.github.drivespeed.fio.internal.SharedOptions;
import io.github.drivespeed.parameters.IoEngine;
import io.github.drivespeed.parameters.Preset;
import io.github.drivespeed.unit.DataSize;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Rows of {@link OptionTable}: the fio-style workload options. {@code --preset}, {@code --rw}
 * and {@code --sweep} choose a workload form; the others shape it. {@code --size},
 * {@code --duration}, {@code --ramp-time} and {@code --ioengine} also shape the random 4 KiB
 * workloads a requirement runs, and {@code --size} and {@code --duration} the sustained write
 * and the capacity check, {@code --duration} the device test.
 */
public final class WorkloadOptions {

    /** The preset workloads, each read and written. */
    public static final OptionRow<List<Preset>> PRESET =
            OptionRow.commaSeparated("NAME", "--preset")
            .forms(Form.PRESET).setting("preset")
            .chooses(Form.PRESET, "a preset fixes its block size, queue depth, threads and"
                    + " read/write mode; use --rw with --bs, --iodepth and --threads instead")
            .help("Workload preset(s), each run as a read and a write test: "
                    + "'SEQ1M Q8T1', 'SEQ1M Q1T1', 'RND4K Q32T1', 'RND4K Q1T1', 'SEQ128K Q32T1',"
                    + " 'RND4K Q32T16' (the space may be typed as - or _: SEQ1M-Q8T1); 'standard'"
                    + " for the first four, 'nvme' for the NVMe set. "
                    + "Repeatable or comma-separated. A preset fixes the block size, queue depth,"
                    + " threads and mode: not with --bs, --iodepth, --threads, --rw, --sweep.")
            .as(WorkloadOptions::presets);

    /** The workload's mode, fio's names. */
    public static final OptionRow<ReadWriteMode> RW = OptionRow.converted("MODE", SharedOptions.RW)
            .forms(Form.WORKLOAD, Form.SWEEP, Form.FIO_JOB)
            .chooses(Form.WORKLOAD, null)
            .help("Workload, fio's names: read, write, rw (mixed), randread, randwrite, "
                    + "randrw.");

    /** Every block size from 4 KiB to 64 MiB. */
    public static final OptionRow<Boolean> SWEEP = OptionRow.flag("--sweep")
            .forms(Form.SWEEP).setting("blockSizes")
            .chooses(Form.SWEEP, "the sweep runs every block size from 4 KiB to 64 MiB")
            .help("Run the workload at every block size from 4K to "
                    + "64M (powers of two) and print a table; --size must then be a multiple"
                    + " of 64M, the largest block. Without --rw: randread.");

    /** The share of reads in a mix. */
    public static final OptionRow<Integer> RWMIXREAD = OptionRow.wholeInt("PCT", SharedOptions.RWMIXREAD)
            .forms(Form.WORKLOAD, Form.SWEEP, Form.FIO_JOB)
            .setting("readPercent")
            .help("Share of reads in a mixed workload (rw, randrw), in percent. Default: 50.");

    /** I/Os in flight per thread. */
    public static final OptionRow<Integer> IODEPTH =
            OptionRow.wholeInt("N", SharedOptions.IODEPTH)
            .forms(Form.WORKLOAD, Form.SWEEP, Form.FIO_JOB)
            .setting("queueDepth")
            .help("Workload: I/Os in flight per thread. Without asynchronous I/O in the "
                    + "backend, run as that many more threads (the report says so). Default: 1.");

    /** How the I/O is issued, fio's names. */
    public static final OptionRow<IoEngine> IOENGINE =
            OptionRow.converted("NAME", SharedOptions.IOENGINE)
            .choices("psync|libaio|io_uring|null")
            .forms(Form.WORKLOAD, Form.PRESET, Form.SWEEP, Form.REQUIREMENT_WORKLOADS,
                    Form.FIO_JOB)
            .setting("ioEngine")
            .help("Workload: how the I/O is issued, fio's names: psync, libaio, io_uring,"
                    + " null (no I/O: each completes at once, drivespeed's own cost per I/O)."
                    + " Default: psync at --iodepth 1, else the backend's best engine that works"
                    + " here (native: io_uring, or libaio where io_uring is refused or would hand"
                    + " each I/O to a kernel worker, as on tmpfs); the I/O line says which ran and"
                    + " why.");

    /** Threads, each with its own offsets. */
    public static final OptionRow<Integer> THREADS =
            OptionRow.wholeInt("N", SharedOptions.THREADS)
            .forms(Form.WORKLOAD, Form.SWEEP, Form.FIO_JOB)
            .setting("threads")
            .help("Workload: threads, each with its own offsets. Default: 1.");

    /** The test file's size, or the bound of what is written. */
    public static final OptionRow<DataSize> SIZE = OptionRow.converted("SIZE", SharedOptions.SIZE)
            .forms(Form.WORKLOAD, Form.PRESET, Form.SWEEP, Form.REQUIREMENT_WORKLOADS,
                    Form.SUSTAINED, Form.CAPACITY_CHECK, Form.FIO_JOB)
            .setting("size")
            .help("Workload: the test file's size, written in full first. Default: 1G.");

    /** Measured time per run, or the bound of the time written. */
    public static final OptionRow<Duration> DURATION =
            OptionRow.converted("TIME", SharedOptions.DURATION)
            .forms(Form.WORKLOAD, Form.PRESET, Form.SWEEP, Form.REQUIREMENT_WORKLOADS,
                    Form.DEVICE, Form.SUSTAINED, Form.CAPACITY_CHECK, Form.FIO_JOB)
            .setting("duration")
            .help("Workload or block device: measured time per run: 5, 5s, 500ms, 2m. "
                    + "Default: 5s for a workload, 3s for a device. (--count N instead runs N "
                    + "I/Os per run.) --sustained and --verify-capacity: at most this long "
                    + "(the capacity check then reads back what it wrote).");

    /** Time run before each run's measured part. */
    public static final OptionRow<Duration> RAMP_TIME =
            OptionRow.converted("TIME", SharedOptions.RAMP_TIME)
            .forms(Form.WORKLOAD, Form.PRESET, Form.SWEEP, Form.REQUIREMENT_WORKLOADS)
            .setting("rampTime")
            .help("Workload: time run before each run's measured part, left out of the "
                    + "figures. Default: 0.");

    /** Seed of the random offsets and read/write choices. */
    public static final OptionRow<Long> SEED = OptionRow.unsignedLong("N", "--seed")
            .forms(Form.WORKLOAD, Form.PRESET, Form.SWEEP).setting("seed")
            .help("Workload: seed of the random offsets and read/write choices, 0 or more (as"
                    + " fio's randseed). Default: 0.");

    /** Random offsets drawn with replacement. */
    public static final OptionRow<Boolean> NORANDOMMAP = OptionRow.flag(SharedOptions.NORANDOMMAP)
            .forms(Form.WORKLOAD, Form.PRESET, Form.SWEEP, Form.REQUIREMENT_WORKLOADS,
                    Form.FIO_JOB)
            .setting("randomMap")
            .help("Workload: draw random offsets with replacement (fio's norandommap)"
                    + " instead of covering each block once per pass.");

    /** io_uring's submission-queue polling, fio's sqthread_poll. */
    public static final OptionRow<Boolean> SQTHREAD_POLL = OptionRow.flag(SharedOptions.SQTHREAD_POLL)
            .forms(Form.WORKLOAD, Form.PRESET, Form.SWEEP)
            .setting("sqThreadPoll")
            .help("Workload: io_uring with a kernel thread polling each ring's submission queue"
                    + " (IORING_SETUP_SQPOLL, fio's sqthread_poll): no system call to submit, a"
                    + " CPU busy polling. Native backend and io_uring only, at every queue depth"
                    + " (1 too); pays where cores are to spare (on 2 vCPUs it halved fio's"
                    + " IOPS).");

    private WorkloadOptions() {
    }

    /**
     * The presets named by {@code --preset}: {@code standard} (or {@code all}), {@code nvme},
     * or one preset's name.
     *
     * @param names the names as given
     * @return the presets, in the order named
     * @throws InvalidValueException naming the first name that is none of those
     */
    static List<Preset> presets(List<String> names) {
        List<Preset> list = new ArrayList<>();
        for (String name : names) {
            String n = name.trim().toLowerCase(Locale.ROOT);
            if (n.equals("standard") || n.equals("all")) {
                list.addAll(Preset.STANDARD);
            } else if (n.equals("nvme")) {
                list.addAll(Preset.NVME);
            } else {
                try {
                    list.add(Preset.parse(name));
                } catch (InvalidSettingException e) {
                    throw new InvalidValueException(name, e.reason() + ", standard, nvme", e);
                }
            }
        }
        return list;
    }
}
