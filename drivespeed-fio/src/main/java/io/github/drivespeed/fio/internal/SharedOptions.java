package io.github.drivespeed.fio.internal;

import io.github.drivespeed.WorkloadPlan;
import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.parameters.IoEngine;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.unit.InvalidDataSizeException;
import io.github.drivespeed.unit.Nanoseconds;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The options drivespeed's command line and fio's jobs share, each written once: those fio's jobs
 * take under fio's name ({@code --block-size}, fio's {@code bs}), and those of drivespeed's own
 * that fio's refusals and notes name ({@code --allow-overwrite}). Each row of a setting both
 * sides spell knows its drivespeed names, its fio spelling, its conversion (the value as typed to
 * the value its setter takes) and the workload plan's setter. drivespeed's command line declares
 * its option of each from the row here, reads the value with the row's conversion and calls the
 * row's setter; fio's option table ({@link FioOptions}), fio's command-line grammar
 * ({@link FioCommandLine}) and fio's plans ({@link FioPlans}) read the rows with a fio spelling,
 * and call the same setter.
 *
 * <p>What is fio's only stays in fio's room, and says so where it is: fio's size suffixes and
 * {@code kb_base} ({@link FioSize}), fio's time units ({@link FioTime}; a bare number is seconds
 * on both sides), {@code rwmixread} ignored without a mix, fio's {@code sync} engine, and fio's
 * own refusals and notes. A whole number ({@code iodepth}, {@code numjobs}, {@code rwmixread}) is
 * read by each side in its own words; its row has a setter and no conversion.
 *
 * <p>A row with a fio spelling whose drivespeed option does not go with fio's jobs
 * ({@code --ramp-time}, fio's {@code ramp_time}) is spelled each side's way on its side only:
 * fio's jobs take {@code ramp_time=}, drivespeed's workloads {@code --ramp-time}.
 */
public final class SharedOptions {

    /**
     * Bytes per call; fio's {@code bs}. Read in drivespeed's {@link DataSize} grammar; fio's
     * jobs read theirs ({@link FioSize}: {@code k} is 1024 or 1000 by {@code kb_base}, and
     * {@code kib} the other) and call the same setter.
     */
    public static final SharedOption<DataSize> BLOCK_SIZE = valued("bs", List.of("blocksize"),
            size("blockSize"), WorkloadPlan::blockSize, "--block-size", "--bs");
    /**
     * The workload's mode; fio's {@code rw}. fio's jobs refuse fio's modes drivespeed has not
     * (trims, the {@code :N} offset modifier) in fio's room.
     */
    public static final SharedOption<ReadWriteMode> RW = valued("rw", List.of("readwrite"),
            ReadWriteMode::parse, (p, m) -> m.applyTo(p), "--rw");
    /**
     * The share of reads in a mix, in percent; fio's {@code rwmixread}, set after {@link #RW}.
     * Without a mix, drivespeed's command line refuses it and fio's jobs ignore it, as fio does.
     */
    public static final SharedOption<Integer> RWMIXREAD = valued("rwmixread", List.of(),
            WorkloadPlan::readPercent, "--rwmixread");
    /** I/Os in flight per thread; fio's {@code iodepth}. */
    public static final SharedOption<Integer> IODEPTH = valued("iodepth", List.of(),
            WorkloadPlan::queueDepth, "--iodepth", "--queue-depth");
    /**
     * How the I/O is issued; fio's {@code ioengine}. fio's jobs also take fio's {@code sync}
     * (run as psync), and run libaio and io_uring on the native backend.
     */
    public static final SharedOption<IoEngine> IOENGINE = valued("ioengine", List.of(),
            IoEngine::parse, WorkloadPlan::ioEngine, "--ioengine");
    /** Threads; fio's {@code numjobs}. */
    public static final SharedOption<Integer> THREADS = valued("numjobs", List.of(),
            WorkloadPlan::threads, "--threads", "--numjobs");
    /** The test file's size; fio's {@code size}, read in fio's grammar as {@link #BLOCK_SIZE}. */
    public static final SharedOption<DataSize> SIZE = valued("size", List.of(), size("size"),
            WorkloadPlan::size, "--size");
    /**
     * Measured time per run; fio's {@code runtime}. A number without a unit is seconds on both
     * sides; fio's jobs read fio's other units ({@link FioTime}), and a job that is not
     * {@code time_based} takes it as a bound of its size-based run instead.
     */
    public static final SharedOption<Duration> DURATION = valued("runtime", List.of("timeout"),
            SharedOptions::duration, WorkloadPlan::duration, "--duration", "--runtime");
    /** Random offsets drawn with replacement; fio's {@code norandommap}. */
    public static final SharedOption<Boolean> NORANDOMMAP = flag(WorkloadPlan::noRandomMap,
            "norandommap", "--norandommap");
    /**
     * Time run before each run's measured part, left out of the figures; fio's ramp_time, read
     * as {@link #DURATION}.
     */
    public static final SharedOption<Duration> RAMP_TIME = new SharedOption<>(
            List.of("--ramp-time"), Optional.of(new FioSpelling("ramp_time", List.of())), true,
            Optional.<BiFunction<WorkloadPlan, Duration, WorkloadPlan>>of(WorkloadPlan::rampTime),
            Optional.<Function<String, Duration>>of(SharedOptions::duration));
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

    /** A size whose unit ends in a lower-case b ({@code 4kb}, {@code 8Mb}). */
    private static final Pattern LOWER_B = Pattern.compile("(\\d+ ?)([kKmMgGtT])b");

    private SharedOptions() {
    }

    /** {@return the rows fio's jobs take in fio's spelling, in the table's order} */
    public static List<SharedOption<?>> fioSpelled() {
        return ROWS.stream().filter(r -> r.fio().isPresent()).toList();
    }

    /** An option with a whole number, fio's of another name, that sets the workload plan. */
    private static <V> SharedOption<V> valued(String fio, List<String> aliases,
            BiFunction<WorkloadPlan, V, WorkloadPlan> setter, String... names) {
        return new SharedOption<>(List.of(names), Optional.of(new FioSpelling(fio, aliases)),
                true, Optional.of(setter), Optional.empty());
    }

    /** An option with a value read by {@code conversion}, that sets the workload plan. */
    private static <V> SharedOption<V> valued(String fio, List<String> aliases,
            Function<String, V> conversion, BiFunction<WorkloadPlan, V, WorkloadPlan> setter,
            String... names) {
        return new SharedOption<>(List.of(names), Optional.of(new FioSpelling(fio, aliases)),
                true, Optional.of(setter), Optional.of(conversion));
    }

    /**
     * A size in the {@link DataSize} grammar, refused as the plans' setters of a size as text
     * refuse one: naming the setting, the text and the grammar's reason.
     */
    private static Function<String, DataSize> size(String setting) {
        return text -> {
            try {
                // spaces around the value (a quoted ' 8M') are no part of it
                return DataSize.parse(text.strip());
            } catch (InvalidDataSizeException e) {
                throw new InvalidSettingException(setting, text,
                        InvalidSettingException.Reason.of("is not a data size: " + e.reason()
                                + ddBlocks(text.strip())), e);
            }
        };
    }

    /**
     * For {@code 4kb}: {@code ; in dd, b is a 512-byte block: write 4kB (4000 bytes) or 4K
     * (4096 bytes)}; empty for any other text.
     */
    private static String ddBlocks(String text) {
        Matcher m = LOWER_B.matcher(text);
        if (!m.matches()) {
            return "";
        }
        String prefix = m.group(2);
        String decimal = prefix.equals("k") || prefix.equals("K") ? "kB"
                : prefix.toUpperCase(Locale.ROOT) + "B";
        String binary = prefix.toUpperCase(Locale.ROOT);
        return "; in dd, b is a 512-byte block: write " + m.group(1) + decimal + " (powers of"
                + " 1000) or " + m.group(1) + binary + " (powers of 1024)";
    }

    /**
     * A time as fio writes one (fio's HOWTO, "Time"): no unit means seconds. A negative one is
     * refused here with the rule, in words that follow the value the refusal names
     * ({@code '-1' is negative: ...}), not with the parser's, which name the value again.
     */
    private static Duration duration(String text) {
        if (text.strip().startsWith("-")) {
            throw new IllegalArgumentException("is negative: a duration is a number and"
                    + " optionally a unit (ns, us, ms, s, m or h; seconds without one), for"
                    + " example 5, 500ms, 2m");
        }
        return Nanoseconds.parse(text, ChronoUnit.SECONDS);
    }

    /** A flag, fio's of the same name, that sets the workload plan with {@code setter}. */
    private static SharedOption<Boolean> flag(UnaryOperator<WorkloadPlan> setter, String fio,
            String... names) {
        return new SharedOption<>(List.of(names), Optional.of(new FioSpelling(fio, List.of())),
                false, Optional.<BiFunction<WorkloadPlan, Boolean, WorkloadPlan>>of(
                        (p, on) -> on ? setter.apply(p) : p), Optional.empty());
    }

    private static SharedOption<Void> drivespeeds(boolean takesValue, String... names) {
        return new SharedOption<>(List.of(names), Optional.empty(), takesValue,
                Optional.empty(), Optional.empty());
    }
}
