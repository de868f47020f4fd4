package io.github.drivespeed.parameters;

import io.github.drivespeed.internal.check.SettingChecks;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.unit.Nanoseconds;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * The settings of a workload (a fio-style job), as recorded in its report. Built by
 * {@link io.github.drivespeed.WorkloadPlan} from {@link #defaults()}; the constructor checks every
 * value. A report's record says what ran where the run changed a setting: buffered I/O after a
 * fallback and the I/O engine that ran ({@link IoMode}).
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
 * @param io O_DIRECT or buffered, the buffered fallback, the I/O engine and SQPOLL
 * @param recording what is recorded beside the figures: the throughput timeline's interval (fio
 *     {@code log_avg_msec}) and the I/O logging for fio's log files
 * @param randomMap random offsets cover each block once per pass, as fio's random map does by
 *     default; false draws them with replacement (fio {@code norandommap})
 * @param syncEveryWrites each worker calls fdatasync(2) after every this many writes it issued,
 *     inside the timed interval (fio {@code fdatasync=N}); 0 for none (the run's closing
 *     fdatasync is always there)
 * @param existingFile the existing file the workload ran over instead of a test file of its own
 *     ({@link io.github.drivespeed.WorkloadPlan#existingFile(Path)}; fio's {@code filename}),
 *     as given; empty for a test file (the default)
 * @since 0.1.0
 */
public record WorkloadParameters(AccessPattern pattern, int readPercent, DataSize blockSize,
        DataSize size, RunLength length, int threads, int queueDepth, long seed, int runs,
        IoMode io, Recording recording, boolean randomMap, int syncEveryWrites,
        Optional<Path> existingFile) implements Parameters {

    /** Default block size: 4 KiB. */
    public static final DataSize DEFAULT_BLOCK_SIZE = DataSize.ofKibibytes(4);
    /** Default test-file size: 1 GiB. */
    public static final DataSize DEFAULT_SIZE = DataSize.ofGibibytes(1);
    /** Default measured time per run: 5 seconds. */
    public static final Duration DEFAULT_DURATION = Duration.ofSeconds(5);
    /** Default interval of the throughput timeline: 500 ms. */
    public static final Duration DEFAULT_TIMELINE_INTERVAL = Duration.ofMillis(500);

    private static final WorkloadParameters DEFAULTS = new WorkloadParameters(
            AccessPattern.RANDOM, 100, DEFAULT_BLOCK_SIZE, DEFAULT_SIZE,
            new RunLength(OptionalLong.empty(), Optional.of(DEFAULT_DURATION), Duration.ZERO,
                    Optional.empty()),
            1, 1, 0, 1, IoMode.DEFAULT, Recording.timeline(DEFAULT_TIMELINE_INTERVAL), true, 0,
            Optional.empty());

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
     * @param io O_DIRECT or buffered, the fallback, the engine and SQPOLL
     * @param recording the timeline interval and the I/O logging (checked by {@link Recording})
     * @param randomMap random offsets cover each block once per pass (fio's random map); false
     *     draws them with replacement (fio {@code norandommap})
     * @param syncEveryWrites fdatasync(2) after every this many writes of a worker, timed (fio
     *     {@code fdatasync=N}); 0 for none
     * @param existingFile the existing file to run over, or empty for a test file
     * @throws IllegalArgumentException naming the setting and the value, if one is out of its
     *     range: readPercent in {@code [0, 100]}; block size and size positive multiples of 512
     *     bytes; threads in {@code [1, }{@value
     *     Limits#MAX_THREADS}{@code ]}; queue depth in {@code [1, }{@value
     *     Limits#MAX_QUEUE_DEPTH}{@code ]}; runs in {@code [1, }{@value Limits#MAX_RUNS}{@code ]};
     *     syncEveryWrites {@code >= 0}
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
        Objects.requireNonNull(io, "io");
        Objects.requireNonNull(recording, "recording");
        SettingChecks.requireInRange("syncEveryWrites", syncEveryWrites, 0, Integer.MAX_VALUE);
        SettingChecks.requireNonNull("existingFile", existingFile);
    }

    /**
     * {@return the settings a {@link io.github.drivespeed.WorkloadPlan} starts from: random
     * reads ({@code randread}), 4 KiB blocks ({@link #DEFAULT_BLOCK_SIZE}) in a 1 GiB test file
     * ({@link #DEFAULT_SIZE}), 5 s time-based runs ({@link #DEFAULT_DURATION}) without ramp, one
     * thread at queue depth 1, seed 0, one run, {@link IoMode#DEFAULT}, a 500 ms timeline
     * ({@link #DEFAULT_TIMELINE_INTERVAL}), the random map, no fdatasync, no I/O logging, a test
     * file of its own}
     */
    public static WorkloadParameters defaults() {
        return DEFAULTS;
    }

    /** {@return O_DIRECT (fio {@code direct=1}), as {@link #io()}: in a report, what ran} */
    public boolean direct() {
        return io.direct();
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
     * {@return these settings with that, everything else kept (the buffered fallback too)}
     *
     * @param directIo O_DIRECT (fio {@code direct=1}) or buffered
     */
    public WorkloadParameters withDirect(boolean directIo) {
        return withIo(io.withDirect(directIo, io.bufferedFallback()));
    }

    /**
     * {@return these settings with that access pattern, everything else kept}
     *
     * @param offsets sequential or random offsets
     * @throws NullPointerException if {@code offsets} is null
     */
    public WorkloadParameters withPattern(AccessPattern offsets) {
        return with(c -> c.pattern = offsets);
    }

    /**
     * {@return these settings with that share of reads, everything else kept}
     *
     * @param percent share of I/Os that are reads, in percent
     * @throws IllegalArgumentException as the canonical constructor
     */
    public WorkloadParameters withReadPercent(int percent) {
        return with(c -> c.readPercent = percent);
    }

    /**
     * {@return these settings with that block size, everything else kept}
     *
     * @param bytes bytes per I/O
     * @throws IllegalArgumentException as the canonical constructor
     */
    public WorkloadParameters withBlockSize(DataSize bytes) {
        return with(c -> c.blockSize = bytes);
    }

    /**
     * {@return these settings with that test-file size, everything else kept}
     *
     * @param bytes the test file's size
     * @throws IllegalArgumentException as the canonical constructor
     */
    public WorkloadParameters withSize(DataSize bytes) {
        return with(c -> c.size = bytes);
    }

    /**
     * {@return these settings with that run length, everything else kept}
     *
     * @param runLength how long each run lasts
     * @throws NullPointerException if {@code runLength} is null
     */
    public WorkloadParameters withLength(RunLength runLength) {
        return with(c -> c.length = runLength);
    }

    /**
     * {@return these settings with that many threads, everything else kept}
     *
     * @param workers workers, each with its own offsets
     * @throws IllegalArgumentException as the canonical constructor
     */
    public WorkloadParameters withThreads(int workers) {
        return with(c -> c.threads = workers);
    }

    /**
     * {@return these settings with that queue depth, everything else kept}
     *
     * @param depth I/Os in flight per thread
     * @throws IllegalArgumentException as the canonical constructor
     */
    public WorkloadParameters withQueueDepth(int depth) {
        return with(c -> c.queueDepth = depth);
    }

    /**
     * {@return these settings with that seed, everything else kept}
     *
     * @param randomSeed seed of the random offsets and of the read/write choices
     */
    public WorkloadParameters withSeed(long randomSeed) {
        return with(c -> c.seed = randomSeed);
    }

    /**
     * {@return these settings with that many runs, everything else kept}
     *
     * @param repetitions measured repetitions
     * @throws IllegalArgumentException as the canonical constructor
     */
    public WorkloadParameters withRuns(int repetitions) {
        return with(c -> c.runs = repetitions);
    }

    /**
     * {@return these settings with that I/O mode, everything else kept}
     *
     * @param mode O_DIRECT or buffered, the fallback, the engine and SQPOLL
     * @throws NullPointerException if {@code mode} is null
     */
    public WorkloadParameters withIo(IoMode mode) {
        return with(c -> c.io = mode);
    }

    /**
     * {@return these settings with that timeline interval, everything else kept}
     *
     * @param interval interval of the throughput timeline
     * @throws IllegalArgumentException as the canonical constructor
     */
    public WorkloadParameters withTimelineInterval(Duration interval) {
        return withRecording(recording.withTimelineInterval(interval));
    }

    /**
     * {@return these settings with or without the random map, everything else kept}
     *
     * @param on whether random offsets cover each block once per pass
     */
    public WorkloadParameters withRandomMap(boolean on) {
        return with(c -> c.randomMap = on);
    }

    /**
     * {@return these settings with that fdatasync interval, everything else kept}
     *
     * @param writes fdatasync(2) after every this many writes of a worker; 0 for none
     * @throws IllegalArgumentException as the canonical constructor
     */
    public WorkloadParameters withSyncEveryWrites(int writes) {
        return with(c -> c.syncEveryWrites = writes);
    }

    /**
     * {@return these settings with that I/O logging, everything else kept}
     *
     * @param logging what is recorded for fio's log files; empty for nothing
     * @throws NullPointerException if {@code logging} is null
     */
    public WorkloadParameters withIoLogging(Optional<IoLogging> logging) {
        return withRecording(recording.withIoLogging(logging));
    }

    /**
     * {@return these settings with that recording, everything else kept}
     *
     * @param what the timeline interval and the I/O logging
     * @throws NullPointerException if {@code what} is null
     */
    public WorkloadParameters withRecording(Recording what) {
        return with(c -> c.recording = what);
    }

    /**
     * {@return these settings over that existing file, everything else kept}
     *
     * @param file the existing file to run over; empty for a test file of its own
     * @throws NullPointerException if {@code file} is null
     */
    public WorkloadParameters withExistingFile(Optional<Path> file) {
        return with(c -> c.existingFile = file);
    }

    /**
     * {@return these settings with one change, everything else kept: what every wither does}
     *
     * @param change what to change in a copy of the values
     * @throws IllegalArgumentException as the canonical constructor
     */
    private WorkloadParameters with(Consumer<Copy> change) {
        Copy c = new Copy(this);
        change.accept(c);
        return c.build();
    }

    /** The values of a record while a wither changes one; never shared. */
    private static final class Copy {
        private AccessPattern pattern;
        private int readPercent;
        private DataSize blockSize;
        private DataSize size;
        private RunLength length;
        private int threads;
        private int queueDepth;
        private long seed;
        private int runs;
        private IoMode io;
        private Recording recording;
        private boolean randomMap;
        private int syncEveryWrites;
        private Optional<Path> existingFile;

        Copy(WorkloadParameters p) {
            pattern = p.pattern;
            readPercent = p.readPercent;
            blockSize = p.blockSize;
            size = p.size;
            length = p.length;
            threads = p.threads;
            queueDepth = p.queueDepth;
            seed = p.seed;
            runs = p.runs;
            io = p.io;
            recording = p.recording;
            randomMap = p.randomMap;
            syncEveryWrites = p.syncEveryWrites;
            existingFile = p.existingFile;
        }

        WorkloadParameters build() {
            return new WorkloadParameters(pattern, readPercent, blockSize, size, length, threads,
                    queueDepth, seed, runs, io, recording, randomMap, syncEveryWrites,
                    existingFile);
        }
    }

    /**
     * {@return the settings by name, fio's where fio has the setting: {@code rw},
     * {@code rwmixread}, {@code bs}, {@code size}, {@code count} (where given),
     * {@code runtime} (when time-based), {@code ramp_time}, {@code numjobs}, {@code iodepth},
     * {@code ioengine} (where asked for, and in a report the one that ran), {@code randseed},
     * {@code norandommap}, {@code time_limit} (where given), {@code fdatasync}, {@code runs},
     * {@code direct}, {@code log_avg}, {@code buffered_fallback}, {@code sqthread_poll} and
     * {@code existing_file} (where given)}
     */
    @Override
    public Settings settings() {
        return new Settings.Builder().text("rw", fioRw()).count("rwmixread", readPercent)
                .size("bs", blockSize).size("size", size).count("count", length.count())
                .time("runtime", length.duration()).time("ramp_time", length.rampTime())
                .count("numjobs", threads).count("iodepth", queueDepth)
                .text("ioengine", io.ioEngine().map(IoEngine::fioName))
                .count("randseed", seed).flag("norandommap", !randomMap)
                .time("time_limit", length.timeLimit()).count("fdatasync", syncEveryWrites)
                .count("runs", runs).flag("direct", io.direct())
                .time("log_avg", recording.timelineInterval())
                .flag("buffered_fallback", io.bufferedFallback())
                .flag("sqthread_poll", io.sqThreadPoll())
                .text("existing_file", existingFile.map(Path::toString)).build();
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
        sb.append(", ").append(io.direct() ? "O_DIRECT" : "buffered").append(", seed ").append(seed)
                .append(", ").append(runs).append(runs == 1 ? " run" : " runs");
        return sb.toString();
    }

    private static String seconds(Duration d) {
        return Nanoseconds.format(d.toNanos());
    }
}
