package io.github.drivespeed.cli.options;

import picocli.CommandLine.Option;

/** The opt-ins for writing a raw block device: {@code --write}, naming it again, and forcing. */
public final class DeviceWriteOptions {

    @Option(names = "--write",
            description = "Block device only: also write it (destroys its contents), then read "
                    + "back. Needs --allow-writes-to naming the same device; refused while it or "
                    + "a partition is mounted or in use, and over a partition table or file "
                    + "system unless --force.")
    private boolean write;

    @Option(names = "--allow-writes-to", paramLabel = "DEVICE",
            description = "The opt-in for --write: the same block device again.")
    private String allowWritesTo;

    @Option(names = "--force",
            description = "With --write: write even over a partition table or file-system "
                    + "signature (never over a mounted or used device).")
    private boolean force;

    /** None given yet; picocli fills in what the command line gives. */
    public DeviceWriteOptions() {
    }

    /** @return whether {@code --write} was given */
    public boolean write() {
        return write;
    }

    /** @return the device {@code --allow-writes-to} names, or null */
    public String allowWritesTo() {
        return allowWritesTo;
    }

    /** @return whether {@code --force} was given */
    public boolean force() {
        return force;
    }

    /** @return the first device-write option given, or null when none was */
    public String deviceWriteOption() {
        return write ? "--write" : allowWritesTo != null ? "--allow-writes-to"
                : force ? "--force" : null;
    }
}
