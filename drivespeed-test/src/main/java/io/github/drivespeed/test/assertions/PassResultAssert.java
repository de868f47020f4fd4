package io.github.drivespeed.test.assertions;

import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.warning.Warning;
import java.util.Set;

/**
 * Assertions on one pass (write or read) of a report: its throughput statistics over the runs,
 * its median IOPS, its latencies and its warnings.
 *
 * <pre>{@code
 * assertThat(report).write().median().isAtLeast(megabytesPerSecond(30));
 * assertThat(workload).read().medianIops().isAtLeast(1500);
 * }</pre>
 *
 * @since 0.1.0
 */
public final class PassResultAssert extends AbstractWarningsAssert<PassResultAssert, PassResult> {

    PassResultAssert(PassResult actual, String subject) {
        super(actual, PassResultAssert.class, subject);
    }

    @Override
    protected Set<Warning> warningsOf(PassResult pass) {
        return pass.warnings();
    }

    /** {@return assertions on the median of the runs' throughputs} */
    public ThroughputAssert median() {
        isNotNull();
        return new ThroughputAssert(actual.median(), "the median throughput of " + subject());
    }

    /** {@return assertions on the slowest run's throughput} */
    public ThroughputAssert min() {
        isNotNull();
        return new ThroughputAssert(actual.min(), "the slowest run's throughput of " + subject());
    }

    /** {@return assertions on the fastest run's throughput} */
    public ThroughputAssert max() {
        isNotNull();
        return new ThroughputAssert(actual.max(), "the fastest run's throughput of " + subject());
    }

    /** {@return assertions on the mean of the runs' throughputs} */
    public ThroughputAssert mean() {
        isNotNull();
        return new ThroughputAssert(actual.mean(), "the mean throughput of " + subject());
    }

    /** {@return assertions on all bytes over all time} */
    public ThroughputAssert overall() {
        isNotNull();
        return new ThroughputAssert(actual.overall(), "the overall throughput of " + subject());
    }

    /** {@return assertions on the median of the runs' I/O operations per second} */
    public IopsAssert medianIops() {
        isNotNull();
        return new IopsAssert(actual.medianIops(), "the median IOPS of " + subject());
    }

    /**
     * {@return assertions on the latencies of every run's I/Os, from submission to completion
     * (fio's lat: {@link PassResult#latency()})}
     */
    public LatencyAssert latency() {
        isNotNull();
        return new LatencyAssert(actual.latency(), "latency", subject());
    }

    /**
     * {@return assertions on the completion latencies of every run's I/Os (fio's clat:
     * {@link PassResult#completionLatency()}; the same as {@link #latency()} with a synchronous
     * engine such as psync)}
     */
    public LatencyAssert completionLatency() {
        isNotNull();
        return new LatencyAssert(actual.completionLatency(), "completion latency", subject());
    }
}
