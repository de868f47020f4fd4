package io.github.drivespeed.spring.boot;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.SequentialPlan;
import io.github.drivespeed.WorkloadPlan;
import io.github.drivespeed.micrometer.MeasurementSchedule;
import io.github.drivespeed.parameters.Preset;
import io.github.drivespeed.unit.DataSize;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ScheduledFuture;
import org.springframework.context.SmartLifecycle;
import org.springframework.scheduling.TaskScheduler;

/**
 * One {@link MeasurementSchedule} per directory of {@code drivespeed.paths}: each measurement
 * writes and reads back {@code drivespeed.size} sequentially in 1 MiB blocks (O_DIRECT where
 * the file system has it), then reads 4 KiB blocks at random from a file of that size for
 * {@code drivespeed.random-read-duration} (queue depth 1, one thread). Started once the application context
 * is refreshed (after the meter registries are bound), stopped when it closes; a measurement
 * under way then stops and removes its file.
 *
 * <p>The measurements run on the application's {@link TaskScheduler} when it is given one (the
 * auto-configuration gives the context's, where it has exactly one: Spring Boot's
 * {@code taskScheduler} under {@code @EnableScheduling}); a measurement then takes one of its
 * threads for its duration. Without, each directory's schedule measures on a daemon thread of its
 * own ({@link MeasurementSchedule#start()}).
 *
 * @since 0.1.0
 */
public final class DriveSpeedSchedules implements SmartLifecycle, AutoCloseable {

    private static final long MEBIBYTE = DataSize.MEBIBYTE;

    private final Map<Path, MeasurementSchedule> schedules;
    private final Optional<TaskScheduler> taskScheduler;
    private final List<ScheduledFuture<?>> scheduled = new ArrayList<>();
    private volatile boolean running;

    /**
     * The schedules of {@code properties}, none started; each will measure on a thread of its own.
     *
     * @param properties the settings
     * @throws IllegalArgumentException naming the setting and its value when one is out of range
     */
    public DriveSpeedSchedules(DriveSpeedProperties properties) {
        this(properties, Optional.empty());
    }

    /**
     * The schedules of {@code properties}, none started; they will measure on
     * {@code taskScheduler}.
     *
     * @param properties the settings
     * @param taskScheduler the application's scheduler
     * @throws IllegalArgumentException naming the setting and its value when one is out of range
     * @since 0.1.0
     */
    public DriveSpeedSchedules(DriveSpeedProperties properties, TaskScheduler taskScheduler) {
        this(properties, Optional.of(Objects.requireNonNull(taskScheduler, "taskScheduler")));
    }

    private DriveSpeedSchedules(DriveSpeedProperties properties,
            Optional<TaskScheduler> taskScheduler) {
        Objects.requireNonNull(properties, "properties");
        this.taskScheduler = taskScheduler;
        long count = mebibytes(properties.getSize());
        Duration duration = positive("drivespeed.random-read-duration",
                properties.getRandomReadDuration());
        Duration interval = positive("drivespeed.interval", properties.getInterval());
        Duration initialDelay = properties.getInitialDelay();
        if (initialDelay == null || initialDelay.isNegative()) {
            throw new IllegalArgumentException("drivespeed.initial-delay must be >= 0: "
                    + initialDelay);
        }
        Map<Path, MeasurementSchedule> m = new LinkedHashMap<>();
        for (Path p : properties.getPaths()) {
            SequentialPlan sequential = DriveSpeed.on(p).blockSize(DataSize.ofMebibytes(1))
                    .count(count).runs(1).directOrBuffered();
            WorkloadPlan reads = DriveSpeed.workload(p).preset(Preset.RND4K_Q1T1)
                    .size(DataSize.ofBytes(count * MEBIBYTE)).duration(duration)
                    .directOrBuffered();
            m.putIfAbsent(p, new MeasurementSchedule(sequential, reads, initialDelay, interval));
        }
        this.schedules = Collections.unmodifiableMap(m);
    }

    /** {@return the schedules by directory, in the order of {@code drivespeed.paths}} */
    public Map<Path, MeasurementSchedule> byPath() {
        return schedules;
    }

    /** Starts every schedule, on the task scheduler or on threads of their own. */
    @Override
    public synchronized void start() {
        if (running) {
            return;
        }
        for (MeasurementSchedule s : schedules.values()) {
            taskScheduler.ifPresentOrElse(t -> scheduled.add(t.scheduleWithFixedDelay(
                    s::measureOnce, Instant.now().plus(s.initialDelay()), s.interval())),
                    s::start);
        }
        running = true;
    }

    /** Stops every schedule. */
    @Override
    public void stop() {
        close();
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** Stops every schedule, interrupting measurements under way and waiting for them to end. */
    @Override
    public synchronized void close() {
        running = false;
        scheduled.forEach(f -> f.cancel(true));
        scheduled.clear();
        schedules.values().forEach(MeasurementSchedule::close);
    }

    private static long mebibytes(String size) {
        DataSize parsed;
        try {
            parsed = DataSize.parse(Objects.requireNonNull(size, "drivespeed.size"));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("drivespeed.size: " + e.getMessage(), e);
        }
        if (parsed.bytes() < MEBIBYTE || parsed.bytes() % MEBIBYTE != 0) {
            throw new IllegalArgumentException("drivespeed.size must be a whole number of MiB"
                    + " (1 MiB blocks), at least 1M: " + size);
        }
        return parsed.bytes() / MEBIBYTE;
    }

    private static Duration positive(String setting, Duration d) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(setting + " must be > 0: " + d);
        }
        return d;
    }
}
