package io.github.drivespeed.cli.options;

import java.util.List;
import picocli.CommandLine.Option;

/**
 * The fio-style workload options: {@code --preset}, {@code --rw} and {@code --sweep} choose a
 * workload form; the others shape it. {@code --size}, {@code --duration}, {@code --ramp-time} and
 * {@code --ioengine} also shape the random 4 KiB workloads a requirement runs, and {@code --duration} the device test
 * (see {@link OptionTable}). Each is null (false) when not given.
 */
public final class WorkloadOptions {

    @Option(names = "--preset", paramLabel = "NAME", split = ",",
            description = "Workload preset(s), each run as a read and a write test: "
                    + "SEQ1M-Q8T1, SEQ1M-Q1T1, RND4K-Q32T1, RND4K-Q1T1, SEQ128K-Q32T1, "
                    + "RND4K-Q32T16; 'standard' for the first four, 'nvme' for the NVMe set. "
                    + "Repeatable or comma-separated. A preset fixes the block size, queue depth,"
                    + " threads and mode: not with --bs, --iodepth, --threads, --rw, --sweep.")
    private List<String> presets;

    @Option(names = "--rw", paramLabel = "MODE",
            description = "Workload, fio's names: read, write, rw (mixed), randread, randwrite, "
                    + "randrw.")
    private String rw;

    @Option(names = "--rwmixread", paramLabel = "PCT",
            description = "Share of reads in a mixed workload (rw, randrw), in percent. Default: 50.")
    private Integer rwmixread;

    @Option(names = "--sweep", description = "Run the workload at every block size from 4K to "
            + "64M (powers of two) and print a table. Without --rw: randread.")
    private boolean sweep;

    @Option(names = {"--iodepth", "--queue-depth"}, paramLabel = "N",
            description = "Workload: I/Os in flight per thread. Without asynchronous I/O in the "
                    + "backend, run as that many more threads (the report says so). Default: 1.")
    private Integer iodepth;

    @Option(names = "--ioengine", paramLabel = "NAME",
            description = "Workload: how the I/O is issued, fio's names: psync, libaio, io_uring."
                    + " Default: psync at --iodepth 1, else the backend's best engine that works"
                    + " here (native: io_uring, or libaio where io_uring is refused or would hand"
                    + " each I/O to a kernel worker, as on tmpfs); the I/O line says which ran and"
                    + " why.")
    private String ioengine;

    @Option(names = {"--threads", "--numjobs"}, paramLabel = "N",
            description = "Workload: threads, each with its own offsets. Default: 1.")
    private Integer threads;

    @Option(names = "--size", paramLabel = "SIZE",
            description = "Workload: the test file's size, written in full first. Default: 1G.")
    private String size;

    @Option(names = {"--duration", "--runtime"}, paramLabel = "TIME",
            description = "Workload or block device: measured time per run: 5, 5s, 500ms, 2m. "
                    + "Default: 5s for a workload, 3s for a device. (--count N instead runs N "
                    + "I/Os per run.) --sustained and --verify-capacity: at most this long "
                    + "(the capacity check then reads back what it wrote).")
    private String duration;

    @Option(names = "--ramp-time", paramLabel = "TIME",
            description = "Workload: time run before each run's measured part, left out of the "
                    + "figures. Default: 0.")
    private String rampTime;

    @Option(names = "--seed", paramLabel = "N",
            description = "Workload: seed of the random offsets and read/write choices. Default: 0.")
    private Long seed;

    @Option(names = "--norandommap",
            description = "Workload: draw random offsets with replacement (fio's norandommap)"
                    + " instead of covering each block once per pass.")
    private boolean noRandomMap;

    /** None given yet; picocli fills in what the command line gives. */
    public WorkloadOptions() {
    }

    /** @return the {@code --preset} names as given, or null when none was */
    public List<String> presets() {
        return presets;
    }

    /** @return {@code --rw} as given, or null */
    public String rw() {
        return rw;
    }

    /** @return {@code --rwmixread}, or null */
    public Integer rwmixread() {
        return rwmixread;
    }

    /** @return whether {@code --sweep} was given */
    public boolean sweep() {
        return sweep;
    }

    /** @return {@code --iodepth} (or {@code --queue-depth}), or null */
    public Integer iodepth() {
        return iodepth;
    }

    /** @return {@code --ioengine} as given, or null */
    public String ioengine() {
        return ioengine;
    }

    /** @return {@code --threads} (or {@code --numjobs}), or null */
    public Integer threads() {
        return threads;
    }

    /** @return {@code --size} as given, or null */
    public String size() {
        return size;
    }

    /** @return {@code --duration} (or {@code --runtime}) as given, or null */
    public String duration() {
        return duration;
    }

    /** @return {@code --ramp-time} as given, or null */
    public String rampTime() {
        return rampTime;
    }

    /** @return whether {@code --norandommap} was given */
    public boolean noRandomMap() {
        return noRandomMap;
    }

    /** @return {@code --seed}, or null */
    public Long seed() {
        return seed;
    }
}
