package io.github.drivespeed;

import java.util.Objects;

/**
 * One measured run of one pass: how many bytes moved in how many I/Os, how long it took, the
 * completion latency of each I/O and the throughput per interval.
 *
 * @param run the run this sample belongs to, numbered from 1
 * @param bytes bytes actually transferred (short reads and writes counted as transferred)
 * @param elapsedNanos wall-clock time of the pass in nanoseconds, from {@link System#nanoTime()};
 *     for a write it covers every write and the closing fdatasync
 * @param ios I/Os (block-sized reads or writes) completed; 0 when not recorded
 * @param latency completion latency of each I/O; {@link LatencyStats#NONE} when not recorded
 * @param timeline throughput and IOPS per interval; {@link Timeline#NONE} when not recorded
 */
public record Sample(int run, long bytes, long elapsedNanos, long ios, LatencyStats latency,
        Timeline timeline) {

    /**
     * Checks the values.
     *
     * @param run the run this sample belongs to, numbered from 1
     * @param bytes bytes actually transferred (short reads and writes counted as transferred)
     * @param elapsedNanos wall-clock time of the pass in nanoseconds, from {@link System#nanoTime()};
     *     for a write it covers every write and the closing fdatasync
     * @param ios I/Os (block-sized reads or writes) completed; 0 when not recorded
     * @param latency completion latency of each I/O; {@link LatencyStats#NONE} when not recorded
     * @param timeline throughput and IOPS per interval; {@link Timeline#NONE} when not recorded
     * @throws IllegalArgumentException if {@code run < 1}, {@code bytes < 0}, {@code ios < 0} or
     *     {@code elapsedNanos <= 0}
     */
    public Sample {
        if (run < 1) {
            throw new IllegalArgumentException("run must be >= 1: " + run);
        }
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes must be >= 0: " + bytes);
        }
        if (elapsedNanos <= 0) {
            throw new IllegalArgumentException("elapsedNanos must be > 0: " + elapsedNanos);
        }
        if (ios < 0) {
            throw new IllegalArgumentException("ios must be >= 0: " + ios);
        }
        Objects.requireNonNull(latency, "latency");
        Objects.requireNonNull(timeline, "timeline");
    }

    /**
     * A sample with only bytes and time: no I/O count, latency or timeline.
     *
     * @param run the run, from 1
     * @param bytes bytes transferred
     * @param elapsedNanos elapsed nanoseconds, {@code > 0}
     */
    public Sample(int run, long bytes, long elapsedNanos) {
        this(run, bytes, elapsedNanos, 0, LatencyStats.NONE, Timeline.NONE);
    }

    /**
     * This run's rate: its bytes over its elapsed time.
     *
     * @return the throughput
     */
    public Throughput throughput() {
        return Throughput.of(bytes, elapsedNanos);
    }

    /**
     * I/Os per second: {@link #ios()} over the elapsed time.
     *
     * @return IOPS, 0 when no I/O count was recorded
     */
    public double iops() {
        return ios * 1e9 / elapsedNanos;
    }

    /**
     * Elapsed time in seconds.
     *
     * @return {@code elapsedNanos / 10^9}
     */
    public double elapsedSeconds() {
        return elapsedNanos / 1e9;
    }
}
