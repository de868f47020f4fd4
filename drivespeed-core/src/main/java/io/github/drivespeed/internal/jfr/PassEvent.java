package io.github.drivespeed.internal.jfr;

import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Frequency;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Timespan;

/**
 * {@code io.github.drivespeed.Pass}: one measured run of one pass, its figures in their units.
 * Committed when the run's report is made, so the event's own duration is nil and
 * {@link #elapsed} is the pass's timed span; the {@code Run} event spans the whole run.
 */
@Name(PassEvent.NAME)
@Label("Drive Speed Pass")
@Description("One measured run of one pass (write, read, random read, cached read...) with its"
        + " bytes, time, throughput, IOPS and latencies")
final class PassEvent extends DriveSpeedEvent {

    /** The event's name, as a recording or {@code jfr print --events} names it. */
    static final String NAME = "io.github.drivespeed.Pass";

    /** A latency that was not recorded, which {@code jfr print} shows as N/A. */
    static final long NOT_RECORDED = Long.MIN_VALUE;

    @Label("Pass")
    @Description("write, read, cached read, or for a random workload random read or random"
            + " write")
    String pass;

    @Label("Run")
    @Description("The measured run, numbered from 1")
    int run;

    @Label("Bytes")
    @Description("Bytes transferred in the timed pass")
    @DataAmount(DataAmount.BYTES)
    long bytes;

    @Label("Elapsed")
    @Description("The pass's timed span (for a write, every write and the closing fdatasync)")
    @Timespan(Timespan.NANOSECONDS)
    long elapsed;

    @Label("Throughput")
    @Description("Bytes over elapsed time, in bytes per second")
    @DataAmount(DataAmount.BYTES)
    @Frequency
    double throughput;

    @Label("MB/s")
    @Description("The throughput in megabytes (10^6 bytes) per second, as dd prints it")
    double megabytesPerSecond;

    @Label("I/Os")
    @Description("I/Os completed; 0 when not recorded")
    long ios;

    @Label("IOPS")
    @Description("I/Os per second; 0 when no I/O count was recorded")
    double iops;

    @Label("Latency Median")
    @Description("Median latency of one I/O; N/A when not recorded")
    @Timespan(Timespan.NANOSECONDS)
    long latencyMedian;

    @Label("Latency 99th Percentile")
    @Description("99th-percentile latency of one I/O; N/A when not recorded")
    @Timespan(Timespan.NANOSECONDS)
    long latency99;

    @Label("Latency 99.9th Percentile")
    @Description("99.9th-percentile latency of one I/O; N/A when not recorded")
    @Timespan(Timespan.NANOSECONDS)
    long latency999;

    @Label("Latency Max")
    @Description("Longest latency of one I/O; N/A when not recorded")
    @Timespan(Timespan.NANOSECONDS)
    long latencyMax;

    @Label("Backend")
    @Description("The I/O backend that ran: java or native")
    String backend;

    @Label("Warnings")
    @Description("The pass's warnings' names (over all its runs), comma-separated")
    String warnings;
}
