package io.github.drivespeed.test.assertions;

import io.github.drivespeed.report.LatencyStats;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.SustainedReport;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.requirement.RequirementCheck;
import io.github.drivespeed.unit.Throughput;
import org.assertj.core.api.Assertions;

/**
 * AssertJ assertions for drivespeed's reports, with every AssertJ assertion beside them: one
 * static import serves a whole test.
 *
 * <pre>{@code
 * import static io.github.drivespeed.test.assertions.DriveSpeedAssertions.*;
 *
 * assertThat(report).write().median().isAtLeast(megabytesPerSecond(30));
 * assertThat(report).hasNoWarning(Warning.READ_MAY_INCLUDE_PAGE_CACHE).meets("C10");
 * assertThat(workload).read().latency().percentile(99).isAtMost(Duration.ofMillis(5));
 * assertThat(List.of(1, 2)).hasSize(2);                    // AssertJ's own, unchanged
 * }</pre>
 *
 * <p>Failure messages give figures with their units: {@code Expecting the median throughput of
 * the write pass on /media/usb0 to be at least 30.0 MB/s (28.6 MiB/s) but was 12.3 MB/s
 * (11.7 MiB/s) (41.0 % of it)}.
 *
 * @since 0.1.0
 */
public class DriveSpeedAssertions extends Assertions {

    /** For subclassing, as AssertJ's own entry point allows. */
    protected DriveSpeedAssertions() {
    }

    /**
     * {@return assertions on a sequential test's report}
     *
     * @param actual a sequential report
     */
    public static SpeedReportAssert assertThat(SpeedReport actual) {
        return new SpeedReportAssert(actual);
    }

    /**
     * {@return assertions on a workload's report}
     *
     * @param actual a workload report
     */
    public static WorkloadReportAssert assertThat(WorkloadReport actual) {
        return new WorkloadReportAssert(actual);
    }

    /**
     * {@return assertions on a sustained write's report}
     *
     * @param actual a sustained write's report
     */
    public static SustainedReportAssert assertThat(SustainedReport actual) {
        return new SustainedReportAssert(actual);
    }

    /**
     * {@return assertions on one pass of a report}
     *
     * @param actual one pass of a report
     */
    public static PassResultAssert assertThat(PassResult actual) {
        return new PassResultAssert(actual, actual == null ? "the pass"
                : "the " + actual.kind() + " pass");
    }

    /**
     * {@return assertions on it, in both units}
     *
     * @param actual a rate
     */
    public static ThroughputAssert assertThat(Throughput actual) {
        return new ThroughputAssert(actual, "the throughput");
    }

    /**
     * {@return assertions on their percentiles}
     *
     * @param actual latencies (a pass's {@code latency()} or {@code completionLatency()})
     */
    public static LatencyAssert assertThat(LatencyStats actual) {
        return new LatencyAssert(actual, "latency", "the I/Os");
    }

    /**
     * {@return assertions on a report checked against a requirement}
     *
     * @param actual a report checked against a requirement
     */
    public static RequirementCheckAssert assertThat(RequirementCheck actual) {
        return new RequirementCheckAssert(actual, "the measurement");
    }

    /**
     * {@return a rate of {@code megabytesPerSecond} MB/s (10^6 bytes per second): the same as
     * {@link Throughput#ofMegabytesPerSecond(double)}}
     *
     * @param megabytesPerSecond a rate in MB/s, 10^6 bytes per second (dd's and hdparm's unit)
     * @throws IllegalArgumentException if negative or infinite
     */
    public static Throughput megabytesPerSecond(double megabytesPerSecond) {
        return Throughput.ofMegabytesPerSecond(megabytesPerSecond);
    }

    /**
     * {@return a rate of {@code mebibytesPerSecond} MiB/s (2^20 bytes per second): the same as
     * {@link Throughput#ofMebibytesPerSecond(double)}}
     *
     * @param mebibytesPerSecond a rate in MiB/s, 2^20 bytes per second (fio's unit)
     * @throws IllegalArgumentException if negative or infinite
     */
    public static Throughput mebibytesPerSecond(double mebibytesPerSecond) {
        return Throughput.ofMebibytesPerSecond(mebibytesPerSecond);
    }
}
