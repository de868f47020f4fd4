package io.github.drivespeed.parameters;

import io.github.drivespeed.internal.check.SettingChecks;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.unit.Nanoseconds;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The settings of a workload (a fio-style job), as recorded in its report. Built by
 * {@link io.github.drivespeed.WorkloadPlan}; the constructor checks every value.
 *
 * <p>Offsets: offsets are block numbers times the block size, so always aligned to it and
 * within {@code [0, size - blockSize]}. A random workload covers each block once per pass, as
 * fio's random map does by default: pass {@code c} (from 0) is the permutation {@code P_c} of
 * {@code [0, n)}, {@code n = size / blockSize}, given by a four-round Feistel network over the
 * smallest even power of two {@code >= n} keyed with {@code seed} and {@code c}, walked back into
 * {@code [0, n)} (cycle walking; no table, nothing allocated per I/O); worker {@code k} of
 * {@code W} (from 0) takes positions {@code k, k + W, k + 2W, ...} of {@code P_c} and then moves
 * on to pass {@code c + 1}. A size-based run of {@code n} I/Os (the default count) therefore
 * touches every block exactly once; a time-based run longer than a pass starts over with a new
 * permutation, as fio resets its map. {@link io.github.drivespeed.WorkloadPlan#noRandomMap()} draws block numbers with
 * replacement instead (fio {@code norandommap}): worker {@code k} with
 * {@code new SplittableRandom(seed + 2k).nextLong(n)}, which rereads about a third of the blocks
 * of a pass. A mix decides read or write with
 * {@code new SplittableRandom(seed + 2k + 1).nextInt(100) < readPercent}. Sequential thread
 * {@code t} of {@code T} covers blocks {@code [t b, (t + 1) b)} with {@code b = n / T}, in order,
 * wrapping around; where its queue depth is run as threads, those threads take consecutive blocks
 * from one shared cursor, as one thread's queue would. The warm-up uses the seed
 * {@code seed ^ 0x5DEECE66D}.
 *
 * <p>Size- or time-based: a run with a {@code duration} is time-based (the plan's default), one
 * with a {@code count} does that many I/Os, one with neither {@code size / blockSize}; the I/Os
 * are shared out evenly over the workers. {@code rampTime} runs the workload before each run's
 * measured part and leaves it out of every figure.
 *
 * @param pattern sequential or random offsets (fio {@code rw})
 * @param readPercent share of I/Os that are reads, in percent: 100 reads only, 0 writes only,
 *     anything between a mix (fio {@code rwmixread})
 * @param blockSize bytes per I/O (fio {@code bs})
 * @param size the test file's size, fully written before any measured I/O (fio {@code size})
 * @param length how long each run lasts: its I/O count or duration, the ramp before it, and the
 *     time that caps a size-based run
 * @param threads workers, each with its own offsets (fio {@code numjobs} with {@code thread})
 * @param queueDepth I/Os in flight per thread (fio {@code iodepth})
 * @param seed seed of the random offsets and of the read/write choices (fio {@code randseed};
 *     the same seed gives the same I/Os, like fio's {@code randrepeat})
 * @param runs measured repetitions
 * @param direct O_DIRECT (fio {@code direct=1})
 * @param timelineInterval interval of the throughput timeline (fio {@code log_avg_msec})
 * @param randomMap random offsets cover each block once per pass, as fio's random map does by
 *     default; false draws them with replacement (fio {@code norandommap})
 * @param syncEveryWrites each worker calls fdatasync(2) after every this many writes it issued,
 *     inside the timed interval (fio {@code fdatasync=N}); 0 for none (the run's closing
 *     fdatasync is always there)
 * @param ioLogging what is recorded of the I/Os for fio's log files; empty for nothing (the
 *     default)
 * @since 0.1.0
 */
public record WorkloadParameters(AccessPattern pattern, int readPercent, DataSize blockSize,
        DataSize size, RunLength length, int threads, int queueDepth, long seed, int runs,
        boolean direct, Duration timelineInterval, boolean randomMap, int syncEveryWrites,
        Optional<IoLogging> ioLogging) implements Parameters {

    /**
     * Checks every setting.
     *
     * @param pattern sequential or random offsets (fio {@code rw})
     * @param readPercent share of I/Os that are reads, in percent: 100 reads only, 0 writes only,
     *     anything between a mix (fio {@code rwmixread})
     * @param blockSize bytes per I/O (fio {@code bs})
     * @param size the test file's size, fully written before any measured I/O (fio {@code size})
     * @param length how long each run lasts (checked by {@link RunLength})
     * @param threads workers, each with its own offsets (fio {@code numjobs} with {@code thread})
     * @param queueDepth I/Os in flight per thread (fio {@code iodepth})
     * @param seed seed of the random offsets and of the read/write choices (fio {@code randseed};
     *     the same seed gives the same I/Os, like fio's {@code randrepeat})
     * @param runs measured repetitions
     * @param direct O_DIRECT (fio {@code direct=1})
     * @param timelineInterval interval of the throughput timeline (fio {@code log_avg_msec})
     * @param randomMap random offsets cover each block once per pass (fio's random map); false
     *     draws them with replacement (fio {@code norandommap})
     * @param syncEveryWrites fdatasync(2) after every this many writes of a worker, timed (fio
     *     {@code fdatasync=N}); 0 for none
     * @param ioLogging what is recorded for fio's log files; empty for nothing
     * @throws IllegalArgumentException naming the setting and the value, if one is out of its
     *     range: readPercent in {@code [0, 100]}; block size and size positive multiples of 512
     *     bytes; threads in {@code [1, }{@value
     *     Limits#MAX_THREADS}{@code ]}; queue depth in {@code [1, }{@value
     *     Limits#MAX_QUEUE_DEPTH}{@code ]}; runs in {@code [1, }{@value Limits#MAX_RUNS}{@code ]};
     *     timeline interval in {@code [1 ms, 1 day]}; syncEveryWrites {@code >= 0}
     * @throws NullPointerException if an object field is null
     */
    public WorkloadParameters {
        SettingChecks.requireNonNull("pattern", pattern);
        SettingChecks.requireInRange("readPercent", readPercent, 0, 100);
        SettingChecks.requireWholeSectors("blockSize", blockSize);
        SettingChecks.requireWholeSectors("size", size);
        Objects.requireNonNull(length, "length");
        SettingChecks.requireInRange("threads", threads, 1, Limits.MAX_THREADS);
        SettingChecks.requireInRange("queueDepth", queueDepth, 1, Limits.MAX_QUEUE_DEPTH);
        SettingChecks.requireInRange("runs", runs, 1, Limits.MAX_RUNS);
        SettingChecks.requireInRange("timelineInterval", timelineInterval, Limits.MIN_INTERVAL,
                Limits.MAX_DURATION);
        SettingChecks.requireInRange("syncEveryWrites", syncEveryWrites, 0, Integer.MAX_VALUE);
        SettingChecks.requireNonNull("ioLogging", ioLogging);
    }

    /** {@return whether runs last a duration rather than a number of I/Os} */
    public boolean timeBased() {
        return length.timeBased();
    }

    /**
     * {@return measured I/Os per run when size-based: {@link RunLength#count()}, else size /
     * blockSize}
     */
    public long iosPerRun() {
        return length.count().orElse(size.bytes() / blockSize.bytes());
    }

    /** {@return whether any I/O reads} */
    public boolean reads() {
        return readPercent > 0;
    }

    /**
     * {@return these settings with that, everything else kept}
     *
     * @param directIo O_DIRECT (fio {@code direct=1}) or buffered
     */
    public WorkloadParameters withDirect(boolean directIo) {
        return new WorkloadParameters(pattern, readPercent, blockSize, size, length, threads,
                queueDepth, seed, runs, directIo, timelineInterval, randomMap, syncEveryWrites,
                ioLogging);
    }

    /** {@return whether any I/O writes} */
    public boolean writes() {
        return readPercent < 100;
    }

    /**
     * {@return fio's name for the direction and pattern: {@code read}, {@code write}, {@code rw},
     * {@code randread}, {@code randwrite} or {@code randrw}}
     */
    public String fioRw() {
        String base = readPercent == 100 ? "read" : readPercent == 0 ? "write" : "rw";
        return pattern == AccessPattern.RANDOM ? "rand" + base : base;
    }

    /**
     * For example {@code randrw 70% reads, bs 4 KiB, size 1 GiB, QD32 T1, 5 s time-based (+1 s
     * ramp), O_DIRECT, seed 0, 1 run}.
     */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(fioRw());
        if (readPercent > 0 && readPercent < 100) {
            sb.append(' ').append(readPercent).append("% reads");
        }
        sb.append(", bs ").append(blockSize).append(", size ").append(size)
                .append(", QD").append(queueDepth).append(" T").append(threads).append(", ");
        if (timeBased()) {
            sb.append(seconds(length.duration().get())).append(" time-based");
        } else {
            sb.append(iosPerRun()).append(" I/Os");
            length.timeLimit()
                    .ifPresent(t -> sb.append(" (at most ").append(seconds(t)).append(')'));
        }
        if (!length.rampTime().isZero()) {
            sb.append(" (+").append(seconds(length.rampTime())).append(" ramp)");
        }
        if (pattern == AccessPattern.RANDOM && !randomMap) {
            sb.append(", norandommap");
        }
        if (syncEveryWrites > 0 && readPercent < 100) {
            sb.append(", fdatasync every ").append(syncEveryWrites)
                    .append(syncEveryWrites == 1 ? " write" : " writes");
        }
        sb.append(", ").append(direct ? "O_DIRECT" : "buffered").append(", seed ").append(seed)
                .append(", ").append(runs).append(runs == 1 ? " run" : " runs");
        return sb.toString();
    }

    private static String seconds(Duration d) {
        return Nanoseconds.format(d.toNanos());
    }
}
