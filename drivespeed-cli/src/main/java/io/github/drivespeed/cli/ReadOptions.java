package io.github.drivespeed.cli;

import picocli.CommandLine.Option;

/**
 * The options for honest reads and raw block devices: the cached-read figure ({@code hdparm -T}),
 * drop_caches before buffered reads, and the opt-ins for writing a device.
 */
final class ReadOptions {

    @Option(names = {"-T", "--cached-read"},
            description = "Also measure cached reads, as hdparm -T: a 2 MiB region re-read from "
                    + "the page cache for 2 s. Memory speed, never the drive's; a read figure "
                    + "above it is flagged.")
    boolean cachedRead;

    @Option(names = "--drop-caches",
            description = "Before each buffered read, also drop the whole machine's page cache "
                    + "(sync; echo 3 > /proc/sys/vm/drop_caches). Needs root; slows every other "
                    + "program on the machine for a while.")
    boolean dropCaches;

    @Option(names = "--write",
            description = "Block device only: also write it (destroys its contents), then read "
                    + "back. Needs --allow-writes-to naming the same device; refused while it or "
                    + "a partition is mounted or in use, and over a partition table or file "
                    + "system unless --force.")
    boolean write;

    @Option(names = "--allow-writes-to", paramLabel = "DEVICE",
            description = "The opt-in for --write: the same block device again.")
    String allowWritesTo;

    @Option(names = "--force",
            description = "With --write: write even over a partition table or file-system "
                    + "signature (never over a mounted or used device).")
    boolean force;

    /** @return the first device-write option given, or null when none was */
    String deviceWriteOption() {
        return write ? "--write" : allowWritesTo != null ? "--allow-writes-to"
                : force ? "--force" : null;
    }
}
