package io.github.drivespeed.micrometer;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.target.BlockDevice;
import io.github.drivespeed.target.TargetInfo;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.io.IOException;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
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
 *       {@link PassResult#completionLatency()} histogram, with the percentiles above (over Micrometer's
 *       decaying window, as long as the schedule's interval) and fio's latency bins as
 *       service-level-objective buckets (2 us to 2 s);</li>
 *   <li>counter {@value #MEASUREMENTS}, tagged {@code outcome} ({@code success},
 *       {@code flagged}, {@code failure}; see {@link MeasurementOutcome}).</li>
 * </ul>
 * The gauges are NaN before the first measurement, after one that failed, and after one whose
 * figures are flagged as not the drive's: never an old or a wrong figure. Only measurements
 * whose figures are the drive's feed the timer.
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
    /** Timer: every timed random read's completion latency (fio's clat). */
    public static final String RANDOM_READ_CLAT = "drivespeed.random.read.clat";
    /** Counter: measurements by outcome. */
    public static final String MEASUREMENTS = "drivespeed.measurements";
    /** Every meter name above. */
    public static final List<String> METER_NAMES = List.of(SEQUENTIAL_WRITE, SEQUENTIAL_READ,
            RANDOM_READ_IOPS, RANDOM_READ_LATENCY, RANDOM_READ_CLAT, MEASUREMENTS);
    /** The percentiles published, as fractions (the {@code percentile} tag of the gauge). */
    private static final List<Double> PERCENTILES = List.of(0.5, 0.99, 0.999);

    private static final String UNKNOWN = "unknown";

    private final MeasurementSchedule schedule;
    private final Tags tags;
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
        this.schedule = Objects.requireNonNull(schedule, "schedule");
        this.tags = tagsOf(schedule);
        for (MeasurementOutcome o : MeasurementOutcome.values()) {
            counters.put(o, new CopyOnWriteArrayList<>());
        }
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
        gauge(registry, SEQUENTIAL_WRITE, tags, "bytes.per.second",
                "median sequential write rate",
                m -> m.sequential().write().median().bytesPerSecond());
        gauge(registry, SEQUENTIAL_READ, tags, "bytes.per.second", "median sequential read rate",
                m -> m.sequential().read().median().bytesPerSecond());
        gauge(registry, RANDOM_READ_IOPS, tags, "operations.per.second", "median random-read IOPS",
                m -> m.randomReads().map(PassResult::medianIops).orElse(Double.NaN));
        for (double p : PERCENTILES) {
            gauge(registry, RANDOM_READ_LATENCY, tags.and("percentile", Double.toString(p)),
                    "seconds", "last measurement's random-read completion latency",
                    m -> m.randomReads().map(r -> LatencyHistogram.percentileSeconds(
                            r.completionLatency(), p)).orElse(Double.NaN));
        }
        timers.add(Timer.builder(RANDOM_READ_CLAT).tags(tags)
                .description("completion latency of every timed random read")
                .publishPercentiles(PERCENTILES.stream().mapToDouble(Double::doubleValue)
                        .toArray())
                .serviceLevelObjectives(LatencyHistogram.FIO_BIN_EDGES.toArray(new Duration[0]))
                .distributionStatisticExpiry(schedule.interval())
                .register(registry));
        for (MeasurementOutcome o : MeasurementOutcome.values()) {
            counters.get(o).add(Counter.builder(MEASUREMENTS).tags(tags)
                    .tag("outcome", o.tagValue()).description("drivespeed measurements")
                    .register(registry));
        }
        if (listening.compareAndSet(false, true)) {
            schedule.addListener(new Recorder());
        }
    }

    private void gauge(MeterRegistry registry, String name, Tags meterTags, String unit,
            String description, ToDoubleFunction<Measurement> figure) {
        Gauge.builder(name, schedule, s -> s.latest()
                        .filter(m -> m.outcome() == MeasurementOutcome.SUCCESS)
                        .map(figure::applyAsDouble).orElse(Double.NaN))
                .tags(meterTags).baseUnit(unit).description(description).strongReference(true)
                .register(registry);
    }

    private static Tags tagsOf(MeasurementSchedule schedule) {
        String device = UNKNOWN;
        String fsType = UNKNOWN;
        try {
            TargetInfo target = DriveSpeed.probe(schedule.target());
            device = target.blockDevice().map(BlockDevice::sysfsName).orElse("none");
            fsType = target.fileSystemType();
        } catch (IOException | RuntimeException e) {
            // the directory is not there (yet) or cannot be examined: the measurements will say
        }
        return Tags.of("path", schedule.target().toString(), "device", device,
                "fs_type", fsType);
    }

    /** Counts each outcome and feeds the drive's own latencies into the timers. */
    private final class Recorder implements MeasurementListener {
        @Override
        public void measured(Measurement m) {
            MeasurementOutcome outcome = m.outcome();
            if (outcome == MeasurementOutcome.SUCCESS) {
                m.randomReads().ifPresent(r -> timers.forEach(
                        t -> LatencyHistogram.recordEachIo(r.completionLatency(), t)));
            }
            counters.get(outcome).forEach(Counter::increment);
        }

        @Override
        public void failed(Exception failure) {
            counters.get(MeasurementOutcome.FAILURE).forEach(Counter::increment);
        }
    }
}
