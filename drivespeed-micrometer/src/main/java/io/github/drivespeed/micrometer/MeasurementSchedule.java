package io.github.drivespeed.micrometer;

import io.github.drivespeed.SequentialPlan;
import io.github.drivespeed.WorkloadPlan;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.WorkloadReport;
import java.io.IOException;
import java.nio.file.Path;
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
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Measures one directory's drive on a schedule: a sequential test, then a random-read workload,
 * on a daemon thread of its own ({@code drivespeed-measurement}), first {@code initialDelay}
 * after {@link #start()}, then {@code interval} after the end of each measurement. Meters and
 * health checks never measure: they read {@link #latest()}, the last
 * measurement, which is empty before the first one ends and after one that failed (no figure is
 * better than an old one). {@link #close()} stops the schedule; a measurement under way is
 * interrupted and removes its file.
 *
 * <p>An application with a scheduler of its own (Spring's {@code TaskScheduler}, as
 * drivespeed-spring-boot-starter uses) runs {@link #measureOnce()} on it in place of
 * {@link #start()}: the schedule then starts no thread.
 *
 * <pre>{@code
 * MeasurementSchedule schedule = new MeasurementSchedule(
 *         DriveSpeed.on(dataDir).blockSize("1M").count(64).runs(1),
 *         DriveSpeed.workload(dataDir).preset(Preset.RND4K_Q1T1).size("64M")
 *                 .duration(Duration.ofSeconds(2)),
 *         Duration.ofMinutes(1), Duration.ofHours(1));
 * new DriveSpeedMeterBinder(schedule).bindTo(registry);
 * schedule.start();              // close() stops it
 * }</pre>
 *
 * <p>The workload plan should read (its default): the meters describe its read direction.
 *
 * @since 0.1.0
 */
public final class MeasurementSchedule implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(MeasurementSchedule.class);

    private final SequentialPlan sequential;
    private final WorkloadPlan workload;
    private final Duration initialDelay;
    private final Duration interval;
    private final ScheduledExecutorService scheduler;
    private final AtomicBoolean started = new AtomicBoolean();
    private final ReentrantLock measuring = new ReentrantLock();
    private volatile boolean closed;
    private final AtomicReference<Measurement> latest = new AtomicReference<>();
    private final AtomicReference<Exception> lastFailure = new AtomicReference<>();
    private final List<MeasurementListener> listeners = new CopyOnWriteArrayList<>();

    /**
     * A schedule of a sequential test and a random-read workload in one directory; nothing runs
     * until {@link #start()}.
     *
     * @param sequential the sequential test, in the directory to watch
     * @param workload the random-read workload, in the same directory
     * @param initialDelay from {@link #start()} to the first measurement, {@code >= 0}
     * @param interval from the end of one measurement to the start of the next, {@code > 0}
     * @throws IllegalArgumentException if the two plans name different directories, or a
     *     duration is out of range (the message names it and its value)
     */
    public MeasurementSchedule(SequentialPlan sequential, WorkloadPlan workload,
            Duration initialDelay, Duration interval) {
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
        this.scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "drivespeed-measurement");
            t.setDaemon(true);
            return t;
        });
    }

    /** {@return the directory measured} */
    public Path target() {
        return sequential.target();
    }

    /** {@return the time from the end of one measurement to the start of the next} */
    public Duration interval() {
        return interval;
    }

    /**
     * Tells {@code listener} of every measurement that ends from now on.
     *
     * @param listener called on the measuring thread
     */
    public void addListener(MeasurementListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** Starts the schedule; later calls do nothing. */
    public void start() {
        if (started.compareAndSet(false, true)) {
            scheduler.scheduleWithFixedDelay(this::measureOnce, initialDelay.toNanos(),
                    interval.toNanos(), TimeUnit.NANOSECONDS);
        }
    }

    /**
     * {@return the last measurement that ran to its end (whatever its outcome), empty before the
     * first and after one that failed}
     */
    public Optional<Measurement> latest() {
        return Optional.ofNullable(latest.get());
    }

    /** {@return why the last measurement failed, empty when it did not or none has ended} */
    public Optional<Exception> lastFailure() {
        return Optional.ofNullable(lastFailure.get());
    }

    /** {@return the time from {@link #start()} to the first measurement} */
    public Duration initialDelay() {
        return initialDelay;
    }

    /**
     * Measures once, now, on the calling thread, and keeps the result as {@link #latest()} (or its
     * failure as {@link #lastFailure()}) and tells the listeners, as each measurement of
     * {@link #start()}'s thread does: for a scheduler of the application's own, run with a fixed
     * delay of {@link #interval()} after {@link #initialDelay()}. Two measurements of the
     * directory never overlap (a call waits for one under way); after {@link #close()} a call
     * does nothing. An interrupt stops the measurement, which removes its file.
     */
    public void measureOnce() {
        measuring.lock();
        try {
            if (!closed) {
                measure();
            }
        } finally {
            measuring.unlock();
        }
    }

    /**
     * Stops the schedule, interrupting a measurement under way on its own thread (it removes its
     * file), and waits up to 30 s for it to end; a {@link #measureOnce()} under way on another
     * thread, which its scheduler interrupts, is waited for as well.
     */
    @Override
    public void close() {
        closed = true;
        scheduler.shutdownNow();
        try {
            if (!scheduler.awaitTermination(30, TimeUnit.SECONDS)
                    || !measuring.tryLock(30, TimeUnit.SECONDS)) {
                LOG.warn("the drivespeed measurement of {} did not stop within 30 s", target());
                return;
            }
            measuring.unlock();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void measure() {
        Measurement m;
        try {
            SpeedReport s = sequential.run();
            WorkloadReport w = workload.run();
            m = new Measurement(Instant.now(), s, w);
        } catch (IOException | RuntimeException e) {
            latest.set(null);
            lastFailure.set(e);
            LOG.warn("measuring {} failed: {}", target(), e.toString());
            tell(l -> l.failed(e));
            return;
        }
        lastFailure.set(null);
        latest.set(m);
        tell(l -> l.measured(m));
    }

    private void tell(Consumer<MeasurementListener> call) {
        for (MeasurementListener l : listeners) {
            try {
                call.accept(l);
            } catch (RuntimeException e) {
                LOG.warn("a listener of the drivespeed measurement of {} failed", target(), e);
            }
        }
    }
}
