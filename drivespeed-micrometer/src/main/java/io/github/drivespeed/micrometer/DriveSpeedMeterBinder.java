package io.github.drivespeed.micrometer;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Report;
import io.github.drivespeed.target.BlockDevice;
import io.github.drivespeed.target.TargetInfo;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * A Micrometer {@link MeterBinder} that publishes what a {@link MeasurementSchedule} measured.
 * A scrape reads the last measurement's figures; it never measures. Bind it to any number of
 * registries; start the schedule yourself ({@link MeasurementSchedule#start()}).
 *
 * <p>Meters, in base units, each tagged {@code path} (the directory), {@code device} (the block
 * device under its file system, by its sysfs name, for example {@code sda1}; {@code none} on a
 * file system without one, such as tmpfs) and {@code fs_type} (for example {@code ext4}), both
 * found by {@link DriveSpeed#probe} when the binder is made ({@code unknown} where the directory
 * cannot be examined then). No name is a dotted prefix of another, so hierarchical back ends
 * (JMX, Graphite) keep them apart:
 * <ul>
 *   <li>gauges {@value #SEQUENTIAL_WRITE} and {@value #SEQUENTIAL_READ}, bytes per second: the
 *       medians of the sequential test's runs;</li>
 *   <li>gauge {@value #RANDOM_READ_IOPS}, operations per second: the workload's median
 *       random-read IOPS;</li>
 *   <li>gauge {@value #RANDOM_READ_LATENCY}, seconds, tagged {@code percentile} ({@code 0.5},
 *       {@code 0.99}, {@code 0.999}): the last measurement's exact completion latencies
 *       (fio's clat, {@link PassResult#completionLatency()});</li>
 *   <li>timer {@value #RANDOM_READ_CLAT}: the completion latency (fio's clat) of every timed
 *       random read of every measurement, fed from the report's
 *       {@link PassResult#completionLatency()} histogram, publishing the percentiles above (over
 *       Micrometer's decaying window, as long as the schedule's interval): a summary with
 *       {@code quantile} labels in Prometheus;</li>
 *   <li>timer {@value #RANDOM_READ_BINS}: the same reads, with fio's latency bins as
 *       service-level-objective buckets (2 us to 2 s): a histogram in Prometheus, which
 *       {@code histogram_quantile} reads across a fleet. Two timers, because Micrometer's
 *       Prometheus registry writes a timer with buckets as a histogram and drops its
 *       percentiles;</li>
 *   <li>counter {@value #MEASUREMENTS}, tagged {@code outcome} ({@code success},
 *       {@code flagged}, {@code failure}; see {@link MeasurementOutcome}).</li>
 * </ul>
 * The gauges are NaN before the first measurement, after one that failed, and after one whose
 * figures are flagged as not the drive's: never an old or a wrong figure. Only measurements
 * whose figures are the drive's feed the timers.
 *
 * <p>{@link #ofReports} makes a binder of one finished run instead of a schedule (the
 * {@code drivespeed --prometheus} file is its Prometheus scrape).
 *
 * @since 0.1.0
 */
public final class DriveSpeedMeterBinder implements MeterBinder {

    /** Gauge: median sequential write rate, bytes per second. */
    public static final String SEQUENTIAL_WRITE = "drivespeed.sequential.write.rate";
    /** Gauge: median sequential read rate, bytes per second. */
    public static final String SEQUENTIAL_READ = "drivespeed.sequential.read.rate";
    /** Gauge: median random-read IOPS, operations per second. */
    public static final String RANDOM_READ_IOPS = "drivespeed.random.read.iops";
    /**
     * Gauges: the last measurement's random-read completion latency (fio's clat), seconds, by
     * percentile.
     */
    public static final String RANDOM_READ_LATENCY = "drivespeed.random.read.latency";
    /** Timer: every timed random read's completion latency (fio's clat), with percentiles. */
    public static final String RANDOM_READ_CLAT = "drivespeed.random.read.clat";
    /**
     * Timer: every timed random read's completion latency (fio's clat), in fio's latency bins.
     *
     * @since 0.1.0
     */
    public static final String RANDOM_READ_BINS = "drivespeed.random.read.bins";
    /** Counter: measurements by outcome. */
    public static final String MEASUREMENTS = "drivespeed.measurements";
    /** Every meter name above. */
    public static final List<String> METER_NAMES = List.of(SEQUENTIAL_WRITE, SEQUENTIAL_READ,
            RANDOM_READ_IOPS, RANDOM_READ_LATENCY, RANDOM_READ_CLAT, RANDOM_READ_BINS, MEASUREMENTS);
    /** The percentiles published, as fractions (the {@code percentile} tag of the gauge). */
    static final List<Double> PERCENTILES = List.of(0.5, 0.99, 0.999);

    private static final String UNKNOWN = "unknown";

    /** The schedule listened to, or null for one finished run's binder. */
    private final MeasurementSchedule schedule;
    /** The last measurement's figures, empty before the first and after one that failed. */
    private final Supplier<Optional<Figures>> latest;
    private final Tags tags;
    /** The timers' decaying window; null for Micrometer's default. */
    private final Duration expiry;
    private final AtomicBoolean listening = new AtomicBoolean();
    private final List<Timer> timers = new CopyOnWriteArrayList<>();
    private final Map<MeasurementOutcome, List<Counter>> counters =
            new EnumMap<>(MeasurementOutcome.class);

    /**
     * A binder of {@code schedule}'s measurements; probes the directory for the tags.
     *
     * @param schedule the measurements to publish
     */
    public DriveSpeedMeterBinder(MeasurementSchedule schedule) {
        this(Objects.requireNonNull(schedule, "schedule"),
                () -> schedule.latest().map(Figures::of), tagsOf(schedule),
                schedule.interval());
    }

    private DriveSpeedMeterBinder(MeasurementSchedule schedule,
            Supplier<Optional<Figures>> latest, Tags tags, Duration expiry) {
        this.schedule = schedule;
        this.latest = latest;
        this.tags = tags;
        this.expiry = expiry;
        for (MeasurementOutcome o : MeasurementOutcome.values()) {
            counters.put(o, new CopyOnWriteArrayList<>());
        }
    }

    /**
     * A binder of one finished run, as the {@code drivespeed} command's {@code --prometheus} file
     * publishes it: the same meters, names, units and tags as a schedule's binder after one
     * measurement. The sequential gauges show the first
     * {@link io.github.drivespeed.report.SpeedReport} given; the random-read meters the read pass
     * of the first {@link io.github.drivespeed.report.WorkloadReport} whose offsets were random;
     * a meter no report feeds is NaN (or empty, for the timers). {@link #bindTo} counts the run once in
     * {@value #MEASUREMENTS}: {@code success} when every report's verdict is
     * {@link io.github.drivespeed.report.Verdict.Outcome#MEASURED}, {@code flagged} otherwise (the
     * gauges are then NaN and the timers empty, as for a flagged scheduled measurement). The
     * tags come from the first report's target that is a directory ({@code path} its real path);
     * for a block device, {@code path} is the device node and {@code device} and {@code fs_type}
     * are {@code unknown}.
     *
     * @param reports a run's reports, in the order run; at least one
     * @return the binder
     * @throws IllegalArgumentException if {@code reports} is empty
     * @since 0.1.0
     */
    public static DriveSpeedMeterBinder ofReports(List<? extends Report> reports) {
        if (reports.isEmpty()) {
            throw new IllegalArgumentException("reports must not be empty: " + reports);
        }
        Optional<Figures> figures = Optional.of(Figures.of(List.copyOf(reports)));
        Tags tags = reports.stream().map(Report::target)
                .filter(TargetInfo.class::isInstance).map(TargetInfo.class::cast).findFirst()
                .map(DriveSpeedMeterBinder::tagsOf)
                .orElseGet(() -> tagsOf(reports.get(0).target().path(), UNKNOWN, UNKNOWN));
        return new DriveSpeedMeterBinder(null, () -> figures, tags, null);
    }

    /** {@return the tags every meter carries: {@code path}, {@code device}, {@code fs_type}} */
    public Tags tags() {
        return tags;
    }

    /**
     * Registers the meters with {@code registry}; the first call also starts listening to the
     * schedule.
     *
     * @param registry where to publish
     */
    @Override
    public void bindTo(MeterRegistry registry) {
        List<Timer> bound = List.of(timer(RANDOM_READ_CLAT, "completion latency of every"
                + " timed random read").publishPercentiles(PERCENTILES.stream()
                        .mapToDouble(Double::doubleValue).toArray()).register(registry),
                timer(RANDOM_READ_BINS, "completion latency of every timed random read,"
                + " in fio's latency bins").serviceLevelObjectives(
                        LatencyHistogram.FIO_BIN_EDGES.toArray(new Duration[0]))
                        .register(registry));
        gauge(registry, SEQUENTIAL_WRITE, tags, "bytes.per.second",
                "median sequential write rate", f -> f.sequential()
                        .map(s -> s.write().median().bytesPerSecond()).orElse(Double.NaN));
        gauge(registry, SEQUENTIAL_READ, tags, "bytes.per.second", "median sequential read rate",
                f -> f.sequential().map(s -> s.read().median().bytesPerSecond())
                        .orElse(Double.NaN));
        gauge(registry, RANDOM_READ_IOPS, tags, "operations.per.second", "median random-read IOPS",
                f -> f.randomReads().map(PassResult::medianIops).orElse(Double.NaN));
        for (double p : PERCENTILES) {
            gauge(registry, RANDOM_READ_LATENCY, tags.and("percentile", Double.toString(p)),
                    "seconds", "last measurement's random-read completion latency",
                    f -> f.randomReads().map(r -> LatencyHistogram.percentileSeconds(
                            r.completionLatency(), p)).orElse(Double.NaN));
        }
        Map<MeasurementOutcome, Counter> bindCounters = new EnumMap<>(MeasurementOutcome.class);
        for (MeasurementOutcome o : MeasurementOutcome.values()) {
            bindCounters.put(o, Counter.builder(MEASUREMENTS).tags(tags)
                    .tag("outcome", o.tagValue()).description("drivespeed measurements")
                    .register(registry));
        }
        if (schedule == null) {
            // one finished run: recorded into this registry's meters now, once
            latest.get().ifPresent(f -> record(f, bound, List.of(bindCounters.get(f.outcome()))));
            return;
        }
        timers.addAll(bound);
        bindCounters.forEach((o, c) -> counters.get(o).add(c));
        if (listening.compareAndSet(false, true)) {
            schedule.addListener(new Recorder());
        }
    }

    private Timer.Builder timer(String name, String description) {
        Timer.Builder b = Timer.builder(name).tags(tags).description(description);
        return expiry == null ? b : b.distributionStatisticExpiry(expiry);
    }

    /** Feeds the drive's own latencies into the timers and counts the outcome. */
    private static void record(Figures f, List<Timer> into, List<Counter> outcome) {
        if (f.outcome() == MeasurementOutcome.SUCCESS) {
            f.randomReads().ifPresent(r -> into.forEach(
                    t -> LatencyHistogram.recordEachIo(r.completionLatency(), t)));
        }
        outcome.forEach(Counter::increment);
    }

    private void gauge(MeterRegistry registry, String name, Tags meterTags, String unit,
            String description, ToDoubleFunction<Figures> figure) {
        Gauge.builder(name, latest, l -> l.get()
                        .filter(f -> f.outcome() == MeasurementOutcome.SUCCESS)
                        .map(figure::applyAsDouble).orElse(Double.NaN))
                .tags(meterTags).baseUnit(unit).description(description).strongReference(true)
                .register(registry);
    }

    private static Tags tagsOf(MeasurementSchedule schedule) {
        try {
            TargetInfo target = DriveSpeed.probe(schedule.target());
            return tagsOf(schedule.target(), deviceOf(target), target.fileSystemType());
        } catch (IOException | RuntimeException e) {
            // the directory is not there (yet) or cannot be examined: the measurements will say
            return tagsOf(schedule.target(), UNKNOWN, UNKNOWN);
        }
    }

    private static Tags tagsOf(TargetInfo target) {
        return tagsOf(target.directory(), deviceOf(target), target.fileSystemType());
    }

    private static String deviceOf(TargetInfo target) {
        return target.blockDevice().map(BlockDevice::sysfsName).orElse("none");
    }

    private static Tags tagsOf(Path path, String device, String fsType) {
        return Tags.of("path", path.toString(), "device", device, "fs_type", fsType);
    }

    /** Counts each outcome and feeds the drive's own latencies into the timers. */
    private final class Recorder implements MeasurementListener {
        @Override
        public void measured(Measurement m) {
            Figures f = Figures.of(m);
            record(f, timers, counters.get(f.outcome()));
        }

        @Override
        public void failed(Exception failure) {
            counters.get(MeasurementOutcome.FAILURE).forEach(Counter::increment);
        }
    }
}
