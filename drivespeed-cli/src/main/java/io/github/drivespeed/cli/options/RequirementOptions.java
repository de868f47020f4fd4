package io.github.drivespeed.cli.options;

import picocli.CommandLine.Option;

/** The requirement the results are checked against. */
public final class RequirementOptions {

    @Option(names = "--require", paramLabel = "SPEC",
            description = "Check the results against a requirement and exit 1 when it is not"
                    + " met: SD classes (C2 C4 C6 C10 U1 U3 V6 V10 V30 V60 V90 A1 A2) and bounds"
                    + " write=RATE, read=RATE (30MB/s, 25MiB/s), randread=IOPS, randwrite=IOPS"
                    + " (random 4 KiB), pNN=TIME (random 4 KiB latency: p99=10ms), comma-separated."
                    + " Without a workload option, runs what the requirement needs: the"
                    + " sequential test and/or RND4K Q1T1 reads and writes.")
    private String require;

    /** None given yet; picocli fills in what the command line gives. */
    public RequirementOptions() {
    }

    /** @return {@code --require} as given, or null */
    public String require() {
        return require;
    }
}
