package io.github.drivespeed.cli.options;

import static io.github.drivespeed.cli.options.Form.CAPACITY_CHECK;
import static io.github.drivespeed.cli.options.Form.CAPACITY_PROBE;
import static io.github.drivespeed.cli.options.Form.DEVICE;
import static io.github.drivespeed.cli.options.Form.FIO_JOB;
import static io.github.drivespeed.cli.options.Form.PRESET;
import static io.github.drivespeed.cli.options.Form.PROBE;
import static io.github.drivespeed.cli.options.Form.SEQUENTIAL;
import static io.github.drivespeed.cli.options.Form.SUSTAINED;
import static io.github.drivespeed.cli.options.Form.SWEEP;
import static io.github.drivespeed.cli.options.Form.WORKLOAD;

import io.github.drivespeed.fio.internal.SharedOptions;
import io.github.drivespeed.requirement.StorageRequirement;

/**
 * Rows of {@link OptionTable}: what becomes of the results (the requirement they are checked
 * against; JSON, CSV or fio's JSON, an output file, a chart, a Prometheus file, quiet); and, for one command line,
 * the values of the output options given.
 */
public final class OutputOptions {

    /** The requirement the results are checked against. */
    public static final OptionRow<StorageRequirement> REQUIRE =
            OptionRow.text("SPEC", "--require")
            .forms(SEQUENTIAL, WORKLOAD, PRESET, SWEEP, SUSTAINED)
            .help("Check the results against a requirement; exit 1 when it is not met, 4"
                    + " when it cannot be judged: SD classes (C2 C4 C6 C10 U1 U3 V6 V10 V30 V60"
                    + " V90 A1 A2; each has a sustained write minimum, judged only on a write"
                    + " past the drive's write cache) and bounds write=RATE, sustained=RATE,"
                    + " read=RATE (30MB/s, 25MiB/s), randread=IOPS, randwrite=IOPS (random 4"
                    + " KiB), pNN=TIME (random 4 KiB latency: p99=10ms), comma-separated."
                    + " Without a workload option, runs what the requirement needs: a sustained"
                    + " write (bounded as --sustained is by default; --sustained with --size or"
                    + " --duration bounds it otherwise) for a sustained minimum, the sequential"
                    + " test for write= and read=, RND4K Q1T1 reads and writes for random"
                    + " figures (over --size, for --duration each). With a workload option or"
                    + " --sustained, a term nothing that runs measures is refused (randread="
                    + " needs random 4 KiB reads only).")
            .as(StorageRequirement::parse);

    /** drivespeed's JSON. */
    public static final OptionRow<Boolean> JSON = OptionRow.flag("--json")
            .forms(PROBE, SEQUENTIAL, WORKLOAD, PRESET, SWEEP, DEVICE, SUSTAINED, CAPACITY_CHECK,
                    CAPACITY_PROBE, FIO_JOB)
            .help("Print the results as JSON (schema in docs/output-schema.md)"
                    + " instead of the text summary.");

    /** drivespeed's CSV. */
    public static final OptionRow<Boolean> CSV = OptionRow.flag("--csv")
            .forms(PROBE, SEQUENTIAL, WORKLOAD, PRESET, SWEEP, DEVICE, SUSTAINED, CAPACITY_CHECK,
                    CAPACITY_PROBE, FIO_JOB)
            .help("Print the results as CSV, one row per job and"
                    + " direction (columns in docs/output-schema.md), instead of the text"
                    + " summary.");

    /** fio's output formats. */
    public static final OptionRow<String> OUTPUT_FORMAT =
            OptionRow.text("FORMAT", "--output-format")
            .choices("normal|json|json+")
            .forms(SEQUENTIAL, WORKLOAD, PRESET, SWEEP, FIO_JOB)
            .help("fio's output formats: normal (the text summary, as without it), json"
                    + " (fio's JSON layout in fio's units, for fio's consumers; docs/fio-json.md)"
                    + " or json+ (json with fio's latency bins); fio's comma-separated lists"
                    + " (json,normal) too.");

    /** The file standard output's content goes to. */
    public static final OptionRow<String> OUTPUT = OptionRow.text("FILE", SharedOptions.OUTPUT)
            .forms(PROBE, SEQUENTIAL, WORKLOAD, PRESET, SWEEP, DEVICE, SUSTAINED, CAPACITY_CHECK,
                    CAPACITY_PROBE, FIO_JOB)
            .help("Write what would go to standard output (the JSON, the CSV or the text"
                    + " summary) to FILE instead; with --json or --csv the text summary then"
                    + " still goes to standard output. An existing FILE is refused unless"
                    + " --overwrite is given (it then keeps its permissions; a symbolic link is"
                    + " written through), and so is a directory or block device; FILE is"
                    + " written whole or not at all. Standard output is -, and a character"
                    + " device or fifo (/dev/null, /dev/stdout) is written directly; started as"
                    + " fio, FILE is replaced as fio replaces it.");

    /** The PNG chart's file. */
    public static final OptionRow<String> CHART = OptionRow.text("FILE.png", "--chart")
            .forms(SEQUENTIAL, WORKLOAD, PRESET, SWEEP)
            .help("Draw a PNG chart (800x500): the throughput of every pass and run over"
                    + " time, in 80 to 199 buckets sized to the longest pass, each write's"
                    + " closing fdatasync shaded; or for --sweep the throughput against the"
                    + " block size. The name must end in .png; same file rules as --output. The"
                    + " summary ends with the chart's path.");

    /** The Prometheus text file, for node_exporter's textfile collector. */
    public static final OptionRow<String> PROMETHEUS = OptionRow.text("FILE.prom", "--prometheus")
            .forms(SEQUENTIAL, WORKLOAD, PRESET)
            .help("Also write the results as Prometheus metrics, for node_exporter's textfile"
                    + " collector: drivespeed-micrometer's meters, named as a Spring"
                    + " application's /actuator/prometheus names them (docs/metrics.md)."
                    + " FILE must end in .prom and is replaced whole, by a rename, on each run"
                    + " (no --overwrite needed); its directory must exist.");

    /** Existing output files replaced. */
    public static final OptionRow<Boolean> OVERWRITE = OptionRow.flag("--overwrite")
            .forms(PROBE, SEQUENTIAL, WORKLOAD, PRESET, SWEEP, DEVICE, SUSTAINED, CAPACITY_CHECK,
                    CAPACITY_PROBE, FIO_JOB)
            .help("Let --output and --chart replace an existing"
                    + " file.");

    /** No text summary, no progress. */
    public static final OptionRow<Boolean> QUIET = OptionRow.flag("--quiet", "-q")
            .forms(PROBE, SEQUENTIAL, WORKLOAD, PRESET, SWEEP, DEVICE, SUSTAINED, CAPACITY_CHECK,
                    CAPACITY_PROBE, FIO_JOB)
            .help("Print no text summary and no progress;"
                    + " errors, requirement failures and --json/--csv output still appear.");

    /** The text summary's backend line in full. */
    public static final OptionRow<Boolean> VERBOSE = OptionRow.flag("--verbose", "-v")
            .forms(SEQUENTIAL, WORKLOAD, PRESET, SWEEP, DEVICE, SUSTAINED)
            .help("Print the text summary's backend line in full: how the backend does its I/O"
                    + " (system calls, the JNI stub and its checksum, or JNA) and, where it fell"
                    + " back, why. Without it the line names the backend only.");

    private final GivenOptions given;

    /**
     * The output options one command line gave.
     *
     * @param given the options the command line gave
     */
    public OutputOptions(GivenOptions given) {
        this.given = given;
    }

    /** {@return whether {@code --json} was given} */
    public boolean json() {
        return given.has(JSON);
    }

    /** {@return whether {@code --csv} was given} */
    public boolean csv() {
        return given.has(CSV);
    }

    /** {@return the {@code --output-format} value as given, or null} */
    public String outputFormat() {
        return given.value(OUTPUT_FORMAT);
    }

    /** {@return the {@code --output} file as given, or null} */
    public String output() {
        return given.value(OUTPUT);
    }

    /** {@return whether {@code --overwrite} was given} */
    public boolean overwrite() {
        return given.has(OVERWRITE);
    }

    /** {@return the {@code --chart} file as given, or null} */
    public String chart() {
        return given.value(CHART);
    }

    /** {@return the {@code --prometheus} file as given, or null} */
    public String prometheus() {
        return given.value(PROMETHEUS);
    }

    /** {@return {@code --output} as the user typed it: {@code -o} or {@code --output}} */
    public String outputTyped() {
        return given.typed(OUTPUT);
    }

    /** {@return whether {@code --quiet} was given} */
    public boolean quiet() {
        return given.has(QUIET);
    }
}
