package io.github.drivespeed.cli.options;

import picocli.CommandLine.Option;

/**
 * The options for honest reads, taken by the sequential test and the device test: the cached-read
 * figure ({@code hdparm -T}) and drop_caches before buffered reads.
 */
public final class ReadModeOptions {

    @Option(names = {"-T", "--cached-read"},
            description = "Also measure cached reads, as hdparm -T: a 2 MiB region re-read from "
                    + "the page cache for 2 s. Memory speed, never the drive's; a read figure "
                    + "above it is flagged.")
    private boolean cachedRead;

    @Option(names = "--drop-caches",
            description = "Before each buffered read, also drop the whole machine's page cache "
                    + "(sync; echo 3 > /proc/sys/vm/drop_caches). Needs root; slows every other "
                    + "program on the machine for a while.")
    private boolean dropCaches;

    /** None given yet; picocli fills in what the command line gives. */
    public ReadModeOptions() {
    }

    /** @return whether {@code -T} ({@code --cached-read}) was given */
    public boolean cachedRead() {
        return cachedRead;
    }

    /** @return whether {@code --drop-caches} was given */
    public boolean dropCaches() {
        return dropCaches;
    }
}
