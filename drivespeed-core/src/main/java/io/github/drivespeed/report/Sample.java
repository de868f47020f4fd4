package io.github.drivespeed.report;

import io.github.drivespeed.report.medium.Stall;
import io.github.drivespeed.report.medium.RateDrop;
import io.github.drivespeed.report.medium.CacheCliff;
import io.github.drivespeed.report.medium.Verification;
import io.github.drivespeed.unit.Throughput;
import io.github.drivespeed.warning.Warning;
import java.util.Objects;
import java.util.Optional;

/**
 * One measured run of one pass: how many bytes moved in how many I/Os, how long it took, the
 * latency of each I/O (and, with an asynchronous engine, its two parts) and the throughput per
 * interval.
 *
 * <p>Latency follows fio's names (fio HOWTO, "slat", "clat", "lat"): {@link #latency()} is
 * fio's {@code lat}, from just before an I/O was submitted to just after its completion was
 * reaped. With an asynchronous engine (libaio, io_uring) it is split at the return of the
 * system call that handed the I/O to the kernel (io_submit(2), io_uring_enter(2)):
 * {@link #submissionLatency()} before it (fio's {@code slat}), {@link #completionLatency()}
 * after it (fio's {@code clat}); per I/O the two add up to the latency. A synchronous engine
 * (psync: one pread(2) or pwrite(2) per I/O) has no submission apart from the call: the
 * submission latency is {@link LatencyStats#NONE} and the completion latency is the latency
 * itself, as fio reports psync's {@code clat} and {@code lat} as the same call.
 *
 * @param run the run this sample belongs to, numbered from 1
 * @param bytes bytes actually transferred (short reads and writes counted as transferred)
 * @param elapsedNanos wall-clock time of the pass in nanoseconds, from {@link System#nanoTime()};
 *     for a write it covers every write and the closing fdatasync
 * @param ios I/Os (block-sized reads or writes) completed; 0 when not recorded
 * @param latency latency of each I/O, submission to reap (fio's {@code lat}; for a synchronous
 *     call, the call); {@link LatencyStats#NONE} when not recorded
 * @param timeline throughput and IOPS per interval; {@link Timeline#NONE} when not recorded
 * @param cacheHandling how the pass dealt with the page cache: O_DIRECT, eviction done, or not
 * @param deviceIo what the block device under the target moved during the timed pass; empty
 *     where the target has no block device of this machine or its counters could not be read
 * @param verification what the read-back check of this read pass found; empty when the pass was
 *     not checked (a write pass, or verification turned off)
 * @param cacheCliff where this write pass's rate fell below half and stayed there; empty when it
 *     did not (or for a read pass)
 * @param submissionLatency fio's {@code slat} of each I/O, from just before its submission to
 *     the return of the system call that submitted it; {@link LatencyStats#NONE} when the engine
 *     does not submit apart from doing the I/O (psync) or nothing was recorded
 * @param completionLatency fio's {@code clat} of each I/O, from that return to the reap; the
 *     {@code latency} itself when the submission was not timed apart
 * @param rateDrop where this read pass's rate fell below half and stayed there; empty when it
 *     did not (or for a write pass, whose fall is its {@code cacheCliff})
 * @param stall the longest time this pass made no progress, when it was a {@link Stall}; empty
 *     otherwise
 * @param ioLog what the run recorded of its I/Os for log files, when its plan asked for it
 *     ({@link io.github.drivespeed.WorkloadPlan#ioLogging}); empty otherwise
 * @since 0.1.0
 */
public record Sample(int run, long bytes, long elapsedNanos, long ios, LatencyStats latency,
        Timeline timeline, CacheHandling cacheHandling, Optional<DeviceIo> deviceIo,
        Optional<Verification> verification, Optional<CacheCliff> cacheCliff,
        LatencyStats submissionLatency, LatencyStats completionLatency,
        Optional<RateDrop> rateDrop, Optional<Stall> stall, Optional<IoLog> ioLog) {

    /**
     * Checks the values.
     *
     * @param run the run this sample belongs to, numbered from 1
     * @param bytes bytes actually transferred (short reads and writes counted as transferred)
     * @param elapsedNanos wall-clock time of the pass in nanoseconds, from {@link System#nanoTime()};
     *     for a write it covers every write and the closing fdatasync
     * @param ios I/Os (block-sized reads or writes) completed; 0 when not recorded
     * @param latency latency of each I/O, submission to reap (fio's {@code lat});
     *     {@link LatencyStats#NONE} when not recorded
     * @param timeline throughput and IOPS per interval; {@link Timeline#NONE} when not recorded
     * @param cacheHandling how the pass dealt with the page cache;
     *     {@link CacheHandling#NOT_RECORDED} when not recorded
     * @param deviceIo what the block device under the target moved during the timed pass; empty
     *     when not recorded
     * @param verification what the read-back check found; empty when not checked
     * @param cacheCliff where a write pass's rate fell and stayed low; empty when it did not
     * @param submissionLatency fio's {@code slat}; {@link LatencyStats#NONE} when not timed apart
     * @param completionLatency fio's {@code clat}; replaced by {@code latency} when the
     *     submission latency is {@link LatencyStats#NONE}
     * @param rateDrop where a read pass's rate fell and stayed low; empty when it did not
     * @param stall the pass's stall; empty when it had none
     * @param ioLog what the run recorded for log files; empty when not asked
     * @throws IllegalArgumentException if {@code run < 1}, {@code bytes < 0}, {@code ios < 0},
     *     {@code elapsedNanos <= 0}, or a submission latency was given whose count, or whose
     *     completion latency's count, differs from the latency's
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
        Objects.requireNonNull(submissionLatency, "submissionLatency");
        Objects.requireNonNull(completionLatency, "completionLatency");
        Objects.requireNonNull(rateDrop, "rateDrop");
        Objects.requireNonNull(stall, "stall");
        Objects.requireNonNull(ioLog, "ioLog");
        if (submissionLatency.count() == 0) {
            completionLatency = latency;
        } else if (submissionLatency.count() != latency.count()
                || completionLatency.count() != latency.count()) {
            throw new IllegalArgumentException("submission and completion latency must time the"
                    + " same I/Os as the latency: " + submissionLatency.count() + ", "
                    + completionLatency.count() + " and " + latency.count() + " I/Os");
        }
    }

    /**
     * A run of which only bytes and time are known: no I/O count, latency or timeline, nothing
     * recorded about the page cache or the device.
     *
     * @param run the run, from 1
     * @param bytes bytes transferred
     * @param elapsedNanos elapsed nanoseconds, {@code > 0}
     * @return the sample
     * @throws IllegalArgumentException as the canonical constructor
     */
    public static Sample of(int run, long bytes, long elapsedNanos) {
        return of(run, bytes, elapsedNanos, 0, LatencyStats.NONE, Timeline.NONE);
    }

    /**
     * A run as an I/O loop records it: bytes, time, I/Os, the latency of each (a synchronous
     * call's, so that its completion latency is the latency itself) and the timeline. What the
     * pass did about the page cache, what the device moved, the read-back check, the cliff and
     * an asynchronous engine's submission latency are added with the {@code with...} methods.
     *
     * @param run the run, from 1
     * @param bytes bytes transferred
     * @param elapsedNanos elapsed nanoseconds, {@code > 0}
     * @param ios I/Os completed
     * @param latency latency of each I/O (fio's {@code lat}, here also its {@code clat})
     * @param timeline throughput and IOPS per interval
     * @return the sample
     * @throws IllegalArgumentException as the canonical constructor
     */
    public static Sample of(int run, long bytes, long elapsedNanos, long ios,
            LatencyStats latency, Timeline timeline) {
        return new Sample(run, bytes, elapsedNanos, ios, latency, timeline,
                CacheHandling.NOT_RECORDED, Optional.empty(), Optional.empty(), Optional.empty(),
                LatencyStats.NONE, latency, Optional.empty(), Optional.empty(),
                Optional.empty());
    }

    /**
     * This sample with its latency split at the return of each I/O's submitting system call.
     *
     * @param submission fio's {@code slat} of the same I/Os as {@link #latency()}, or
     *     {@link LatencyStats#NONE} when the submissions were not timed apart
     * @param completion fio's {@code clat} of the same I/Os (ignored with {@code NONE})
     * @return a new sample with the same figures
     * @throws IllegalArgumentException if the counts differ from the latency's
     */
    public Sample withSubmissionSplit(LatencyStats submission, LatencyStats completion) {
        return new Sample(run, bytes, elapsedNanos, ios, latency, timeline, cacheHandling,
                deviceIo, verification, cacheCliff, submission, completion, rateDrop, stall,
                ioLog);
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
                verification, cacheCliff, submissionLatency, completionLatency, rateDrop, stall,
                ioLog);
    }

    /**
     * This sample with what its read-back check found.
     *
     * @param check the check
     * @return a new sample with the same figures
     */
    public Sample withVerification(Verification check) {
        return new Sample(run, bytes, elapsedNanos, ios, latency, timeline, cacheHandling,
                deviceIo, Optional.of(check), cacheCliff, submissionLatency, completionLatency,
                rateDrop, stall, ioLog);
    }

    /**
     * This sample with the cliff found in its completion times, if any.
     *
     * @param cliff the cliff, or empty
     * @return a new sample with the same figures
     */
    public Sample withCacheCliff(Optional<CacheCliff> cliff) {
        return new Sample(run, bytes, elapsedNanos, ios, latency, timeline, cacheHandling,
                deviceIo, verification, Objects.requireNonNull(cliff, "cliff"),
                submissionLatency, completionLatency, rateDrop, stall, ioLog);
    }

    /**
     * This sample with the rate drop found in its completion times, if any.
     *
     * @param drop the drop, or empty
     * @return a new sample with the same figures
     */
    public Sample withRateDrop(Optional<RateDrop> drop) {
        return new Sample(run, bytes, elapsedNanos, ios, latency, timeline, cacheHandling,
                deviceIo, verification, cacheCliff, submissionLatency, completionLatency,
                Objects.requireNonNull(drop, "drop"), stall, ioLog);
    }

    /**
     * This sample with the stall found in its completion times, if any.
     *
     * @param found the stall, or empty
     * @return a new sample with the same figures
     */
    public Sample withStall(Optional<Stall> found) {
        return new Sample(run, bytes, elapsedNanos, ios, latency, timeline, cacheHandling,
                deviceIo, verification, cacheCliff, submissionLatency, completionLatency,
                rateDrop, Objects.requireNonNull(found, "found"), ioLog);
    }

    /**
     * This sample with what its run recorded for log files.
     *
     * @param log the log, or empty
     * @return a new sample with the same figures
     */
    public Sample withIoLog(Optional<IoLog> log) {
        return new Sample(run, bytes, elapsedNanos, ios, latency, timeline, cacheHandling,
                deviceIo, verification, cacheCliff, submissionLatency, completionLatency,
                rateDrop, stall, Objects.requireNonNull(log, "log"));
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
