package io.github.drivespeed.cli.options;

import static io.github.drivespeed.cli.options.Form.CAPACITY_CHECK;
import static io.github.drivespeed.cli.options.Form.CAPACITY_PROBE;
import static io.github.drivespeed.cli.options.Form.DEVICE;
import static io.github.drivespeed.cli.options.Form.FIO_JOB;
import static io.github.drivespeed.cli.options.Form.PRESET;
import static io.github.drivespeed.cli.options.Form.SEQUENTIAL;
import static io.github.drivespeed.cli.options.Form.SUSTAINED;
import static io.github.drivespeed.cli.options.Form.SWEEP;
import static io.github.drivespeed.cli.options.Form.WORKLOAD;
import io.github.drivespeed.fio.internal.SharedOptions;
import io.github.drivespeed.unit.DataSize;

/**
 * Rows of {@link OptionTable}: the options of the measurement itself, which the sequential test,
 * the workloads and the device test share in part (block size, count, runs, buffered I/O, the
 * backend), those of the sequential test and the device test alone (O_DSYNC, zeros, the
 * O_DIRECT fallback, cached reads, drop_caches, verification), and the device's write opt-ins.
 */
public final class MeasurementOptions {

    /** Read-back verification off. */
    public static final OptionRow<Boolean> NO_VERIFY = OptionRow.flag("--no-verify")
            .forms(SEQUENTIAL, DEVICE).setting("noVerify")
            .help("Do not check what the read passes read back against what was written"
                    + " (checked by default: a medium that loses data, as counterfeit cards do,"
                    + " gets DATA_LOSS and exit code 1). Directory test, or a device with"
                    + " --write.");

    /** O_DSYNC. */
    public static final OptionRow<Boolean> DSYNC = OptionRow.flag("--dsync")
            .forms(SEQUENTIAL).setting("dsync")
            .help("Open the test file with O_DSYNC, like dd's oflag=dsync.");

    /** Zeros instead of random data. */
    public static final OptionRow<Boolean> ZEROS = OptionRow.flag("--zeros")
            .forms(SEQUENTIAL).setting("dataPattern")
            .help("Write zeros instead of random data, like dd if=/dev/zero.");

    /** O_DIRECT, else buffered I/O. */
    public static final OptionRow<Boolean> DIRECT_OR_BUFFERED =
            OptionRow.flag("--direct-or-buffered")
            .forms(SEQUENTIAL).setting("directOrBuffered")
            .help("Use O_DIRECT where the file system allows it, else buffered I/O; the "
                    + "report then says the figures are buffered (warning BUFFERED_FALLBACK).");

    /** Bytes per call. */
    public static final OptionRow<DataSize> BLOCK_SIZE =
            OptionRow.converted("SIZE", SharedOptions.BLOCK_SIZE)
            .forms(SEQUENTIAL, WORKLOAD, DEVICE, SUSTAINED, FIO_JOB).setting("blockSize")
            .help("Bytes per write and read call, like dd's bs, a multiple of 512: 8M, "
                    + "4KiB, 512, 1G (K/M/G/T and KiB.. are powers of 1024, kB/MB/GB/TB of "
                    + "1000). Default: 8M; 4K with --rw, 1M with --sustained.");

    /** Blocks per pass, or I/Os per run. */
    public static final OptionRow<Long> COUNT = OptionRow.wholeLong("N", "--count")
            .forms(SEQUENTIAL, WORKLOAD, PRESET, SWEEP, DEVICE).setting("count")
            .help("Blocks per pass, like dd's count. Default: 32. With a workload: "
                    + "I/Os per run over all threads (size-based instead of --duration).");

    /** Measured runs. */
    public static final OptionRow<Integer> RUNS = OptionRow.wholeInt("N", SharedOptions.RUNS)
            .forms(SEQUENTIAL, WORKLOAD, PRESET, SWEEP, DEVICE).setting("runs")
            .help("Measured runs. Default: 3; 1 for --rw, --preset and --sweep.");

    /** Through the page cache. */
    public static final OptionRow<Boolean> BUFFERED = OptionRow.flag("--buffered")
            .forms(SEQUENTIAL, WORKLOAD, PRESET, SWEEP, DEVICE, SUSTAINED).setting("buffered")
            .help("Go through the page cache instead of O_DIRECT (the read figure is "
                    + "then flagged when it may come from the cache).");

    /** The I/O backend, by name. */
    public static final OptionRow<String> BACKEND = OptionRow.text("NAME", SharedOptions.BACKEND)
            .choices("native|java")
            .forms(SEQUENTIAL, WORKLOAD, PRESET, SWEEP, DEVICE, SUSTAINED, CAPACITY_CHECK,
                    CAPACITY_PROBE, FIO_JOB).setting("backend")
            .help("I/O backend: native (JNA system calls: O_TMPFILE, pread/pwrite, "
                    + "posix_fadvise) or java (FileChannel). Default: native where it works, "
                    + "else java; the summary says which ran and why.");

    /** hdparm -T's cached reads. */
    public static final OptionRow<Boolean> CACHED_READ = OptionRow.flag("--cached-read", "-T")
            .forms(SEQUENTIAL, DEVICE).setting("cachedRead")
            .help("Also measure cached reads, as hdparm -T: a 2 MiB region re-read from "
                    + "the page cache for 2 s. Memory speed, never the drive's; a read figure "
                    + "above it is flagged.");

    /** drop_caches before each buffered read. */
    public static final OptionRow<Boolean> DROP_CACHES = OptionRow.flag("--drop-caches")
            .forms(SEQUENTIAL, DEVICE).setting("dropCaches")
            .help("Before each buffered read, also drop the whole machine's page cache "
                    + "(sync; echo 3 > /proc/sys/vm/drop_caches). Needs root; slows every other "
                    + "program on the machine for a while.");

    /** Write the block device. */
    public static final OptionRow<Boolean> WRITE = OptionRow.flag(SharedOptions.WRITE)
            .forms(DEVICE).setting("write")
            .help("Block device only: also write it (destroys its contents), then read "
                    + "back. Needs --allow-writes-to naming the same device; refused while it or "
                    + "a partition is mounted or in use, and over a partition table or file "
                    + "system unless --force.");

    /** The device again: the opt-in for writing it. */
    public static final OptionRow<String> ALLOW_WRITES_TO =
            OptionRow.text("DEVICE", "--allow-writes-to")
            .forms(DEVICE, CAPACITY_PROBE).setting("allowWritesTo")
            .help("The opt-in for --write: the same block device again.");

    /** Write over a partition table or file-system signature. */
    public static final OptionRow<Boolean> FORCE = OptionRow.flag("--force")
            .forms(DEVICE, CAPACITY_PROBE).setting("force")
            .help("With --write: write even over a partition table or file-system "
                    + "signature (never over a mounted or used device).");

    /** The capacity probe's cache of recent writes to rule out. */
    public static final OptionRow<String> CACHE_BOUND = OptionRow.text("SIZE", "--cache-bound")
            .forms(CAPACITY_PROBE).setting("cacheBound")
            .help("The capacity probe (--verify-capacity on a block device): the cache of recent"
                    + " writes to rule out, as 512M or 1G (at least 1M). Between writing a unit"
                    + " and reading it back the probe writes SIZE elsewhere (at most a quarter of"
                    + " the device), so that a fake's cache of its last writes cannot answer the"
                    + " read-back. Default: 256M (a 256 MiB cache ruled out on a device of 1 GiB"
                    + " or more); larger costs more time (each round writes that much).");

    private MeasurementOptions() {
    }
}
