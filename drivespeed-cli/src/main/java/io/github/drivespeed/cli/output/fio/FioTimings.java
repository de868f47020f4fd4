package io.github.drivespeed.cli.output.fio;

import io.github.drivespeed.report.CpuUsage;
import io.github.drivespeed.report.LatencyStats;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.WorkloadReport;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What fio's three latencies and its CPU figures are, taken from a drivespeed report; the one
 * place a later report that carries more (a separate submission time, process CPU time) is read.
 *
 * <p>fio's meaning: {@code slat} is the submission call ({@code io_submit}), {@code clat} from its
 * return to the reaping of the completion, {@code lat} both. A synchronous engine (psync) has no
 * separate submission: fio reports {@code slat} as zeros ({@code N} 0) and {@code clat} and
 * {@code lat} as the system call. drivespeed times each synchronous call from just before to just
 * after it, which is both. With an asynchronous queue drivespeed's latency runs from just before
 * submission to the reap: fio's {@code lat}; the report does not split it, so {@code slat} and
 * {@code clat} are left empty (placeholders) rather than given a different quantity's value.
 */
public final class FioTimings {

    private final LatencyStats slat;
    private final LatencyStats clat;
    private final LatencyStats lat;

    private FioTimings(LatencyStats slat, LatencyStats clat, LatencyStats lat) {
        this.slat = slat;
        this.clat = clat;
        this.lat = lat;
    }

    /**
     * @param pass a direction's result
     * @param async whether the job ran with an asynchronous queue
     * @return its fio latencies
     */
    public static FioTimings of(PassResult pass, boolean async) {
        LatencyStats all = pass.latency();
        return async ? new FioTimings(LatencyStats.NONE, LatencyStats.NONE, all)
                : new FioTimings(LatencyStats.NONE, all, all);
    }

    /** @return fio's {@code slat}: {@link LatencyStats#NONE} unless measured */
    public LatencyStats slat() {
        return slat;
    }

    /** @return fio's {@code clat}: {@link LatencyStats#NONE} unless measured */
    public LatencyStats clat() {
        return clat;
    }

    /** @return fio's {@code lat} */
    public LatencyStats lat() {
        return lat;
    }

    /** @return whether {@link #clat()} is measured (else the latency buckets cannot be filled) */
    public boolean clatMeasured() {
        return clat.count() > 0 || lat.count() == 0;
    }

    /**
     * fio's {@code usr_cpu}: user CPU time over the job's run time, in percent of one CPU. From
     * the report's process CPU time over the measured runs ({@link WorkloadReport#cpu()}; fio
     * counts its job's threads, drivespeed the whole process).
     *
     * @param report the workload
     * @return the percentage, or empty where the times could not be read
     */
    public static OptionalDouble usrCpuPercent(WorkloadReport report) {
        return finite(report.cpu().map(CpuUsage::userPercent));
    }

    /**
     * fio's {@code sys_cpu}: system CPU time over the job's run time, in percent of one CPU;
     * from the same times as {@link #usrCpuPercent}.
     *
     * @param report the workload
     * @return the percentage, or empty where the times could not be read
     */
    public static OptionalDouble sysCpuPercent(WorkloadReport report) {
        return finite(report.cpu().map(CpuUsage::systemPercent));
    }

    private static OptionalDouble finite(Optional<Double> v) {
        return v.filter(Double::isFinite).map(OptionalDouble::of).orElse(OptionalDouble.empty());
    }

    /**
     * @param report a workload
     * @return whether an asynchronous engine (libaio, io_uring) issued its I/O
     */
    static boolean isAsync(WorkloadReport report) {
        return report.engine().engine().asynchronous();
    }
}
