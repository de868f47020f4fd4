package io.github.drivespeed.spring.boot;

import io.github.drivespeed.requirement.StorageRequirement;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code drivespeed.*} settings of an application, for example in
 * {@code application.properties}:
 *
 * <pre>
 * drivespeed.paths=/var/lib/myapp,/var/lib/myapp/cache
 * drivespeed.interval=15m
 * drivespeed.requirement=write=20MB/s,read=50MB/s,p99=10ms
 * </pre>
 *
 * @since 0.1.0
 */
@ConfigurationProperties("drivespeed")
public class DriveSpeedProperties {

    /**
     * Directories whose drives to measure, each an existing directory (nothing is created);
     * none by default, which switches drivespeed's health contributors and meters off.
     */
    private List<Path> paths = new ArrayList<>();

    /** Time from the end of one measurement of a directory to the start of the next. */
    private Duration interval = Duration.ofMinutes(10);

    /** Time from the application's start to the first measurement. */
    private Duration initialDelay = Duration.ofMinutes(1);

    /**
     * What each drive must do for its health to be UP, in any spelling StorageRequirement.parse
     * reads: SD classes (C10, U3, V30, A1, ...) and bounds (write=20MB/s, read=50MB/s,
     * randread=1500, randwrite=500, p99=10ms), joined by commas. None by default: UP whenever
     * a measurement ran.
     */
    private StorageRequirement requirement;

    /**
     * Bytes each measurement writes and reads back sequentially in 1 MiB blocks, and the size of
     * the random-read workload's file, in drivespeed's spelling: {@code 64M} and {@code 64MiB}
     * are 64 MiB, {@code 64MB} is 64,000,000 bytes (refused: not a whole number of MiB); a
     * whole number of MiB.
     */
    private String size = "64M";

    /**
     * How long the random 4 KiB reads (queue depth 1, one thread) of each measurement run; the
     * sequential write and read are sized by {@code size}, not timed.
     */
    private Duration randomReadDuration = Duration.ofSeconds(2);

    /**
     * Creates the properties at their defaults; Spring Boot binds {@code drivespeed.*} to them.
     */
    public DriveSpeedProperties() {
        // nothing to set up
    }

    /** {@return the directories to measure} */
    public List<Path> getPaths() {
        return paths;
    }

    /**
     * Sets the directories to measure.
     *
     * @param paths existing directories
     */
    public void setPaths(List<Path> paths) {
        this.paths = new ArrayList<>(Objects.requireNonNull(paths, "paths"));
    }

    /** {@return the time between the end of one measurement and the start of the next} */
    public Duration getInterval() {
        return interval;
    }

    /**
     * Sets the time between the end of one measurement and the start of the next.
     *
     * @param interval {@code > 0}
     */
    public void setInterval(Duration interval) {
        this.interval = interval;
    }

    /** {@return the time from the start to the first measurement} */
    public Duration getInitialDelay() {
        return initialDelay;
    }

    /**
     * Sets the time from the start to the first measurement.
     *
     * @param initialDelay {@code >= 0}
     */
    public void setInitialDelay(Duration initialDelay) {
        this.initialDelay = initialDelay;
    }

    /** {@return what each drive must do for its health to be UP, null for nothing} */
    public StorageRequirement getRequirement() {
        return requirement;
    }

    /**
     * Sets what each drive must do for its health to be UP.
     *
     * @param requirement the requirement, null for nothing
     */
    public void setRequirement(StorageRequirement requirement) {
        this.requirement = requirement;
    }

    /** {@return the bytes each measurement writes and reads, in drivespeed's spelling} */
    public String getSize() {
        return size;
    }

    /**
     * Sets the bytes each measurement writes and reads.
     *
     * @param size for example {@code 64M} (64 MiB; {@code 64MB} is 64,000,000 bytes)
     */
    public void setSize(String size) {
        this.size = size;
    }

    /** {@return how long the random reads of each measurement run} */
    public Duration getRandomReadDuration() {
        return randomReadDuration;
    }

    /**
     * Sets how long the random reads of each measurement run.
     *
     * @param randomReadDuration {@code > 0}
     */
    public void setRandomReadDuration(Duration randomReadDuration) {
        this.randomReadDuration = randomReadDuration;
    }
}
