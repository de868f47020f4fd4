package io.github.drivespeed.fio.internal.json;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.drivespeed.report.LatencyStats;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.Timeline;
import io.github.drivespeed.report.TimelinePoint;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One direction of a job ({@code add_ddir_status_json}): {@code read}, {@code write} or
 * {@code trim}, always present, zeros where the job did not move that way. Every run of the pass
 * counts, as fio counts every loop of {@code loops=N}: bytes and I/Os summed, {@code runtime} the
 * sum of the runs' measured times in whole milliseconds, and {@code bw_bytes}, {@code bw},
 * {@code iops} computed from those as fio computes them (integer division by the runtime in ms).
 */
final class FioDirection {

    private FioDirection() {
    }

    /** @return the measured time of the pass's runs, in whole milliseconds (fio truncates) */
    static long runtimeMillis(PassResult p) {
        long nanos = 0;
        for (Sample s : p.samples()) {
            nanos += s.elapsedNanos();
        }
        return nanos / 1_000_000;
    }

    /**
     * @param pass the direction's result, or empty when the job did not move that way
     * @param async whether the job ran with an asynchronous queue
     * @param groupBwBytes the aggregate bandwidth of the job's group in this direction, bytes
     *     per second (fio's {@code agg}; the job's own when it is alone in its group)
     * @param percentiles which latencies get percentiles, at which percentages
     * @param plus json+
     * @return the object
     */
    static ObjectNode of(Optional<PassResult> pass, boolean async, long groupBwBytes,
            FioPercentiles percentiles, boolean plus) {
        return of(pass.stream().toList(), async, groupBwBytes, percentiles, plus);
    }

    /**
     * fio's {@code mixed} direction ({@code unified_rw_reporting}, stat.c
     * {@code sum_thread_stats} into one direction): the passes' bytes and I/Os summed, their
     * latencies pooled, the longest of their runtimes, and each timeline interval's rates
     * summed.
     *
     * @param passes the directions' results, none when the job moved nothing
     * @param async whether the job ran with an asynchronous queue
     * @param groupBwBytes the group's aggregate bandwidth over all directions, bytes per second
     * @param percentiles which latencies get percentiles, at which percentages
     * @param plus json+
     * @return the object
     */
    static ObjectNode of(List<PassResult> passes, boolean async, long groupBwBytes,
            FioPercentiles percentiles, boolean plus) {
        ObjectNode o = FioNodes.object();
        long bytes = 0;
        long ios = 0;
        long runtime = 0;
        for (PassResult p : passes) {
            bytes += p.totalBytes();
            ios += p.totalIos();
            runtime = Math.max(runtime, runtimeMillis(p));
        }
        long bwBytes = runtime > 0 ? 1000 * bytes / runtime : 0;
        o.put("io_bytes", bytes);
        o.put("io_kbytes", bytes >> 10);
        o.put("bw_bytes", bwBytes);
        o.put("bw", bwBytes / 1024);
        o.set("iops", FioNodes.decimal(runtime > 0 ? 1000.0 * ios / runtime : 0));
        o.put("runtime", runtime);
        o.put("total_ios", ios);
        o.put("short_ios", 0);
        o.put("drop_ios", 0);
        latencies(o, passes, async, percentiles, plus);
        List<Double> kib = new ArrayList<>();
        List<Double> iops = new ArrayList<>();
        for (PassResult p : passes) {
            List<Double> passKib = new ArrayList<>();
            List<Double> passIops = new ArrayList<>();
            intervals(p, passKib, passIops);
            addEach(kib, passKib);
            addEach(iops, passIops);
        }
        Spread bw = Spread.of(kib);
        o.put("bw_min", (long) bw.min());
        o.put("bw_max", (long) bw.max());
        // its share of the group's aggregate rate, as fio: mean KiB/s * 100 / (agg / 1024)
        o.set("bw_agg", FioNodes.decimal(bw.n() > 0 && groupBwBytes > 0
                ? bw.mean() * 100 / (groupBwBytes / 1024.0) : 0));
        o.set("bw_mean", FioNodes.decimal(bw.mean()));
        o.set("bw_dev", FioNodes.decimal(bw.dev()));
        o.put("bw_samples", bw.n());
        Spread io = Spread.of(iops);
        o.put("iops_min", (long) io.min());
        o.put("iops_max", (long) io.max());
        o.set("iops_mean", FioNodes.decimal(io.mean()));
        o.set("iops_stddev", FioNodes.decimal(io.dev()));
        o.put("iops_samples", io.n());
        return o;
    }

    /** fio's {@code slat_ns}, {@code clat_ns} and {@code lat_ns}, each pooled over the passes. */
    private static void latencies(ObjectNode o, List<PassResult> passes, boolean async,
            FioPercentiles percentiles, boolean plus) {
        List<LatencyStats> slats = new ArrayList<>();
        List<LatencyStats> clats = new ArrayList<>();
        List<LatencyStats> lats = new ArrayList<>();
        for (PassResult p : passes) {
            FioTimings t = FioTimings.of(p, async);
            slats.add(t.slat());
            clats.add(t.clat());
            lats.add(t.lat());
        }
        LatencyStats clatStats = LatencyStats.merge(clats);
        LatencyStats lat = LatencyStats.merge(lats);
        boolean clat = clatStats.count() > 0 || lat.count() == 0;
        List<Double> at = percentiles.list();
        List<Double> no = List.of();
        o.set("slat_ns", FioLatencyNode.of(LatencyStats.merge(slats),
                percentiles.slat() ? at : no, plus));
        o.set("clat_ns", FioLatencyNode.of(clatStats,
                clat && percentiles.clat() ? at : no, plus));
        // where clat is not measured, lat stands in for it
        o.set("lat_ns", FioLatencyNode.of(lat,
                percentiles.lat() || !clat && percentiles.clat() ? at : no, plus));
    }

    /** Adds {@code more} to {@code sums} element by element, extending it where it is shorter. */
    private static void addEach(List<Double> sums, List<Double> more) {
        for (int i = 0; i < more.size(); i++) {
            if (i < sums.size()) {
                sums.set(i, sums.get(i) + more.get(i));
            } else {
                sums.add(more.get(i));
            }
        }
    }

    /** fio's {@code sync} object: drivespeed issues no per-I/O fsync, so zeros. */
    static ObjectNode sync() {
        ObjectNode o = FioNodes.object();
        o.put("total_ios", 0);
        o.set("lat_ns", FioLatencyNode.of(LatencyStats.NONE, List.of(), false));
        return o;
    }

    /**
     * The rate of every whole timeline interval of every run (a last, shorter interval is left
     * out, as fio records a bandwidth sample only when its averaging window is full).
     */
    private static void intervals(PassResult p, List<Double> kib, List<Double> iops) {
        for (Sample s : p.samples()) {
            Timeline t = s.timeline();
            for (TimelinePoint point : t.points()) {
                if (point.elapsedNanos() >= t.intervalNanos()) {
                    double seconds = point.elapsedNanos() / 1e9;
                    kib.add(point.bytes() / 1024.0 / seconds);
                    iops.add(point.ios() / seconds);
                }
            }
        }
    }

    /** min, max, mean and sample standard deviation (n - 1, as fio), zeros when empty. */
    private record Spread(long n, double min, double max, double mean, double dev) {

        static Spread of(List<Double> values) {
            int n = values.size();
            if (n == 0) {
                return new Spread(0, 0, 0, 0, 0);
            }
            double min = Double.MAX_VALUE;
            double max = -Double.MAX_VALUE;
            double sum = 0;
            for (double v : values) {
                min = Math.min(min, v);
                max = Math.max(max, v);
                sum += v;
            }
            double mean = sum / n;
            double squares = 0;
            for (double v : values) {
                squares += (v - mean) * (v - mean);
            }
            return new Spread(n, min, max, mean, n > 1 ? Math.sqrt(squares / (n - 1)) : 0);
        }
    }
}
