package io.github.drivespeed.spring.boot;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.SequentialPlan;
import io.github.drivespeed.WorkloadPlan;
import io.github.drivespeed.micrometer.MeasurementSchedule;
import io.github.drivespeed.parameters.Preset;
import io.github.drivespeed.unit.DataSize;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.springframework.context.SmartLifecycle;

/**
 * One {@link MeasurementSchedule} per directory of {@code drivespeed.paths}: each measurement
 * writes and reads back {@code drivespeed.size} sequentially in 1 MiB blocks (O_DIRECT where
 * the file system has it), then reads 4 KiB blocks at random from a file of that size for
 * {@code drivespeed.random-read-duration} (queue depth 1, one thread). Started once the application context
 * is refreshed (after the meter registries are bound), stopped when it closes; a measurement
 * under way then stops and removes its file.
 *
 * @since 0.1.0
 */
public final class DriveSpeedSchedules implements SmartLifecycle, AutoCloseable {

    private static final long MEBIBYTE = DataSize.MEBIBYTE;

    private final Map<Path, MeasurementSchedule> schedules;
    private volatile boolean running;

    /**
     * The schedules of {@code properties}, none started.
     *
     * @param properties the settings
     * @throws IllegalArgumentException naming the setting and its value when one is out of range
     */
    public DriveSpeedSchedules(DriveSpeedProperties properties) {
        Objects.requireNonNull(properties, "properties");
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

    /** Starts every schedule. */
    @Override
    public void start() {
        schedules.values().forEach(MeasurementSchedule::start);
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

    /** Stops every schedule, interrupting measurements under way. */
    @Override
    public void close() {
        running = false;
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
