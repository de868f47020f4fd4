package io.github.drivespeed.report;

import io.github.drivespeed.report.medium.Stall;
import io.github.drivespeed.report.medium.RateDrop;
import io.github.drivespeed.report.medium.CacheCliff;
import io.github.drivespeed.report.medium.PassFindings;
import io.github.drivespeed.report.medium.Verification;
import io.github.drivespeed.unit.Throughput;
import io.github.drivespeed.warning.Warning;
import java.util.Objects;
import java.util.Optional;

/**
 * One measured run of one pass: how many bytes moved in how many I/Os, how long it took, the
 * latency of each I/O (and, with an asynchronous engine, its two parts), the throughput per
 * interval, what tells whether the figure is the drive's, and what the run's checks found.
 *
 * <p>The figures read most are flat: {@link #bytes()}, {@link #elapsedNanos()}, {@link #ios()},
 * and from them {@link #throughput()} and {@link #iops()}. The rest is grouped into values:
 * {@link #latencies()} (fio's {@code lat}, {@code slat} and {@code clat}; {@link #latency()} is
 * the first), {@link #accounting()} (the page cache and the device's counters),
 * {@link #findings()} (read-back check, cache cliff, rate drop, stall).
 *
 * <p>Built by an I/O loop with {@link #of(int, long, long, long, Latencies, Timeline)}; what is
 * learnt about the run afterwards is added with the {@code with...} methods, each of which
 * returns a new sample with the same figures.
 *
 * @param run the run this sample belongs to, numbered from 1
 * @param bytes bytes actually transferred (short reads and writes counted as transferred)
 * @param elapsedNanos wall-clock time of the pass in nanoseconds, from {@link System#nanoTime()};
 *     for a write it covers every write and the closing fdatasync
 * @param ios I/Os (block-sized reads or writes) completed; 0 when not recorded
 * @param latencies the latency of each I/O in nanoseconds, total (fio's {@code lat}) and, with an
 *     asynchronous engine, split at the submission (fio's {@code slat} and {@code clat});
 *     {@link Latencies#NONE} when not recorded
 * @param timeline throughput and IOPS per interval; {@link Timeline#NONE} when not recorded
 * @param accounting how the pass dealt with the page cache and what the block device under the
 *     target moved during the timed pass; {@link CacheAccounting#NOT_RECORDED} when not recorded
 * @param findings what the run's checks found: the read-back check, a write cache's cliff, a
 *     read's drop in rate, a stall; {@link PassFindings#NONE} when nothing was checked or found
 * @param ioLog what the run recorded of its I/Os for log files, when its plan asked for it
 *     ({@link io.github.drivespeed.WorkloadPlan#ioLogging}); empty otherwise
 * @since 0.1.0
 */
public record Sample(int run, long bytes, long elapsedNanos, long ios, Latencies latencies,
        Timeline timeline, CacheAccounting accounting, PassFindings findings,
        Optional<IoLog> ioLog) {

    /**
     * Checks the values.
     *
     * @param run the run this sample belongs to, numbered from 1
     * @param bytes bytes actually transferred (short reads and writes counted as transferred)
     * @param elapsedNanos wall-clock time of the pass in nanoseconds, {@code > 0}
     * @param ios I/Os completed; 0 when not recorded
     * @param latencies the latency of each I/O; {@link Latencies#NONE} when not recorded
     * @param timeline throughput and IOPS per interval; {@link Timeline#NONE} when not recorded
     * @param accounting the page cache and the device; {@link CacheAccounting#NOT_RECORDED}
     *     when not recorded
     * @param findings what the checks found; {@link PassFindings#NONE} when nothing
     * @param ioLog what the run recorded for log files; empty when not asked
     * @throws IllegalArgumentException if {@code run < 1}, {@code bytes < 0}, {@code ios < 0} or
     *     {@code elapsedNanos <= 0}
     * @throws NullPointerException if a value is null
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
        Objects.requireNonNull(latencies, "latencies");
        Objects.requireNonNull(timeline, "timeline");
        Objects.requireNonNull(accounting, "accounting");
        Objects.requireNonNull(findings, "findings");
        Objects.requireNonNull(ioLog, "ioLog");
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
        return of(run, bytes, elapsedNanos, 0, Latencies.NONE, Timeline.NONE);
    }

    /**
     * A run of synchronous calls as an I/O loop records it: bytes, time, I/Os, the latency of
     * each call ({@link Latencies#of(LatencyStats)}: its completion latency is the latency
     * itself) and the timeline.
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
        return of(run, bytes, elapsedNanos, ios, Latencies.of(latency), timeline);
    }

    /**
     * A run as an I/O loop records it: bytes, time, I/Os, their latencies and the timeline. What
     * the pass did about the page cache, what the device moved, what the checks found and the
     * I/O log are added with the {@code with...} methods.
     *
     * @param run the run, from 1
     * @param bytes bytes transferred
     * @param elapsedNanos elapsed nanoseconds, {@code > 0}
     * @param ios I/Os completed
     * @param latencies the latency of each I/O, total and split
     * @param timeline throughput and IOPS per interval
     * @return the sample
     * @throws IllegalArgumentException as the canonical constructor
     */
    public static Sample of(int run, long bytes, long elapsedNanos, long ios,
            Latencies latencies, Timeline timeline) {
        return new Sample(run, bytes, elapsedNanos, ios, latencies, timeline,
                CacheAccounting.NOT_RECORDED, PassFindings.NONE, Optional.empty());
    }

    /**
     * The latency of each I/O, submission to reap (fio's {@code lat}; for a synchronous call, the
     * call): {@code latencies().total()}.
     *
     * @return the distribution in nanoseconds; {@link LatencyStats#NONE} when not recorded
     */
    public LatencyStats latency() {
        return latencies.total();
    }

    /**
     * This sample with what the pass did about the page cache and what the device moved.
     *
     * @param handling how the pass dealt with the page cache
     * @param device the device's counters over the pass, or empty
     * @return a new sample with the same figures
     */
    public Sample withAccounting(CacheHandling handling, Optional<DeviceIo> device) {
        return new Sample(run, bytes, elapsedNanos, ios, latencies, timeline,
                new CacheAccounting(handling, device), findings, ioLog);
    }

    /**
     * This sample with what its checks found, in place of {@link #findings()}.
     *
     * @param found the findings
     * @return a new sample with the same figures
     */
    public Sample withFindings(PassFindings found) {
        return new Sample(run, bytes, elapsedNanos, ios, latencies, timeline, accounting,
                found, ioLog);
    }

    /**
     * This sample with what its read-back check found.
     *
     * @param check the check
     * @return a new sample with the same figures
     */
    public Sample withVerification(Verification check) {
        return withFindings(findings.withVerification(check));
    }

    /**
     * This sample with the cliff found in its completion times, if any.
     *
     * @param cliff the cliff, or empty
     * @return a new sample with the same figures
     */
    public Sample withCacheCliff(Optional<CacheCliff> cliff) {
        return withFindings(findings.withCacheCliff(cliff));
    }

    /**
     * This sample with the rate drop found in its completion times, if any.
     *
     * @param drop the drop, or empty
     * @return a new sample with the same figures
     */
    public Sample withRateDrop(Optional<RateDrop> drop) {
        return withFindings(findings.withRateDrop(drop));
    }

    /**
     * This sample with the stall found in its completion times, if any.
     *
     * @param found the stall, or empty
     * @return a new sample with the same figures
     */
    public Sample withStall(Optional<Stall> found) {
        return withFindings(findings.withStall(found));
    }

    /**
     * This sample with what its run recorded for log files.
     *
     * @param log the log, or empty
     * @return a new sample with the same figures
     */
    public Sample withIoLog(Optional<IoLog> log) {
        return new Sample(run, bytes, elapsedNanos, ios, latencies, timeline, accounting,
                findings, log);
    }

    /**
     * This run's rate: its bytes over its elapsed time.
     *
     * @return the throughput
     */
    public Throughput throughput() {
        return Throughput.ofBytesOverNanos(bytes, elapsedNanos);
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
        return accounting.deviceIo().map(d -> d.coverage(kind, bytes)).orElse(Double.NaN);
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
