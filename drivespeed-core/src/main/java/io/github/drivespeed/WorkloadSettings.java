package io.github.drivespeed;

import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.internal.files.ExistingFile;
import io.github.drivespeed.internal.workload.WorkloadMeasurement;
import io.github.drivespeed.parameters.AccessPattern;
import io.github.drivespeed.parameters.IoEngine;
import io.github.drivespeed.parameters.IoLogging;
import io.github.drivespeed.parameters.Preset;
import io.github.drivespeed.parameters.RunLength;
import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.progress.WorkloadListener;
import io.github.drivespeed.unit.DataSize;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A {@link WorkloadPlan}'s settings, for its setters (see {@link PlanSettings}): the fields of its
 * {@link WorkloadParameters}, with {@link WorkloadPlan}'s defaults, and how it runs beside them:
 * the engine asked for (null where drivespeed chooses), the existing file it runs over instead
 * of a new test file (null for none), and whether it falls back to buffered I/O where O_DIRECT
 * is refused.
 */
final class WorkloadSettings extends BlockSettings<WorkloadListener, WorkloadParameters> {

    AccessPattern pattern = AccessPattern.RANDOM;
    int readPercent = 100;
    DataSize size = WorkloadPlan.DEFAULT_SIZE;
    OptionalLong count = OptionalLong.empty();
    Optional<Duration> duration = Optional.of(WorkloadPlan.DEFAULT_DURATION);
    Duration rampTime = Duration.ZERO;
    int threads = 1;
    int queueDepth = 1;
    long seed;
    int runs = 1;
    boolean direct = true;
    Duration timelineInterval = WorkloadPlan.DEFAULT_TIMELINE_INTERVAL;
    boolean randomMap = true;
    Optional<Duration> timeLimit = Optional.empty();
    int syncEveryWrites;
    Optional<IoLogging> ioLogging = Optional.empty();
    IoEngine ioEngine;
    ExistingFile existing;
    boolean bufferedFallback;
    boolean sqThreadPoll;

    WorkloadSettings() {
        super(WorkloadListener.NONE, WorkloadPlan.DEFAULT_BLOCK_SIZE);
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

    /**
     * @param file the existing file named again, to be overwritten
     * @throws InvalidSettingException if no existing file was set, or {@code file} is another
     */
    void allowOverwrite(Path file) {
        if (existing == null || !existing.path().equals(file)) {
            throw new InvalidSettingException("overwriteAllowed", file, "must name the file to"
                    + " overwrite again; existingFile is "
                    + (existing == null ? "not set" : existing.path()));
        }
        existing = new ExistingFile(file, true);
    }

    @Override
    WorkloadParameters parameters() {
        return new WorkloadParameters(pattern, readPercent, blockSize, size,
                new RunLength(count, duration, rampTime, timeLimit), threads, queueDepth, seed,
                runs, direct, timelineInterval, randomMap, syncEveryWrites, ioLogging);
    }

    /**
     * @param target the plan's directory
     * @return the engine that runs a plan so set; with SQPOLL, io_uring as if named, at every
     *     queue depth (psync, the choice at depth 1, has no submission ring)
     */
    WorkloadMeasurement engine(Path target) {
        if (sqThreadPoll) {
            return new WorkloadMeasurement(target,
                    Optional.of(SqThreadPoll.backend(backend, ioEngine)),
                    Optional.of(IoEngine.IO_URING), listener, Optional.ofNullable(existing),
                    bufferedFallback);
        }
        return new WorkloadMeasurement(target, Optional.ofNullable(backend),
                Optional.ofNullable(ioEngine), listener, Optional.ofNullable(existing),
                bufferedFallback);
    }
}
