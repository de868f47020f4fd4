package io.github.drivespeed.examples.metrics;

import io.github.drivespeed.SequentialPlan;
import io.github.drivespeed.WorkloadPlan;
import io.github.drivespeed.report.LatencyBucket;
import io.github.drivespeed.report.LatencyStats;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.WorkloadReport;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.ToDoubleFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Example: a Micrometer {@link MeterBinder} that measures a directory's drive on a schedule and
 * publishes what it found, so that a fleet is watched with the metrics system it already has
 * (Prometheus scraping {@code /actuator/prometheus}, OTLP, ...). It never measures on the request
 * path: one thread of its own runs the plans every {@code interval}; a scrape reads the last
 * figures only.
 *
 * <pre>{@code
 * DriveSpeedMetrics metrics = new DriveSpeedMetrics(
 *         DriveSpeed.on(dataDir).blockSize("1M").count(64).runs(1),
 *         DriveSpeed.workload(dataDir).preset(Preset.RND4K_Q1T1).size("64M")
 *                 .duration(Duration.ofSeconds(2)),
 *         Duration.ofMinutes(1), Duration.ofHours(1));
 * metrics.bindTo(registry);      // starts the schedule; close() stops it
 * }</pre>
 *
 * <p>Meters, each tagged {@code path} (the directory):
 * <ul>
 *   <li>gauges {@code drivespeed.sequential.write} and {@code drivespeed.sequential.read}, base
 *       unit bytes per second: the medians of the sequential test's runs;</li>
 *   <li>gauge {@code drivespeed.random.read}, operations per second: the workload's median
 *       IOPS;</li>
 *   <li>gauges {@code drivespeed.random.read.latency}, seconds, tagged {@code percentile}
 *       ({@code 0.5}, {@code 0.99}, {@code 0.999}): the workload's completion latencies;</li>
 *   <li>distribution summary {@code drivespeed.random.read.clat}, seconds: every timed I/O of
 *       every measurement, fed from the latency buckets the report keeps;</li>
 *   <li>counter {@code drivespeed.measurements}, tagged {@code outcome} ({@code success},
 *       {@code failure}).</li>
 * </ul>
 * Before the first measurement, and after one that failed, the gauges are NaN: no figure is
 * better than a stale or wrong one. The workload plan should read (its default): the gauges
 * describe its read direction.
 */
public final class DriveSpeedMetrics implements MeterBinder, AutoCloseable {

    /** The percentiles published as gauges. */
    public static final List<Double> PERCENTILES = List.of(0.5, 0.99, 0.999);

    private static final Logger LOG = LoggerFactory.getLogger(DriveSpeedMetrics.class);

    /**
     * One scheduled measurement.
     *
     * @param finishedAt when it finished
     * @param sequential the sequential test
     * @param workload the random-read workload
     */
    public record Measurement(Instant finishedAt, SpeedReport sequential, WorkloadReport workload) {
        /**
         * Checks that no part is null.
         *
         * @param finishedAt when it finished
         * @param sequential the sequential test
         * @param workload the random-read workload
         * @throws NullPointerException if any part is null
         */
        public Measurement {
            Objects.requireNonNull(finishedAt, "finishedAt");
            Objects.requireNonNull(sequential, "sequential");
            Objects.requireNonNull(workload, "workload");
        }
    }

    private final SequentialPlan sequential;
    private final WorkloadPlan workload;
    private final Duration initialDelay;
    private final Duration interval;
    private final Consumer<Measurement> listener;
    private final ScheduledExecutorService scheduler;
    private final AtomicBoolean started = new AtomicBoolean();
    private final AtomicReference<Measurement> latest = new AtomicReference<>();
    private final List<DistributionSummary> latencySummaries = new CopyOnWriteArrayList<>();
    private final List<Counter> successes = new CopyOnWriteArrayList<>();
    private final List<Counter> failures = new CopyOnWriteArrayList<>();

    /**
     * Metrics of a sequential test and a random-read workload, measured every {@code interval}.
     *
     * @param sequential the sequential test to run, in the directory to watch
     * @param workload the random-read workload to run, in the same directory
     * @param initialDelay from {@link #bindTo} to the first measurement, {@code >= 0}
     * @param interval between the end of one measurement and the start of the next, {@code > 0}
     * @throws IllegalArgumentException if the two plans name different directories, or a duration
     *     is out of range
     */
    public DriveSpeedMetrics(SequentialPlan sequential, WorkloadPlan workload,
            Duration initialDelay, Duration interval) {
        this(sequential, workload, initialDelay, interval, m -> { });
    }

    /**
     * Metrics of a sequential test and a random-read workload, measured every {@code interval},
     * each measurement told to {@code listener}.
     *
     * @param sequential the sequential test to run, in the directory to watch
     * @param workload the random-read workload to run, in the same directory
     * @param initialDelay from {@link #bindTo} to the first measurement, {@code >= 0}
     * @param interval between the end of one measurement and the start of the next, {@code > 0}
     * @param listener told of each measurement, on the measuring thread (to log it, or ship its
     *     JSON to a log pipeline)
     * @throws IllegalArgumentException if the two plans name different directories, or a duration
     *     is out of range
     */
    public DriveSpeedMetrics(SequentialPlan sequential, WorkloadPlan workload,
            Duration initialDelay, Duration interval, Consumer<Measurement> listener) {
        this.sequential = Objects.requireNonNull(sequential, "sequential");
        this.workload = Objects.requireNonNull(workload, "workload");
        if (!sequential.target().equals(workload.target())) {
            throw new IllegalArgumentException("the two plans must measure one directory: "
                    + sequential.target() + ", " + workload.target());
        }
        if (initialDelay.isNegative()) {
            throw new IllegalArgumentException("initialDelay must be >= 0: " + initialDelay);
        }
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("interval must be > 0: " + interval);
        }
        this.initialDelay = initialDelay;
        this.interval = interval;
        this.listener = Objects.requireNonNull(listener, "listener");
        this.scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "drivespeed-metrics");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Registers the meters with {@code registry} and, on the first call, starts the schedule.
     *
     * @param registry where to publish
     */
    @Override
    public void bindTo(MeterRegistry registry) {
        Tags tags = Tags.of("path", sequential.target().toString());
        gauge(registry, "drivespeed.sequential.write", tags, "bytes.per.second",
                "median sequential write rate", m -> m.sequential().write().median()
                        .bytesPerSecond());
        gauge(registry, "drivespeed.sequential.read", tags, "bytes.per.second",
                "median sequential read rate", m -> m.sequential().read().median()
                        .bytesPerSecond());
        gauge(registry, "drivespeed.random.read", tags, "operations.per.second",
                "median random-read IOPS", m -> reads(m).map(PassResult::medianIops)
                        .orElse(Double.NaN));
        for (double p : PERCENTILES) {
            gauge(registry, "drivespeed.random.read.latency", tags.and("percentile",
                    Double.toString(p)), "seconds", "random-read completion latency",
                    m -> reads(m).map(r -> seconds(r.latency().percentileNanos(100 * p)))
                            .orElse(Double.NaN));
        }
        latencySummaries.add(DistributionSummary.builder("drivespeed.random.read.clat")
                .tags(tags).baseUnit("seconds")
                .description("completion latency of every timed random read")
                .register(registry));
        successes.add(Counter.builder("drivespeed.measurements").tags(tags)
                .tag("outcome", "success").register(registry));
        failures.add(Counter.builder("drivespeed.measurements").tags(tags)
                .tag("outcome", "failure").register(registry));
        if (started.compareAndSet(false, true)) {
            scheduler.scheduleWithFixedDelay(this::measure, initialDelay.toNanos(),
                    interval.toNanos(), TimeUnit.NANOSECONDS);
        }
    }

    /** {@return the last measurement, empty before the first and after one that failed} */
    public Optional<Measurement> latest() {
        return Optional.ofNullable(latest.get());
    }

    /** Stops the schedule, interrupting a measurement under way (it cleans up after itself). */
    @Override
    public void close() {
        scheduler.shutdownNow();
        try {
            if (!scheduler.awaitTermination(30, TimeUnit.SECONDS)) {
                LOG.warn("the drivespeed measurement of {} did not stop within 30 s",
                        sequential.target());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void measure() {
        try {
            SpeedReport s = sequential.run();
            WorkloadReport w = workload.run();
            Measurement m = new Measurement(Instant.now(), s, w);
            reads(m).ifPresent(r -> record(r.latency()));
            latest.set(m);
            successes.forEach(Counter::increment);
            listener.accept(m);
        } catch (IOException | RuntimeException e) {
            latest.set(null);
            failures.forEach(Counter::increment);
            LOG.warn("measuring {} failed: {}", sequential.target(), e.toString());
        }
    }

    /** Feeds every timed I/O into the summaries: each histogram bucket, as often as it counts. */
    private void record(LatencyStats latency) {
        for (LatencyBucket b : latency.buckets()) {
            double s = seconds(b.highestNanos());
            for (long i = 0; i < b.count(); i++) {
                latencySummaries.forEach(summary -> summary.record(s));
            }
        }
    }

    private void gauge(MeterRegistry registry, String name, Tags tags, String unit,
            String description, ToDoubleFunction<Measurement> figure) {
        Gauge.builder(name, this, self -> self.latest().map(figure::applyAsDouble)
                        .orElse(Double.NaN))
                .tags(tags).baseUnit(unit).description(description).strongReference(true)
                .register(registry);
    }

    private static Optional<PassResult> reads(Measurement m) {
        return m.workload().read();
    }

    private static double seconds(long nanos) {
        return nanos < 0 ? Double.NaN : nanos / 1e9;
    }
}
