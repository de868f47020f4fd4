package io.github.drivespeed.cli.options;

import picocli.CommandLine.Option;

/**
 * The options the sequential test, the workloads and the device test share: block size, count,
 * runs, buffered I/O and the backend. Each is null (false) when not given, so that the plan's own
 * default stays in force. {@link OptionTable} says which form takes which.
 */
public final class MeasurementOptions {

    @Option(names = {"--block-size", "--bs"}, paramLabel = "SIZE",
            description = "Bytes per write and read call, like dd's bs, a multiple of 512: 8M, "
                    + "4KiB, 512, 1G (K/M/G/T and KiB.. are powers of 1024, kB/MB/GB/TB of "
                    + "1000). Default: 8M; 4K with --rw, 1M with --sustained.")
    private String blockSize;

    @Option(names = "--count", paramLabel = "N",
            description = "Blocks per pass, like dd's count. Default: 32. With a workload: "
                    + "I/Os per run over all threads (size-based instead of --duration).")
    private Long count;

    @Option(names = "--runs", paramLabel = "N", description = "Measured runs. Default: 3.")
    private Integer runs;

    @Option(names = "--buffered",
            description = "Go through the page cache instead of O_DIRECT (the read figure is "
                    + "then flagged when it may come from the cache).")
    private boolean buffered;

    @Option(names = "--backend", paramLabel = "NAME",
            description = "I/O backend: native (JNA system calls: O_TMPFILE, pread/pwrite, "
                    + "posix_fadvise) or java (FileChannel). Default: native where it works, "
                    + "else java; the summary says which ran and why.")
    private String backend;

    /** None given yet; picocli fills in what the command line gives. */
    public MeasurementOptions() {
    }

    /** @return {@code --block-size} (or {@code --bs}) as given, or null */
    public String blockSize() {
        return blockSize;
    }

    /** @return {@code --count}, or null */
    public Long count() {
        return count;
    }

    /** @return {@code --runs}, or null */
    public Integer runs() {
        return runs;
    }

    /** @return whether {@code --buffered} was given */
    public boolean buffered() {
        return buffered;
    }

    /** @return {@code --backend} as given, or null */
    public String backend() {
        return backend;
    }
}
