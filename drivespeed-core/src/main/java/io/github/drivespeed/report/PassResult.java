package io.github.drivespeed.report;

import io.github.drivespeed.report.medium.Stall;
import io.github.drivespeed.report.medium.RateDrop;
import io.github.drivespeed.report.medium.CacheCliff;
import io.github.drivespeed.report.medium.Verification;
import io.github.drivespeed.target.CgroupLimits;
import io.github.drivespeed.target.IoLimit;
import io.github.drivespeed.target.IoLimitReached;
import io.github.drivespeed.unit.Throughput;
import io.github.drivespeed.warning.Warning;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The outcome of one pass (write or read) over all measured runs, with its statistics.
 *
 * <p>Each run's throughput is its bytes over its elapsed time; the statistics are over those
 * per-run throughputs. {@link #standardDeviation()} is the sample standard deviation (divisor
 * n - 1) and is {@link Throughput#NOT_AVAILABLE} when there is a single run: a figure that cannot
 * be computed is never made up. {@link #overall()} is all bytes over all elapsed time.
 *
 * @since 0.1.0
 */
public final class PassResult {

    private final PassKind kind;
    private final List<Sample> samples;
    private final Set<Warning> warnings;
    private final Throughput min;
    private final Throughput median;
    private final Throughput mean;
    private final Throughput max;
    private final Throughput standardDeviation;
    private final Throughput overall;
    private final double medianIops;
    private final LatencyStats latency;
    private final LatencyStats submissionLatency;
    private final LatencyStats completionLatency;

    /**
     * Computes the statistics of {@code samples}.
     *
     * @param kind the pass
     * @param samples one sample per measured run, at least one
     * @param warnings what may make these figures differ from the drive's own speed
     * @return the pass
     * @throws IllegalArgumentException if {@code samples} is empty
     */
    public static PassResult of(PassKind kind, List<Sample> samples, Set<Warning> warnings) {
        return new PassResult(kind, samples, warnings);
    }

    private PassResult(PassKind kind, List<Sample> samples, Set<Warning> warnings) {
        this.kind = Objects.requireNonNull(kind, "kind");
        this.samples = List.copyOf(samples);
        this.warnings = Set.copyOf(warnings);
        if (this.samples.isEmpty()) {
            throw new IllegalArgumentException("a " + kind + " pass needs at least one sample");
        }
        double[] rates = this.samples.stream()
                .mapToDouble(s -> s.throughput().bytesPerSecond())
                .sorted()
                .toArray();
        int n = rates.length;
        this.min = Throughput.ofBytesPerSecond(rates[0]);
        this.max = Throughput.ofBytesPerSecond(rates[n - 1]);
        this.median = Throughput.ofBytesPerSecond(n % 2 == 1
                ? rates[n / 2]
                : (rates[n / 2 - 1] + rates[n / 2]) / 2);
        double meanRate = Arrays.stream(rates).sum() / n;
        this.mean = Throughput.ofBytesPerSecond(meanRate);
        if (n < 2) {
            this.standardDeviation = Throughput.NOT_AVAILABLE;
        } else {
            double sumSquares = 0;
            for (double rate : rates) {
                sumSquares += (rate - meanRate) * (rate - meanRate);
            }
            this.standardDeviation = Throughput.ofBytesPerSecond(Math.sqrt(sumSquares / (n - 1)));
        }
        long totalBytes = this.samples.stream().mapToLong(Sample::bytes).sum();
        long totalNanos = this.samples.stream().mapToLong(Sample::elapsedNanos).sum();
        this.overall = Throughput.ofBytesOverNanos(totalBytes, totalNanos);
        double[] iops = this.samples.stream().mapToDouble(Sample::iops).sorted().toArray();
        this.medianIops = n % 2 == 1 ? iops[n / 2] : (iops[n / 2 - 1] + iops[n / 2]) / 2;
        this.latency = LatencyStats.merge(
                this.samples.stream().map(Sample::latency).collect(Collectors.toList()));
        this.submissionLatency = LatencyStats.merge(this.samples.stream()
                .map(s -> s.latencies().submission()).collect(Collectors.toList()));
        this.completionLatency = submissionLatency.count() == 0 ? latency
                : LatencyStats.merge(this.samples.stream().map(s -> s.latencies().completion())
                        .collect(Collectors.toList()));
    }

    /** {@return whether this is the write or the read pass} */
    public PassKind kind() {
        return kind;
    }

    /** {@return one sample per measured run, in run order; unmodifiable} */
    public List<Sample> samples() {
        return samples;
    }

    /** {@return the number of measured runs, n} */
    public int runs() {
        return samples.size();
    }

    /** {@return the slowest run's throughput} */
    public Throughput min() {
        return min;
    }

    /** {@return the median of the runs' throughputs (mean of the middle two when n is even)} */
    public Throughput median() {
        return median;
    }

    /** {@return the arithmetic mean of the runs' throughputs} */
    public Throughput mean() {
        return mean;
    }

    /** {@return the fastest run's throughput} */
    public Throughput max() {
        return max;
    }

    /**
     * {@return the sample standard deviation (n - 1) of the runs' throughputs;
     * {@link Throughput#NOT_AVAILABLE} when n &lt; 2}
     */
    public Throughput standardDeviation() {
        return standardDeviation;
    }

    /** {@return all bytes of all runs over all their elapsed time} */
    public Throughput overall() {
        return overall;
    }

    /** {@return the median of the runs' IOPS (mean of the middle two when n is even)} */
    public double medianIops() {
        return medianIops;
    }

    /** {@return all I/Os of all runs over all their elapsed time, per second} */
    public double overallIops() {
        long totalNanos = samples.stream().mapToLong(Sample::elapsedNanos).sum();
        return totalIos() * 1e9 / totalNanos;
    }

    /** {@return total I/Os over all runs} */
    public long totalIos() {
        return samples.stream().mapToLong(Sample::ios).sum();
    }

    /**
     * {@return the latency of every I/O of every run, pooled: from just before its submission to
     * just after its completion was reaped, fio's {@code lat} (for psync the system call)}
     *
     * @see Sample#latency()
     */
    public LatencyStats latency() {
        return latency;
    }

    /**
     * {@return fio's {@code slat} of every I/O of every run, pooled: from just before its
     * submission to the return of the system call that submitted it (io_submit(2),
     * io_uring_enter(2)); {@link LatencyStats#NONE} with a synchronous engine (psync), which has no
     * submission apart from the call}
     *
     * @see Latencies#submission()
     */
    public LatencyStats submissionLatency() {
        return submissionLatency;
    }

    /**
     * {@return fio's {@code clat} of every I/O of every run, pooled: from the return of its
     * submitting system call to the reap of its completion; with a synchronous engine (psync) the
     * {@link #latency()} itself, as fio's psync {@code clat} is its {@code lat}}
     *
     * @see Latencies#completion()
     */
    public LatencyStats completionLatency() {
        return completionLatency;
    }

    /** {@return total bytes transferred over all runs} */
    public long totalBytes() {
        return samples.stream().mapToLong(Sample::bytes).sum();
    }

    /**
     * {@return what may make this pass's figures differ from the drive's own speed, for example
     * {@link Warning#READ_MAY_INCLUDE_PAGE_CACHE}; empty when nothing is known to distort them}
     */
    public Set<Warning> warnings() {
        return warnings;
    }

    /**
     * {@return this pass's figures held to an I/O cap of the process's cgroup
     * (from 90 % to 110 % of a cap): its median throughput and IOPS, and its device's median
     * requests per second; empty for a cached-read pass}
     *
     * @param limits the target's cgroup limits
     */
    public List<IoLimitReached> ioLimitsReached(CgroupLimits limits) {
        if (kind == PassKind.CACHED_READ) {
            return List.of();
        }
        double[] requests = new double[samples.size()];
        for (int i = 0; i < requests.length; i++) {
            Sample s = samples.get(i);
            if (s.accounting().deviceIo().isEmpty()) {
                requests = new double[] {Double.NaN}; // counters missing: no figure
                break;
            }
            requests[i] = s.accounting().deviceIo().get().requests(kind) * 1e9 / s.elapsedNanos();
        }
        Arrays.sort(requests);
        int n = requests.length;
        double medianRequests = n % 2 == 1 ? requests[n / 2]
                : (requests[n / 2 - 1] + requests[n / 2]) / 2;
        return IoLimitChecks.reachedBy(limits, kind == PassKind.READ ? IoLimit.Direction.READ
                : IoLimit.Direction.WRITE, IoLimitReached.Figure.MEDIAN, median.bytesPerSecond(),
                IoLimitReached.Figure.MEDIAN, totalIos() == 0 ? Double.NaN : medianIops,
                medianRequests);
    }

    /**
     * Why this pass's figures are not the drive's, if they are not: its warnings that
     * {@linkplain Warning#figureNotTheDrives() mark a figure as not the drive's} (data loss, a
     * cache that served the reads). Requirements never take such a figure.
     *
     * @return those warnings, in declaration order; empty when the figures are the drive's
     */
    public Set<Warning> notTheDrives() {
        Set<Warning> w = java.util.EnumSet.noneOf(Warning.class);
        for (Warning x : warnings) {
            if (x.figureNotTheDrives()) {
                w.add(x);
            }
        }
        return java.util.Collections.unmodifiableSet(w);
    }

    /**
     * What the read-back checks of this pass's runs found, added up.
     *
     * @return the runs' checks together; empty when no run was checked
     */
    public Optional<Verification> verification() {
        Verification all = null;
        for (Sample s : samples) {
            Optional<Verification> found = s.findings().verification();
            if (found.isPresent()) {
                all = all == null ? found.get() : all.plus(found.get());
            }
        }
        return Optional.ofNullable(all);
    }

    /**
     * The first run's write-cache cliff ({@link Warning#WRITE_CACHE_CLIFF}), if a run had one.
     *
     * @return the cliff of the first run that had one; empty when none had
     */
    public Optional<CacheCliff> cacheCliff() {
        return samples.stream().flatMap(s -> s.findings().cacheCliff().stream()).findFirst();
    }

    /**
     * The first run's read rate drop ({@link Warning#READ_RATE_DROP}), if a run had one.
     *
     * @return the drop of the first run that had one; empty when none had
     */
    public Optional<RateDrop> rateDrop() {
        return samples.stream().flatMap(s -> s.findings().rateDrop().stream()).findFirst();
    }

    /**
     * The longest stall of any run ({@link Warning#WRITE_STALL}, {@link Warning#READ_STALL}).
     *
     * @return the stall with the longest time without progress; empty when no run stalled
     */
    public Optional<Stall> stall() {
        return samples.stream().flatMap(s -> s.findings().stall().stream())
                .max(java.util.Comparator.comparingLong(Stall::noProgressNanos));
    }

    /** One line: median, min, max, standard deviation and n. */
    @Override
    public String toString() {
        return kind + ": median " + median + ", min " + min + ", max " + max
                + ", stdev " + standardDeviation + ", mean " + mean + ", overall " + overall
                + ", n=" + runs();
    }
}
