package io.github.drivespeed.fio.internal.json;

import io.github.drivespeed.report.engine.CpuUsage;
import io.github.drivespeed.report.LatencyStats;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.WorkloadReport;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What fio's three latencies and its CPU figures are, taken from a drivespeed report; the one
 * place fio's {@code slat}, {@code clat} and {@code lat} are read from a report.
 *
 * <p>fio's meaning (fio HOWTO, "slat", "clat", "lat"; fio's {@code io_u.c}): {@code slat} from
 * when the I/O is queued to the return of the system call that submitted it ({@code io_submit},
 * {@code io_uring_enter}), {@code clat} from that return to the reaping of the completion,
 * {@code lat} both. A synchronous engine (psync) has no separate submission: fio reports
 * {@code slat} as zeros ({@code N} 0) and {@code clat} and {@code lat} as the system call.
 * drivespeed times each synchronous call from just before to just after it, which is both
 * ({@link PassResult#completionLatency()} is then {@link PassResult#latency()}). With an
 * asynchronous queue that times its submissions the report carries the three apart
 * ({@link PassResult#submissionLatency()}, {@link PassResult#completionLatency()},
 * {@link PassResult#latency()}); a report of an asynchronous job without them (a queue that
 * does not time its submissions) leaves {@code slat} and {@code clat} empty (placeholders)
 * rather than give them another quantity's value.
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
     * {@return the pass's latencies as fio names them: {@code slat}, {@code clat}, {@code lat}}
     *
     * @param pass a direction's result
     * @param async whether the job ran with an asynchronous queue
     */
    public static FioTimings of(PassResult pass, boolean async) {
        LatencyStats all = pass.latency();
        if (pass.submissionLatency().count() > 0) {
            return new FioTimings(pass.submissionLatency(), pass.completionLatency(), all);
        }
        return async ? new FioTimings(LatencyStats.NONE, LatencyStats.NONE, all)
                : new FioTimings(LatencyStats.NONE, all, all);
    }

    /**
     * @param pass a direction's result of an asynchronous job
     * @return whether its report lacks the split into slat and clat (so that those, the coarse
     *     latency buckets included, are placeholders); false when the pass moved nothing
     */
    static boolean unsplit(PassResult pass) {
        return pass.latency().count() > 0 && pass.submissionLatency().count() == 0;
    }

    /** {@return fio's {@code slat}: {@link LatencyStats#NONE} unless measured} */
    public LatencyStats slat() {
        return slat;
    }

    /** {@return fio's {@code clat}: {@link LatencyStats#NONE} unless measured} */
    public LatencyStats clat() {
        return clat;
    }

    /** {@return fio's {@code lat}} */
    public LatencyStats lat() {
        return lat;
    }

    /** {@return whether {@link #clat()} is measured (else the latency buckets cannot be filled)} */
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
        return report.engine().ioEngine().asynchronous();
    }
}
