package io.github.drivespeed.report;

import io.github.drivespeed.unit.Throughput;
import io.github.drivespeed.warning.Warning;
import java.util.Objects;
import java.util.Optional;

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
 * @param cacheHandling how the pass dealt with the page cache: O_DIRECT, eviction done, or not
 * @param deviceIo what the block device under the target moved during the timed pass; empty
 *     where the target has no block device of this machine or its counters could not be read
 * @param verification what the read-back check of this read pass found; empty when the pass was
 *     not checked (a write pass, or verification turned off)
 * @param cacheCliff where this write pass's rate fell below half and stayed there; empty when it
 *     did not (or for a read pass)
 */
public record Sample(int run, long bytes, long elapsedNanos, long ios, LatencyStats latency,
        Timeline timeline, CacheHandling cacheHandling, Optional<DeviceIo> deviceIo,
        Optional<Verification> verification, Optional<CacheCliff> cacheCliff) {

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
     * @param cacheHandling how the pass dealt with the page cache;
     *     {@link CacheHandling#NOT_RECORDED} when not recorded
     * @param deviceIo what the block device under the target moved during the timed pass; empty
     *     when not recorded
     * @param verification what the read-back check found; empty when not checked
     * @param cacheCliff where a write pass's rate fell and stayed low; empty when it did not
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
        Objects.requireNonNull(cacheHandling, "cacheHandling");
        Objects.requireNonNull(deviceIo, "deviceIo");
        Objects.requireNonNull(verification, "verification");
        Objects.requireNonNull(cacheCliff, "cacheCliff");
    }

    /**
     * A sample without read-back check or cliff.
     *
     * @param run the run, from 1
     * @param bytes bytes transferred
     * @param elapsedNanos elapsed nanoseconds, {@code > 0}
     * @param ios I/Os completed
     * @param latency completion latency of each I/O
     * @param timeline throughput and IOPS per interval
     * @param cacheHandling how the pass dealt with the page cache
     * @param deviceIo what the block device moved, or empty
     */
    public Sample(int run, long bytes, long elapsedNanos, long ios, LatencyStats latency,
            Timeline timeline, CacheHandling cacheHandling, Optional<DeviceIo> deviceIo) {
        this(run, bytes, elapsedNanos, ios, latency, timeline, cacheHandling, deviceIo,
                Optional.empty(), Optional.empty());
    }

    /**
     * A sample without cache handling or device counters recorded.
     *
     * @param run the run, from 1
     * @param bytes bytes transferred
     * @param elapsedNanos elapsed nanoseconds, {@code > 0}
     * @param ios I/Os completed
     * @param latency completion latency of each I/O
     * @param timeline throughput and IOPS per interval
     */
    public Sample(int run, long bytes, long elapsedNanos, long ios, LatencyStats latency,
            Timeline timeline) {
        this(run, bytes, elapsedNanos, ios, latency, timeline, CacheHandling.NOT_RECORDED,
                Optional.empty(), Optional.empty(), Optional.empty());
    }

    /**
     * This sample with what the pass did about the page cache and what the device moved.
     *
     * @param handling how the pass dealt with the page cache
     * @param device the device's counters over the pass, or empty
     * @return a new sample with the same figures
     */
    public Sample withAccounting(CacheHandling handling, Optional<DeviceIo> device) {
        return new Sample(run, bytes, elapsedNanos, ios, latency, timeline, handling, device,
                verification, cacheCliff);
    }

    /**
     * This sample with what its read-back check found.
     *
     * @param check the check
     * @return a new sample with the same figures
     */
    public Sample withVerification(Verification check) {
        return new Sample(run, bytes, elapsedNanos, ios, latency, timeline, cacheHandling,
                deviceIo, Optional.of(check), cacheCliff);
    }

    /**
     * This sample with the cliff found in its completion times, if any.
     *
     * @param cliff the cliff, or empty
     * @return a new sample with the same figures
     */
    public Sample withCacheCliff(Optional<CacheCliff> cliff) {
        return new Sample(run, bytes, elapsedNanos, ios, latency, timeline, cacheHandling,
                deviceIo, verification, Objects.requireNonNull(cliff, "cliff"));
    }

    /**
     * A sample with only bytes and time: no I/O count, latency or timeline.
     *
     * @param run the run, from 1
     * @param bytes bytes transferred
     * @param elapsedNanos elapsed nanoseconds, {@code > 0}
     */
    public Sample(int run, long bytes, long elapsedNanos) {
        this(run, bytes, elapsedNanos, 0, LatencyStats.NONE, Timeline.NONE,
                CacheHandling.NOT_RECORDED, Optional.empty(), Optional.empty(), Optional.empty());
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
     * The share of this sample's bytes that the device moved in the pass's direction: close to 1
     * (or above, with other I/O on the device) when the pass went to the drive, far below 1 when
     * a cache served it.
     *
     * @param kind the pass this sample belongs to
     * @return device bytes / bytes; NaN without device counters or bytes
     */
    public double deviceCoverage(PassKind kind) {
        return deviceIo.map(d -> d.coverage(kind, bytes)).orElse(Double.NaN);
    }

    /**
     * Whether the device counters show that a cache served this run: the device moved less than
     * {@value Warning#MIN_DEVICE_COVERAGE_PERCENT} % of the bytes the pass transferred.
     *
     * @param kind the pass this sample belongs to
     * @return true when the counters show it; false when they do not, or there are none
     */
    public boolean servedFromCache(PassKind kind) {
        double coverage = deviceCoverage(kind);
        return !Double.isNaN(coverage) && coverage * 100 < Warning.MIN_DEVICE_COVERAGE_PERCENT;
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
