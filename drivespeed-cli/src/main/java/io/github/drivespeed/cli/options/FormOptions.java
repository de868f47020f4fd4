package io.github.drivespeed.cli.options;

import io.github.drivespeed.fio.internal.SharedOptions;
import java.util.List;

/**
 * Rows of {@link OptionTable}: the options that choose a form of their own besides the
 * workloads ({@code --probe}, {@code --verify-capacity}, {@code --sustained}, {@code --job}),
 * and {@code --allow-overwrite} of fio's jobs.
 */
public final class FormOptions {

    /** Only describe the target. */
    public static final OptionRow<Boolean> PROBE = OptionRow.flag("--probe")
            .forms(Form.PROBE)
            .chooses(Form.PROBE, "--probe only describes the drive and measures nothing, so it"
                    + " takes no option of a measurement or of a measurement's report")
            .help("Only describe the drive holding DIR (file system, mount options, block "
                    + "devices, model, block sizes, link, warnings); write nothing. Takes no"
                    + " measuring option.");

    /** The capacity check of a directory, or the capacity probe of a block device. */
    public static final OptionRow<Boolean> VERIFY_CAPACITY = OptionRow.flag("--verify-capacity")
            .forms(Form.CAPACITY_CHECK, Form.CAPACITY_PROBE)
            .chooses(Form.CAPACITY_CHECK, "the capacity check fills the free space (or --size,"
                    + " or what --duration of writing fills) and reads it all back")
            .chooses(Form.CAPACITY_PROBE, "the capacity probe of a block device takes only its"
                    + " write opt-ins (--allow-writes-to, --force)")
            .help("Check that the medium stores what it claims, as f3write + f3read and "
                    + "h2testw. On DIR: fill the free space (or --size, or what --duration of "
                    + "writing fills) with test files, read them all back, remove them; hours for "
                    + "a large card. On a block device (with "
                    + "--allow-writes-to DEVICE, destroys its contents): a probe of its real "
                    + "capacity, as f3probe --destructive, in seconds.");

    /** The sustained write. */
    public static final OptionRow<Boolean> SUSTAINED = OptionRow.flag("--sustained")
            .forms(Form.SUSTAINED)
            .chooses(Form.SUSTAINED, "a sustained write runs until its rate holds steady,"
                    + " bounded by --size and --duration")
            .help("Write past the drive's write cache, without a warm-up: until the rate "
                    + "has fallen and held steady for 10 s, or --duration (default 120s), --size "
                    + "(default 8G, at most half the free space; 5 percent of the file system,"
                    + " 16M to 1G, always left free); prints "
                    + "the burst rate, the cache size and the sustained rate.");

    /** An fio job file. */
    public static final OptionRow<String> JOB = OptionRow.text("FILE", "--job")
            .forms(Form.FIO_JOB)
            .help("Run the jobs of an fio job file ([global], one section per job,"
                    + " stonewall/new_group/group_reporting; docs/fio.md lists the options taken"
                    + " and refused). A positional FILE ending in .fio does the same, before or"
                    + " after the DIR its jobs run in.");

    /** The existing files an fio job may write. */
    public static final OptionRow<List<String>> ALLOW_OVERWRITE =
            OptionRow.repeatable("FILE", SharedOptions.ALLOW_OVERWRITE)
            .forms(Form.FIO_JOB)
            .help("Let an fio job write FILE, an existing file its filename= names"
                    + " (refused otherwise). Repeatable.");

    private FormOptions() {
    }
}
