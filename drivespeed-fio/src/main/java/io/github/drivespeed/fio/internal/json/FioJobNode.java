package io.github.drivespeed.fio.internal.json;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.drivespeed.report.LatencyStats;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.engine.ThreadEvents;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * One element of fio's {@code jobs} array ({@code show_thread_status_json}), keys in fio's order.
 * A job that drivespeed reports did not fail, so {@code error} is 0.
 */
final class FioJobNode {

    private FioJobNode() {
    }

    /**
     * @param job the job
     * @param groupBandwidth its group's aggregate bandwidth, {@code {read, write}} in bytes per
     *     second ({@link FioJobSource#groupBandwidth})
     * @param plus json+
     * @return the object
     */
    static ObjectNode of(FioJobSource job, long[] groupBandwidth, boolean plus) {
        ObjectNode o = FioNodes.object();
        o.put("jobname", job.name());
        o.put("groupid", job.groupId());
        o.put("job_start", job.startedAt().toEpochMilli());
        o.put("error", 0);
        o.put("eta", 0);
        o.put("elapsed", Math.max(1, (job.elapsed().toMillis() + 999) / 1000));
        ObjectNode options = o.putObject("job options");
        job.options().forEach(options::put);
        directions(o, job, groupBandwidth, plus);
        long runtime = job.read().or(job::write).map(FioDirection::runtimeMillis).orElse(0L);
        o.put("job_runtime", runtime);
        o.set("usr_cpu", FioNodes.decimal(job.usrCpuPercent().orElse(0)));
        o.set("sys_cpu", FioNodes.decimal(job.sysCpuPercent().orElse(0)));
        o.put("ctx", job.ioThreads().map(ThreadEvents::contextSwitches).orElse(0L));
        o.put("majf", job.ioThreads().map(ThreadEvents::majorFaults).orElse(0L));
        o.put("minf", job.ioThreads().map(ThreadEvents::minorFaults).orElse(0L));
        boolean known = !job.async();
        long ios = job.read().map(PassResult::totalIos).orElse(0L)
                + job.write().map(PassResult::totalIos).orElse(0L);
        double[] depth = new double[FioLayout.DEPTH_KEYS.size()];
        double[] submit = new double[FioLayout.SUBMIT_KEYS.size()];
        if (known && ios > 0) {
            depth[FioLayout.depthIndex(job.depthPerThread())] = 100;
            submit[1] = 100;
        }
        shares(o.putObject("iodepth_level"), FioLayout.DEPTH_KEYS, depth, 0);
        shares(o.putObject("iodepth_submit"), FioLayout.SUBMIT_KEYS, submit, 0);
        shares(o.putObject("iodepth_complete"), FioLayout.SUBMIT_KEYS, submit, 0);
        // fio's io_u_mark_latency: the coarse buckets count each I/O's clat
        List<LatencyStats> clat = new ArrayList<>();
        if (!job.unsplit()) {
            job.read().ifPresent(p -> clat.add(FioTimings.of(p, job.async()).clat()));
            job.write().ifPresent(p -> clat.add(FioTimings.of(p, job.async()).clat()));
        }
        double[] coarse = FioCoarseLatency.shares(LatencyStats.merge(clat), ios);
        int us = FioLayout.LATENCY_NS_KEYS.size();
        shares(o.putObject("latency_ns"), FioLayout.LATENCY_NS_KEYS, coarse, 0);
        shares(o.putObject("latency_us"), FioLayout.LATENCY_US_KEYS, coarse, us);
        shares(o.putObject("latency_ms"), FioLayout.LATENCY_MS_KEYS, coarse,
                us + FioLayout.LATENCY_US_KEYS.size());
        o.put("latency_depth", job.latencyDepth());
        o.put("latency_target", 0);
        o.put("latency_target_ns", 0);
        o.set("latency_percentile", FioNodes.decimal(100));
        o.put("latency_window", 0);
        o.put("latency_window_us", 0);
        return o;
    }

    /**
     * fio's {@code read}, {@code write}, {@code trim} and {@code sync}, with {@code mixed} in
     * place of the first three or after them as {@code unified_rw_reporting} asks (stat.c
     * {@code show_thread_status_json}).
     */
    private static void directions(ObjectNode o, FioJobSource job, long[] groupBandwidth,
            boolean plus) {
        FioPercentiles pct = job.percentiles();
        ObjectNode mixed = FioDirection.of(
                Stream.of(job.read(), job.write()).flatMap(Optional::stream).toList(),
                job.async(), groupBandwidth[0] + groupBandwidth[1], pct, plus);
        if (job.unified() == FioUnified.MIXED) {
            o.set("mixed", mixed);
        } else {
            o.set("read", FioDirection.of(job.read(), job.async(), groupBandwidth[0], pct,
                    plus));
            o.set("write", FioDirection.of(job.write(), job.async(), groupBandwidth[1], pct,
                    plus));
            o.set("trim", FioDirection.of(Optional.empty(), job.async(), 0, pct, plus));
        }
        o.set("sync", FioDirection.sync());
        if (job.unified() == FioUnified.BOTH) {
            o.set("mixed", mixed);
        }
    }

    private static void shares(ObjectNode o, List<String> keys, double[] values, int from) {
        for (int i = 0; i < keys.size(); i++) {
            o.set(keys.get(i), FioNodes.decimal(values[from + i]));
        }
    }
}
