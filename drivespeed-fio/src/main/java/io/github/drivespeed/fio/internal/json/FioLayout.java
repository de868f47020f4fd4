package io.github.drivespeed.fio.internal.json;

import java.util.List;

/**
 * The fixed parts of fio's JSON layout that this package follows: which fio release, the bucket
 * names, and the keys that carry no measured value (listed in the document itself and in
 * {@code docs/fio-json.md}).
 */
final class FioLayout {

    /**
     * The fio release whose {@code --output-format=json} layout is written (Debian 12's fio, the
     * one CI compares against), with the few keys fio 3.42 added.
     */
    static final String FIO_RELEASE = "fio-3.33";

    /** {@code latency_ns} and {@code latency_us} bucket names (exclusive upper edges). */
    static final List<String> LATENCY_NS_KEYS = List.of("2", "4", "10", "20", "50", "100", "250",
            "500", "750", "1000");
    /** {@code latency_us}, the same edges in microseconds. */
    static final List<String> LATENCY_US_KEYS = LATENCY_NS_KEYS;
    /** {@code latency_ms} bucket names. */
    static final List<String> LATENCY_MS_KEYS = List.of("2", "4", "10", "20", "50", "100", "250",
            "500", "750", "1000", "2000", ">=2000");
    /** {@code iodepth_level} bucket names. */
    static final List<String> DEPTH_KEYS = List.of("1", "2", "4", "8", "16", "32", ">=64");
    /** {@code iodepth_submit} and {@code iodepth_complete} bucket names. */
    static final List<String> SUBMIT_KEYS = List.of("0", "4", "8", "16", "32", "64", ">=64");

    /**
     * Keys written with a stand-in value (fio's own value for "not measured", zero) because the
     * report does not carry the figure; {@code []} stands for every element of an array. The
     * CPU and async-only ones are listed only where a job lacks the figure.
     */
    static final List<String> PLACEHOLDERS = List.of(
            ".jobs[].eta",
            ".jobs[].read.short_ios",
            ".jobs[].write.short_ios");

    /**
     * Placeholders of a job whose I/O threads' context switches and page faults were not counted
     * (a sequential test's, or where {@code /proc/thread-self} could not be read).
     */
    static final List<String> THREAD_PLACEHOLDERS = List.of(
            ".jobs[].ctx",
            ".jobs[].majf",
            ".jobs[].minf");

    /** Placeholders of a job whose report has no CPU times (a sequential test's, or unreadable). */
    static final List<String> CPU_PLACEHOLDERS = List.of(".jobs[].usr_cpu", ".jobs[].sys_cpu");

    /**
     * Placeholders of a job run with an asynchronous queue (libaio, io_uring): the depth
     * distributions, which drivespeed does not count.
     */
    static final List<String> ASYNC_PLACEHOLDERS = List.of(
            ".jobs[].iodepth_level",
            ".jobs[].iodepth_submit",
            ".jobs[].iodepth_complete");

    /**
     * Placeholders of an asynchronous job whose report does not split slat from clat (a queue
     * that does not time its submissions): its latency is in {@code lat_ns} only.
     */
    static final List<String> UNSPLIT_PLACEHOLDERS = List.of(
            ".jobs[].read.slat_ns",
            ".jobs[].write.slat_ns",
            ".jobs[].read.clat_ns",
            ".jobs[].write.clat_ns",
            ".jobs[].latency_ns",
            ".jobs[].latency_us",
            ".jobs[].latency_ms");

    private FioLayout() {
    }

    /**
     * @param depth I/Os in flight
     * @return the index of fio's {@code iodepth_level} bucket ({@code io_u_mark_depth})
     */
    static int depthIndex(int depth) {
        if (depth >= 64) {
            return 6;
        }
        int i = 0;
        for (int d = depth; d > 1; d >>= 1) {
            i++;
        }
        return Math.min(i, 5);
    }
}
