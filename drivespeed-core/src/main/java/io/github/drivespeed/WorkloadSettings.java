package io.github.drivespeed;

import io.github.drivespeed.parameters.AccessPattern;
import io.github.drivespeed.parameters.Preset;
import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.unit.DataSize;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A mutable copy of a {@link WorkloadParameters}, for {@link WorkloadPlan}'s setters: each setter
 * changes a copy and builds new, checked parameters from it. Never shared.
 */
final class WorkloadSettings {

    AccessPattern pattern;
    int readPercent;
    DataSize blockSize;
    DataSize size;
    OptionalLong count;
    Optional<Duration> duration;
    Duration rampTime;
    int threads;
    int queueDepth;
    long seed;
    int runs;
    boolean direct;
    Duration timelineInterval;
    boolean randomMap;
    Optional<Duration> timeLimit;
    int syncEveryWrites;

    WorkloadSettings(WorkloadParameters p) {
        pattern = p.pattern();
        readPercent = p.readPercent();
        blockSize = p.blockSize();
        size = p.size();
        count = p.count();
        duration = p.duration();
        rampTime = p.rampTime();
        threads = p.threads();
        queueDepth = p.queueDepth();
        seed = p.seed();
        runs = p.runs();
        direct = p.direct();
        timelineInterval = p.timelineInterval();
        randomMap = p.randomMap();
        timeLimit = p.timeLimit();
        syncEveryWrites = p.syncEveryWrites();
    }

    /** @return {@link WorkloadPlan}'s defaults (see its class description) */
    static WorkloadParameters defaults() {
        return new WorkloadParameters(AccessPattern.RANDOM, 100, WorkloadPlan.DEFAULT_BLOCK_SIZE,
                WorkloadPlan.DEFAULT_SIZE, OptionalLong.empty(),
                Optional.of(WorkloadPlan.DEFAULT_DURATION), Duration.ZERO, 1, 1, 0, 1, true,
                WorkloadPlan.DEFAULT_TIMELINE_INTERVAL, true);
    }

    /** @param n measured I/Os of each size-based run */
    void countBased(long n) {
        count = OptionalLong.of(n);
        duration = Optional.empty();
    }

    /** Size-based runs of {@code size} bytes each. */
    void sizeBased() {
        count = OptionalLong.empty();
        duration = Optional.empty();
    }

    /** @param d measured time of each time-based run (no count, no time limit then) */
    void timeBased(Duration d) {
        duration = Optional.of(d);
        count = OptionalLong.empty();
        timeLimit = Optional.empty();
    }

    /** @param preset whose access pattern, block size, queue depth and threads to take */
    void take(Preset preset) {
        pattern = preset.pattern();
        blockSize = preset.blockSize();
        queueDepth = preset.queueDepth();
        threads = preset.threads();
    }

    WorkloadParameters build() {
        return new WorkloadParameters(pattern, readPercent, blockSize, size, count, duration,
                rampTime, threads, queueDepth, seed, runs, direct, timelineInterval,
                randomMap, timeLimit, syncEveryWrites);
    }
}
