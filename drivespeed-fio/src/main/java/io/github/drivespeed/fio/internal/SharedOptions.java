package io.github.drivespeed.fio.internal;

import io.github.drivespeed.WorkloadPlan;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The options drivespeed's command line and fio's jobs share, each written once: those fio's jobs
 * take under fio's name ({@code --block-size}, fio's {@code bs}), and those of drivespeed's own
 * that fio's refusals and notes name ({@code --allow-overwrite}). drivespeed's command line
 * declares its option of each from the row here; fio's option table ({@link FioOptions}) and
 * fio's command-line grammar ({@link FioCommandLine}) read the rows with a fio spelling.
 */
public final class SharedOptions {

    /** Bytes per call; fio's {@code bs}. */
    public static final SharedOption BLOCK_SIZE = valued("bs", List.of("blocksize"),
            "--block-size", "--bs");
    /** The workload's mode; fio's {@code rw}. */
    public static final SharedOption RW = valued("rw", List.of("readwrite"), "--rw");
    /** The share of reads in a mix; fio's {@code rwmixread}. */
    public static final SharedOption RWMIXREAD = valued("rwmixread", List.of(), "--rwmixread");
    /** I/Os in flight per thread; fio's {@code iodepth}. */
    public static final SharedOption IODEPTH = valued("iodepth", List.of(), "--iodepth",
            "--queue-depth");
    /** How the I/O is issued; fio's {@code ioengine}. */
    public static final SharedOption IOENGINE = valued("ioengine", List.of(), "--ioengine");
    /** Threads; fio's {@code numjobs}. */
    public static final SharedOption THREADS = valued("numjobs", List.of(), "--threads",
            "--numjobs");
    /** The test file's size; fio's {@code size}. */
    public static final SharedOption SIZE = valued("size", List.of(), "--size");
    /** Measured time per run; fio's {@code runtime}. */
    public static final SharedOption DURATION = valued("runtime", List.of("timeout"),
            "--duration", "--runtime");
    /** Random offsets drawn with replacement; fio's {@code norandommap}. */
    public static final SharedOption NORANDOMMAP = new SharedOption(List.of("--norandommap"),
            Optional.of(new FioSpelling("norandommap", List.of())), false,
            Optional.of(WorkloadPlan::noRandomMap));

    /** Measured runs: drivespeed's, named where fio's {@code loops} is refused. */
    public static final SharedOption RUNS = drivespeeds(true, "--runs");
    /** Write the block device: drivespeed's, named where a job would write a device. */
    public static final SharedOption WRITE = drivespeeds(false, "--write");
    /** The I/O backend: drivespeed's, named where a job's engine needs another. */
    public static final SharedOption BACKEND = drivespeeds(true, "--backend");
    /** Where the output goes: drivespeed's, named where fio's {@code output} is refused. */
    public static final SharedOption OUTPUT = drivespeeds(true, "--output", "-o");
    /** The opt-in for writing an existing file a job names. */
    public static final SharedOption ALLOW_OVERWRITE = drivespeeds(true, "--allow-overwrite");

    private static final List<SharedOption> ROWS = List.of(BLOCK_SIZE, RW, RWMIXREAD, IODEPTH,
            IOENGINE, THREADS, SIZE, DURATION, NORANDOMMAP, RUNS, WRITE, BACKEND, OUTPUT,
            ALLOW_OVERWRITE);

    private SharedOptions() {
    }

    /** {@return the rows fio's jobs take in fio's spelling, in the table's order} */
    public static List<SharedOption> fioSpelled() {
        return ROWS.stream().filter(r -> r.fio().isPresent()).toList();
    }

    private static SharedOption valued(String fio, List<String> aliases, String... names) {
        return new SharedOption(List.of(names), Optional.of(new FioSpelling(fio, aliases)), true,
                Optional.empty());
    }

    private static SharedOption drivespeeds(boolean takesValue, String... names) {
        return new SharedOption(List.of(names), Optional.empty(), takesValue,
                Optional.<UnaryOperator<WorkloadPlan>>empty());
    }
}
