package io.github.drivespeed;

import io.github.drivespeed.parameters.AccessPattern;
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

    WorkloadParameters build() {
        return new WorkloadParameters(pattern, readPercent, blockSize, size, count, duration,
                rampTime, threads, queueDepth, seed, runs, direct, timelineInterval,
                randomMap, timeLimit, syncEveryWrites);
    }
}
