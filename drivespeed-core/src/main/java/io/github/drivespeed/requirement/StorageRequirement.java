package io.github.drivespeed.requirement;

import io.github.drivespeed.parameters.AccessPattern;
import io.github.drivespeed.parameters.Parameters;
import io.github.drivespeed.parameters.Preset;
import io.github.drivespeed.parameters.SequentialParameters;
import io.github.drivespeed.parameters.SustainedParameters;
import io.github.drivespeed.parameters.WorkloadParameters;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.SustainedReport;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.unit.Throughput;
import io.github.drivespeed.warning.Warning;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What a storage must do, as minimum and maximum figures, and the check of measured results
 * against them: which criteria passed, which failed, by how much, and which could not be judged
 * and why. An immutable value; every setter returns a new one. The SD Association's classes are
 * ready-made requirements in {@link SdClass}.
 *
 * <pre>{@code
 * StorageRequirement need = StorageRequirement.named("recorder")
 *         .minSustainedWrite(Throughput.ofBytesPerSecond(30e6))   // 30 MB/s past the cache
 *         .minRandomReadIops(1500)
 *         .maxRandomLatency(99, Duration.ofMillis(10));
 * RequirementCheck check = need.check(Measurements.of(sustainedReport).with(rnd4kReport));
 * check.outcome();       // MET, NOT_MET, or NOT_JUDGED (inconclusive)
 * check.results();       // per criterion: required, measured, margin, or why not judged
 * }</pre>
 *
 * <p>Which figure each criterion is checked against ({@link Criterion}):
 * <ul>
 *   <li>sequential write and read: the {@link SpeedReport}s' write and read passes, and of each
 *       its <em>slowest run</em> ({@link PassResult#min()}): a minimum is met only when every
 *       run met it, not the median (past a write-cache cliff or a read's drop, the rate after
 *       it); for the write also a {@link SustainedReport}'s sustained rate (its whole rate when
 *       it shows none);</li>
 *   <li>sustained write: only a write past the drive's write cache (rule 8 of the design: the
 *       SD classes are sustained figures): a {@link SustainedReport}'s
 *       {@linkplain SustainedReport#sustained() sustained rate} (the rate after the cache filled,
 *       or, where the rate never fell, the whole write's rate once it went as far as a sustained
 *       test of the default bounds goes: 8 GiB or half the free space, or 120 s), or a
 *       sequential test's write pass whose rate fell at the drive's write cache
 *       ({@link Warning#WRITE_CACHE_CLIFF}: the slower of the rate after the fall and the
 *       slowest run). Any other write (a sequential pass within the cache, a sequential write
 *       workload, a sustained write cut short by a smaller size or time) is a burst figure, and
 *       leaves the criterion {@linkplain RequirementCheck.NotJudged#BURST_ONLY not judged:
 *       burst only};</li>
 *   <li>random 4 KiB read and write IOPS: the random-offset, 4 KiB, read-only (or write-only)
 *       {@link WorkloadReport}s (for example the {@link Preset#RND4K_Q1T1} rows of a preset suite),
 *       and of each the slowest run's IOPS ({@link Sample#iops()});</li>
 *   <li>latency: the completion latency (clat) at the bound's percentile of every pass of those
 *       random 4 KiB workloads, reads and writes, all runs pooled; the highest counts.</li>
 * </ul>
 * Where several reports hold a figure, the worst one counts. A pass the report flags as not the
 * drive's ({@link PassResult#notTheDrives()}, every warning whose
 * {@link Warning#figureNotTheDrives()} is true) holds no figure of the drive and is left out: a
 * read that may have been served by the page cache ({@link Warning#READ_MAY_INCLUDE_PAGE_CACHE},
 * {@link Warning#READ_SERVED_FROM_CACHE}), a write the page cache absorbed
 * ({@link Warning#WRITE_SERVED_BY_PAGE_CACHE}), a drive shared with another measurement or other
 * I/O ({@link Warning#CONCURRENT_MEASUREMENT}, {@link Warning#FOREIGN_IO}), a read of an existing
 * file drivespeed did not write ({@link Warning#EXISTING_FILE_READ}), a medium that lost data
 * ({@link Warning#DATA_LOSS}). A criterion no figure of the drive judges is
 * {@link RequirementCheck.Status#NOT_JUDGED}, with why ({@link RequirementCheck.NotJudged}: not
 * measured, figures left out as not the drive's, burst only), and the requirement is then neither
 * met nor failed unless another criterion failed ({@link RequirementCheck.Outcome}). A figure held
 * to an I/O cap of the process's cgroup ({@link Warning#CGROUP_IO_LIMIT}) is what this process
 * gets, so it counts: a criterion it fails says so and names the cap
 * ({@link RequirementCheck.Result#cgroupLimit()}), one it meets stays met.
 *
 * <p>Units: throughput in bytes per second (MB/s = 10^6 B/s, MiB/s = 2^20 B/s), IOPS in I/Os per
 * second, latency in nanoseconds.
 *
 * @since 0.1.0
 */
public final class StorageRequirement {

    /**
     * What a requirement can bound.
     *
     * @since 0.1.0
     */
    public enum Criterion {
        /** Sequential write throughput, bytes per second; a minimum. */
        SEQUENTIAL_WRITE("sequential write", true, Unit.BYTES_PER_SECOND),
        /**
         * Sustained sequential write throughput, bytes per second, judged only on a write past
         * the drive's write cache; a minimum. What the SD Association's classes promise.
         */
        SUSTAINED_WRITE("sustained write", true, Unit.BYTES_PER_SECOND),
        /** Sequential read throughput, bytes per second; a minimum. */
        SEQUENTIAL_READ("sequential read", true, Unit.BYTES_PER_SECOND),
        /** Random 4 KiB read IOPS, I/Os per second; a minimum. */
        RANDOM_4K_READ_IOPS("random 4 KiB read IOPS", true, Unit.IOS_PER_SECOND),
        /** Random 4 KiB write IOPS, I/Os per second; a minimum. */
        RANDOM_4K_WRITE_IOPS("random 4 KiB write IOPS", true, Unit.IOS_PER_SECOND),
        /** Completion latency of random 4 KiB I/O at a percentile, nanoseconds; a maximum. */
        RANDOM_4K_LATENCY("random 4 KiB completion latency", false, Unit.NANOSECONDS);

        private final String label;
        private final boolean minimum;
        private final Unit unit;

        Criterion(String label, boolean minimum, Unit unit) {
            this.label = label;
            this.minimum = minimum;
            this.unit = unit;
        }

        /**
         * {@return the unit of its bound ({@link StorageRequirement#bounds()},
         * {@link RequirementCheck.Result#required()}) and of the figure that judges it
         * ({@link RequirementCheck.Result#measured()})}
         */
        public Unit unit() {
            return unit;
        }

        /** {@return for people, for example {@code sequential write}} */
        public String label() {
            return label;
        }

        /** {@return true when the bound is a minimum (higher is better), false for a maximum} */
        public boolean isMinimum() {
            return minimum;
        }

        /**
         * {@return whether a run of these settings measures a figure this criterion takes (see
         * the class description), so that a requirement can be held against what a caller is
         * about to run before anything runs: a {@code false} for every run planned means the
         * criterion will be not judged, not measured ({@link RequirementCheck.NotJudged#NOT_MEASURED})}
         * Per criterion:
         * <ul>
         *   <li>sequential write: a sequential test ({@link SequentialParameters}) or a sustained
         *       write ({@link SustainedParameters});</li>
         *   <li>sequential read: a sequential test;</li>
         *   <li>sustained write: a sustained write, a sequential test, or a sequential write-only
         *       workload; of the last two only a write past the drive's write cache judges it,
         *       the others give a burst figure ({@link RequirementCheck.NotJudged#BURST_ONLY});</li>
         *   <li>random 4 KiB read (write) IOPS: a workload of random offsets, 4 KiB blocks, reads
         *       (writes) only ({@link WorkloadParameters#pattern()},
         *       {@link WorkloadParameters#blockSize()}, {@link WorkloadParameters#readPercent()}
         *       100, or 0);</li>
         *   <li>random 4 KiB latency: such a workload, reads only or writes only.</li>
         * </ul>
         * A mixed workload ({@code readPercent} between 1 and 99), a device test and a capacity
         * check or probe measure none.
         *
         * @param run the settings of a run, as its plan's {@code parameters()} holds them
         */
        public boolean measuredBy(Parameters run) {
            Objects.requireNonNull(run, "run");
            switch (this) {
                case SEQUENTIAL_WRITE:
                    return run instanceof SequentialParameters || run instanceof SustainedParameters;
                case SEQUENTIAL_READ:
                    return run instanceof SequentialParameters;
                case SUSTAINED_WRITE:
                    return run instanceof SequentialParameters || run instanceof SustainedParameters
                            || run instanceof WorkloadParameters w
                                    && w.pattern() == AccessPattern.SEQUENTIAL
                                    && w.readPercent() == 0;
                case RANDOM_4K_READ_IOPS:
                    return random4k(run, 100);
                case RANDOM_4K_WRITE_IOPS:
                    return random4k(run, 0);
                default:
                    return random4k(run, 100) || random4k(run, 0);
            }
        }

        /** Whether it is a random 4 KiB workload of this share of reads. */
        private static boolean random4k(Parameters run, int readPercent) {
            return run instanceof WorkloadParameters w && w.pattern() == AccessPattern.RANDOM
                    && w.blockSize().bytes() == RANDOM_BLOCK_BYTES
                    && w.readPercent() == readPercent;
        }
    }

    /** The block size of the random-I/O criteria: 4 KiB. */
    private static final long RANDOM_BLOCK_BYTES = 4 * DataSize.KIBIBYTE;

    /**
     * The unit of a criterion's bound and figures ({@link Criterion#unit()}).
     *
     * @since 0.1.0
     */
    public enum Unit {
        /** Bytes per second: sequential and sustained throughput. */
        BYTES_PER_SECOND,
        /** I/O operations per second: IOPS. */
        IOS_PER_SECOND,
        /** Nanoseconds: latency. */
        NANOSECONDS
    }

    private final String name;
    private final String source;
    private final Map<Criterion, Double> bounds;
    private final double latencyPercentile;

    private StorageRequirement(String name, String source, Map<Criterion, Double> bounds,
            double latencyPercentile) {
        this.name = name;
        this.source = source;
        this.bounds = Collections.unmodifiableMap(new EnumMap<>(bounds));
        this.latencyPercentile = latencyPercentile;
    }

    /**
     * A requirement with nothing required yet.
     *
     * @param name what it is called in reports, for example {@code camera storage}
     * @return the requirement
     * @throws IllegalArgumentException if the name is blank
     */
    public static StorageRequirement named(String name) {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("name must not be blank");
        }
        return new StorageRequirement(name.strip(), "", new EnumMap<>(Criterion.class), Double.NaN);
    }

    /**
     * {@return a new requirement that names where its figures come from}
     *
     * @param source where the figures come from (a specification, a data sheet), for reports
     */
    public StorageRequirement source(String source) {
        return new StorageRequirement(name, Objects.requireNonNull(source, "source"), bounds,
                latencyPercentile);
    }

    /**
     * {@return a new requirement that bounds the slowest sequential write run from below}
     *
     * @param minimum the slowest sequential write run must reach this
     * @throws IllegalArgumentException if not available, zero or negative
     */
    public StorageRequirement minSequentialWrite(Throughput minimum) {
        return with(Criterion.SEQUENTIAL_WRITE, rate("minSequentialWrite", minimum));
    }

    /**
     * {@return a new requirement that bounds the drive's sustained sequential write rate from
     * below: judged only on a write past the drive's write cache (see the class description)}
     *
     * @param minimum the rate the drive must sustain past its write cache
     * @throws IllegalArgumentException if not available, zero or negative
     */
    public StorageRequirement minSustainedWrite(Throughput minimum) {
        return with(Criterion.SUSTAINED_WRITE, rate("minSustainedWrite", minimum));
    }

    /**
     * {@return a new requirement that bounds the slowest sequential read run from below}
     *
     * @param minimum the slowest sequential read run must reach this
     * @throws IllegalArgumentException if not available, zero or negative
     */
    public StorageRequirement minSequentialRead(Throughput minimum) {
        return with(Criterion.SEQUENTIAL_READ, rate("minSequentialRead", minimum));
    }

    /**
     * {@return a new requirement that bounds the slowest run's random 4 KiB read IOPS from below}
     *
     * @param minimum random 4 KiB reads per second the slowest run must reach
     * @throws IllegalArgumentException if not finite and positive
     */
    public StorageRequirement minRandomReadIops(double minimum) {
        return with(Criterion.RANDOM_4K_READ_IOPS, positive("minRandomReadIops", minimum));
    }

    /**
     * {@return a new requirement that bounds the slowest run's random 4 KiB write IOPS from below}
     *
     * @param minimum random 4 KiB writes per second the slowest run must reach
     * @throws IllegalArgumentException if not finite and positive
     */
    public StorageRequirement minRandomWriteIops(double minimum) {
        return with(Criterion.RANDOM_4K_WRITE_IOPS, positive("minRandomWriteIops", minimum));
    }

    /**
     * The completion latency of random 4 KiB reads and writes at {@code percentile} must not
     * exceed {@code maximum}.
     *
     * @param percentile in {@code (0, 100]}, for example 99 for p99
     * @param maximum positive
     * @return a new requirement
     * @throws IllegalArgumentException if the percentile is outside {@code (0, 100]} or the
     *     maximum is not positive
     */
    public StorageRequirement maxRandomLatency(double percentile, Duration maximum) {
        Objects.requireNonNull(maximum, "maximum");
        if (!(percentile > 0 && percentile <= 100)) {
            throw new IllegalArgumentException("latency percentile must be in (0, 100]: "
                    + percentile);
        }
        if (maximum.isZero() || maximum.isNegative()) {
            throw new IllegalArgumentException("maximum latency must be > 0: " + maximum);
        }
        Map<Criterion, Double> b = new EnumMap<>(Criterion.class);
        b.putAll(bounds);
        b.put(Criterion.RANDOM_4K_LATENCY, (double) maximum.toNanos());
        return new StorageRequirement(name, source, b, percentile);
    }

    /**
     * Both requirements at once: for each criterion the stricter bound (for latency both must be
     * at the same percentile). The name joins both names with {@code " + "}.
     *
     * @param other another requirement
     * @return a new requirement
     * @throws IllegalArgumentException if both bound latency at different percentiles
     */
    public StorageRequirement and(StorageRequirement other) {
        Objects.requireNonNull(other, "other");
        if (!Double.isNaN(latencyPercentile) && !Double.isNaN(other.latencyPercentile)
                && latencyPercentile != other.latencyPercentile) {
            throw new IllegalArgumentException("cannot combine latency bounds at p"
                    + percentileText(latencyPercentile) + " and p"
                    + percentileText(other.latencyPercentile));
        }
        Map<Criterion, Double> b = new EnumMap<>(Criterion.class);
        b.putAll(bounds);
        other.bounds.forEach((c, v) -> b.merge(c, v, c.isMinimum() ? Math::max : Math::min));
        String joinedSource = source.isEmpty() ? other.source
                : other.source.isEmpty() || other.source.equals(source) ? source
                : source + "; " + other.source;
        return new StorageRequirement(name + " + " + other.name, joinedSource, b,
                Double.isNaN(latencyPercentile) ? other.latencyPercentile : latencyPercentile);
    }

    /** {@return the name, for example {@code SD Video Speed Class 30 (V30)}} */
    public String name() {
        return name;
    }

    /** {@return where the figures come from; empty when not given} */
    public Optional<String> source() {
        return source.isEmpty() ? Optional.empty() : Optional.of(source);
    }

    /**
     * {@return each bounded criterion's bound, in its {@link Criterion#unit()}: bytes per second
     * for sequential throughput, I/Os per second for IOPS, nanoseconds for latency; in
     * {@link Criterion} order}
     */
    public Map<Criterion, Double> bounds() {
        return bounds;
    }

    /** {@return the percentile of the latency bound, when there is one} */
    public OptionalDouble latencyPercentile() {
        return Double.isNaN(latencyPercentile) ? OptionalDouble.empty()
                : OptionalDouble.of(latencyPercentile);
    }

    /** {@return whether nothing is bounded} */
    public boolean isEmpty() {
        return bounds.isEmpty();
    }

    /**
     * {@return whether a sequential test ({@link io.github.drivespeed.SequentialPlan}) is needed to
     * check this}
     */
    public boolean needsSequentialTest() {
        return bounds.containsKey(Criterion.SEQUENTIAL_WRITE)
                || bounds.containsKey(Criterion.SEQUENTIAL_READ);
    }

    /**
     * {@return whether a write past the drive's write cache ({@link io.github.drivespeed.SustainedPlan})
     * is needed to check this: a sustained write minimum, as every SD class has}
     */
    public boolean needsSustainedWrite() {
        return bounds.containsKey(Criterion.SUSTAINED_WRITE);
    }

    /** {@return whether random 4 KiB reads are needed to check this} */
    public boolean needsRandomReads() {
        return bounds.containsKey(Criterion.RANDOM_4K_READ_IOPS)
                || bounds.containsKey(Criterion.RANDOM_4K_LATENCY);
    }

    /** {@return whether random 4 KiB writes are needed to check this} */
    public boolean needsRandomWrites() {
        return bounds.containsKey(Criterion.RANDOM_4K_WRITE_IOPS)
                || bounds.containsKey(Criterion.RANDOM_4K_LATENCY);
    }

    /**
     * Checks measured results against every bound (see the class description for which figure
     * each criterion takes).
     *
     * @param measurements the results
     * @return per criterion: passed or failed with the figure, or not judged and why; and the
     *     verdict ({@link RequirementCheck#outcome()})
     */
    public RequirementCheck check(Measurements measurements) {
        Objects.requireNonNull(measurements, "measurements");
        List<RequirementCheck.Result> results = new ArrayList<>();
        for (Map.Entry<Criterion, Double> e : bounds.entrySet()) {
            RequirementCheck.Result r = CriterionJudge.judge(e.getKey(), e.getValue(),
                    latencyPercentile, measurements);
            results.add(CappedFigures.cap(e.getKey(), measurements).map(r::cappedAt).orElse(r));
        }
        return new RequirementCheck(this, results);
    }

    /**
     * Checks a sequential test's report; random-I/O criteria are then not judged (not measured),
     * and a sustained write minimum is judged only where the write pass went past the drive's
     * write cache ({@link Warning#WRITE_CACHE_CLIFF}): a pass that stayed in it is burst only.
     *
     * @param report the report
     * @return the check
     */
    public RequirementCheck check(SpeedReport report) {
        return check(Measurements.of(report));
    }

    /**
     * Parses a requirement from text, for command lines and configuration files: terms joined
     * by commas, each an {@link SdClass} name ({@code V30}, {@code A1}, {@code C10}, {@code U3},
     * ...; see {@link SdClass#parse(String)}) or a bound:
     * <ul>
     *   <li>{@code write=RATE}, {@code read=RATE}: minimum sequential write or read, RATE a
     *       number and one of {@code B/s}, {@code kB/s}, {@code MB/s}, {@code GB/s} (powers of
     *       1000), {@code KiB/s}, {@code MiB/s}, {@code GiB/s} (powers of 1024): {@code 30MB/s};</li>
     *   <li>{@code sustained=RATE}: minimum sustained write, judged only on a write past the
     *       drive's write cache ({@link #minSustainedWrite}): {@code sustained=30MB/s};</li>
     *   <li>{@code randread=N}, {@code randwrite=N}: minimum random 4 KiB IOPS: {@code 1500};</li>
     *   <li>{@code pP=TIME}: maximum random 4 KiB completion latency at percentile P, TIME a
     *       number and one of {@code ns}, {@code us}, {@code ms}, {@code s}: {@code p99=10ms}.</li>
     * </ul>
     * Example: {@code A1,write=20MB/s,p99.9=50ms}.
     *
     * @param text the terms
     * @return the requirement, named after the text
     * @throws IllegalArgumentException naming the term that is not understood
     */
    public static StorageRequirement parse(String text) {
        Objects.requireNonNull(text, "text");
        StorageRequirement result = null;
        for (String raw : text.split(",", -1)) {
            String term = raw.strip();
            if (term.isEmpty()) {
                throw new IllegalArgumentException("empty requirement term in '" + text + "': terms"
                        + " are separated by one comma each, as C10,write=30MB/s");
            }
            boolean sdClass = term.indexOf('=') < 0
                    && !RequirementTerms.isBoundWithAnotherSign(term);
            StorageRequirement r = sdClass ? SdClass.parse(term).requirement()
                    : RequirementTerms.bound(term);
            result = result == null ? r : result.and(r);
        }
        return result;
    }

    private StorageRequirement with(Criterion c, double bound) {
        Map<Criterion, Double> b = new EnumMap<>(Criterion.class);
        b.putAll(bounds);
        b.put(c, bound);
        return new StorageRequirement(name, source, b, latencyPercentile);
    }

    private static double rate(String setting, Throughput t) {
        Objects.requireNonNull(t, setting);
        return positive(setting, t.bytesPerSecond());
    }

    private static double positive(String setting, double value) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(setting + " must be finite and > 0: " + value);
        }
        return value;
    }

    static String percentileText(double p) {
        return p == Math.rint(p) ? String.valueOf((long) p)
                : String.format(Locale.ROOT, "%s", p);
    }

    /** For example {@code V30: sequential write >= 30.0 MB/s (28.6 MiB/s)}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(name).append(':');
        if (bounds.isEmpty()) {
            return sb.append(" nothing required").toString();
        }
        String sep = " ";
        for (Map.Entry<Criterion, Double> e : bounds.entrySet()) {
            sb.append(sep).append(RequirementCheck.Result.describeBound(e.getKey(), e.getValue(),
                    latencyPercentile));
            sep = ", ";
        }
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StorageRequirement r && name.equals(r.name) && source.equals(r.source)
                && bounds.equals(r.bounds)
                && Double.compare(latencyPercentile, r.latencyPercentile) == 0;
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, source, bounds, latencyPercentile);
    }
}
