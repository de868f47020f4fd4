package io.github.drivespeed.parameters;

import java.time.Duration;

/**
 * The bounds every plan is held to, checked where each setting is made. They keep a report's
 * memory and a run's length sane: a storage benchmark needs a few runs for a median, not millions,
 * and runs of minutes, not months.
 *
 * @since 0.1.0
 */
public final class Limits {

    /**
     * The most runs a plan may ask for. Each run keeps its own sample (with its latency histogram
     * and timeline, tens of kilobytes), so the bound keeps a report's memory to tens of megabytes.
     */
    public static final int MAX_RUNS = 1000;
    /** The most threads (fio {@code numjobs}) a workload may ask for. */
    public static final int MAX_THREADS = 1024;
    /** The most I/Os in flight per thread (fio {@code iodepth}). */
    public static final int MAX_QUEUE_DEPTH = 1024;
    /** The longest duration of any kind (a run, a ramp, a cached-read pass): one day. */
    public static final Duration MAX_DURATION = Duration.ofDays(1);
    /**
     * The shortest timed run of a device read, cached-read pass or timeline interval: 1 ms, below
     * which timer resolution and start-up dominate the figure (the lower bound to
     * {@link #MAX_DURATION}).
     */
    public static final Duration MIN_DURATION = Duration.ofMillis(1);

    private Limits() {
    }
}
