package io.github.drivespeed.cli.options;

import picocli.CommandLine.Option;

/** The options only the sequential directory test takes: the O_DIRECT fallback, O_DSYNC, zeros. */
public final class SequentialOptions {

    @Option(names = "--direct-or-buffered",
            description = "Use O_DIRECT where the file system allows it, else buffered I/O; the "
                    + "report then says the figures are buffered (warning BUFFERED_FALLBACK).")
    private boolean directOrBuffered;

    @Option(names = "--dsync", description = "Open the test file with O_DSYNC, like dd's oflag=dsync.")
    private boolean dsync;

    @Option(names = "--zeros", description = "Write zeros instead of random data, like dd if=/dev/zero.")
    private boolean zeros;

    /** None given yet; picocli fills in what the command line gives. */
    public SequentialOptions() {
    }

    /** @return whether {@code --direct-or-buffered} was given */
    public boolean directOrBuffered() {
        return directOrBuffered;
    }

    /** @return whether {@code --dsync} was given */
    public boolean dsync() {
        return dsync;
    }

    /** @return whether {@code --zeros} was given */
    public boolean zeros() {
        return zeros;
    }
}
