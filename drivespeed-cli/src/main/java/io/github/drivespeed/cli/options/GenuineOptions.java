package io.github.drivespeed.cli.options;

import picocli.CommandLine.Option;

/**
 * The options about genuine media: turning read-back verification off, the capacity check (of a
 * directory) or probe (of a block device), and the sustained write. {@link OptionTable} says which
 * form takes which.
 */
public final class GenuineOptions {

    @Option(names = "--no-verify",
            description = "Do not check what the read passes read back against what was written"
                    + " (checked by default: a medium that loses data, as counterfeit cards do,"
                    + " gets DATA_LOSS and exit code 1). Directory test, or a device with --write.")
    private boolean noVerify;

    @Option(names = "--verify-capacity",
            description = "Check that the medium stores what it claims, as f3write + f3read and "
                    + "h2testw. On DIR: fill the free space (or --size, or what --duration of "
                    + "writing fills) with test files, read them all back, remove them; hours for "
                    + "a large card. On a block device (with "
                    + "--allow-writes-to DEVICE, destroys its contents): a probe of its real "
                    + "capacity, as f3probe --destructive, in seconds.")
    private boolean verifyCapacity;

    @Option(names = "--sustained",
            description = "Write past the drive's write cache, without a warm-up: until the rate "
                    + "has fallen and held steady for 10 s, or --duration (default 120s), --size "
                    + "(default 8G, at most half the free space, 1 GiB always left free); prints "
                    + "the burst rate, the cache size and the sustained rate.")
    private boolean sustained;

    /** None given yet; picocli fills in what the command line gives. */
    public GenuineOptions() {
    }

    /** @return whether {@code --no-verify} was given */
    public boolean noVerify() {
        return noVerify;
    }

    /** @return whether {@code --verify-capacity} was given */
    public boolean verifyCapacity() {
        return verifyCapacity;
    }

    /** @return whether {@code --sustained} was given */
    public boolean sustained() {
        return sustained;
    }
}
