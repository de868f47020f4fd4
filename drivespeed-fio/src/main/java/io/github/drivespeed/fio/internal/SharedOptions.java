package io.github.drivespeed.fio.internal;

import io.github.drivespeed.WorkloadPlan;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;

/**
 * The options drivespeed's command line and fio's jobs share, each written once: those fio's jobs
 * take under fio's name ({@code --block-size}, fio's {@code bs}), and those of drivespeed's own
 * that fio's refusals and notes name ({@code --allow-overwrite}). drivespeed's command line
 * declares its option of each from the row here, and calls the workload setter a row names; fio's
 * option table ({@link FioOptions}), fio's command-line grammar ({@link FioCommandLine}) and
 * fio's plans ({@link FioPlans}) read the rows with a fio spelling, and call the same setter.
 *
 * <p>A row with a fio spelling whose drivespeed option does not go with fio's jobs
 * ({@code --ramp-time}, fio's {@code ramp_time}) is spelled each side's way on its side only:
 * fio's jobs take {@code ramp_time=}, drivespeed's workloads {@code --ramp-time}.
 */
public final class SharedOptions {

    /** Bytes per call; fio's {@code bs}. */
    public static final SharedOption<String> BLOCK_SIZE = valued("bs", List.of("blocksize"),
            "--block-size", "--bs");
    /** The workload's mode; fio's {@code rw}. */
    public static final SharedOption<String> RW = valued("rw", List.of("readwrite"), "--rw");
    /** The share of reads in a mix; fio's {@code rwmixread}. */
    public static final SharedOption<String> RWMIXREAD = valued("rwmixread", List.of(), "--rwmixread");
    /** I/Os in flight per thread; fio's {@code iodepth}. */
    public static final SharedOption<Integer> IODEPTH = valued("iodepth", List.of(),
            WorkloadPlan::queueDepth, "--iodepth", "--queue-depth");
    /** How the I/O is issued; fio's {@code ioengine}. */
    public static final SharedOption<String> IOENGINE = valued("ioengine", List.of(), "--ioengine");
    /** Threads; fio's {@code numjobs}. */
    public static final SharedOption<Integer> THREADS = valued("numjobs", List.of(),
            WorkloadPlan::threads, "--threads", "--numjobs");
    /** The test file's size; fio's {@code size}. */
    public static final SharedOption<String> SIZE = valued("size", List.of(), "--size");
    /** Measured time per run; fio's {@code runtime}. */
    public static final SharedOption<String> DURATION = valued("runtime", List.of("timeout"),
            "--duration", "--runtime");
    /** Random offsets drawn with replacement; fio's {@code norandommap}. */
    public static final SharedOption<Boolean> NORANDOMMAP = flag(WorkloadPlan::noRandomMap,
            "norandommap", "--norandommap");
    /** Time run before each run's measured part, left out of the figures; fio's ramp_time. */
    public static final SharedOption<Duration> RAMP_TIME = new SharedOption<>(
            List.of("--ramp-time"), Optional.of(new FioSpelling("ramp_time", List.of())), true,
            Optional.<BiFunction<WorkloadPlan, Duration, WorkloadPlan>>of(WorkloadPlan::rampTime));
    /** io_uring's submission-queue polling; fio's sqthread_poll (io_uring's own option). */
    public static final SharedOption<Boolean> SQTHREAD_POLL = flag(WorkloadPlan::sqThreadPoll,
            "sqthread_poll", "--sqthread-poll");

    /** Measured runs: drivespeed's, named where fio's {@code loops} is refused. */
    public static final SharedOption<Void> RUNS = drivespeeds(true, "--runs");
    /** Write the block device: drivespeed's, named where a job would write a device. */
    public static final SharedOption<Void> WRITE = drivespeeds(false, "--write");
    /** The I/O backend: drivespeed's, named where a job's engine needs another. */
    public static final SharedOption<Void> BACKEND = drivespeeds(true, "--backend");
    /** Where the output goes: drivespeed's, named where fio's {@code output} is refused. */
    public static final SharedOption<Void> OUTPUT = drivespeeds(true, "--output", "-o");
    /** The opt-in for writing an existing file a job names. */
    public static final SharedOption<Void> ALLOW_OVERWRITE = drivespeeds(true, "--allow-overwrite");

    private static final List<SharedOption<?>> ROWS = List.of(BLOCK_SIZE, RW, RWMIXREAD,
            IODEPTH, IOENGINE, THREADS, SIZE, DURATION, RAMP_TIME, NORANDOMMAP, SQTHREAD_POLL,
            RUNS, WRITE, BACKEND, OUTPUT, ALLOW_OVERWRITE);

    private SharedOptions() {
    }

    /** {@return the rows fio's jobs take in fio's spelling, in the table's order} */
    public static List<SharedOption<?>> fioSpelled() {
        return ROWS.stream().filter(r -> r.fio().isPresent()).toList();
    }

    private static SharedOption<String> valued(String fio, List<String> aliases,
            String... names) {
        return new SharedOption<>(List.of(names), Optional.of(new FioSpelling(fio, aliases)),
                true, Optional.empty());
    }

    /** An option with a value, fio's of another name, that sets the workload plan. */
    private static <V> SharedOption<V> valued(String fio, List<String> aliases,
            BiFunction<WorkloadPlan, V, WorkloadPlan> setter, String... names) {
        return new SharedOption<>(List.of(names), Optional.of(new FioSpelling(fio, aliases)),
                true, Optional.of(setter));
    }

    /** A flag, fio's of the same name, that sets the workload plan with {@code setter}. */
    private static SharedOption<Boolean> flag(UnaryOperator<WorkloadPlan> setter, String fio,
            String... names) {
        return new SharedOption<>(List.of(names), Optional.of(new FioSpelling(fio, List.of())),
                false, Optional.<BiFunction<WorkloadPlan, Boolean, WorkloadPlan>>of(
                        (p, on) -> on ? setter.apply(p) : p));
    }

    private static SharedOption<Void> drivespeeds(boolean takesValue, String... names) {
        return new SharedOption<>(List.of(names), Optional.empty(), takesValue,
                Optional.empty());
    }
}
