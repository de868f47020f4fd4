package io.github.drivespeed.internal.measure;

import io.github.drivespeed.internal.preflight.DeviceTarget;
import io.github.drivespeed.internal.preflight.Preflight;
import io.github.drivespeed.spi.IoBackend;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The template every kind of measurement fills in: {@link #run()} reads the clock, examines the
 * target and chooses the backend (preflight: nothing is opened for writing), hands the examined
 * target to the kind's {@link #check checks} of its settings against it (still before any I/O),
 * and runs the passes those checks return, which end in the kind's report. The order is held
 * here, once: no kind can write before it has checked.
 *
 * <p>A new kind is a class that extends this one: its constructor names the target, the
 * backend and how the target is examined ({@link Preflight#examine} for a directory,
 * {@link DeviceTarget#examine} for a block device); its {@link #check} refuses what does not
 * suit the target and returns its passes, usually a method reference or a lambda over what the
 * checks settled.
 *
 * @param <T> the examined target, {@link Preflight.Target} or {@link DeviceTarget}
 * @param <R> the report
 */
public abstract class Measurement<T, R> {

    /**
     * How a kind's target is examined and its backend chosen.
     *
     * @param <T> the examined target
     */
    @FunctionalInterface
    public interface Examination<T> {
        /**
         * Resolves and checks the target and chooses the backend; changes nothing.
         *
         * @param given the target as the caller gave it
         * @param backend the caller's backend, or empty for the best available
         * @return the examined target
         * @throws IOException if the target is refused or cannot be examined
         */
        T examine(Path given, Optional<IoBackend> backend) throws IOException;
    }

    /**
     * What a kind's checks allow: its passes, which end in its report.
     *
     * @param <R> the report
     */
    @FunctionalInterface
    public interface Checked<R> {
        /**
         * Runs the passes and makes the report.
         *
         * @param started when the measurement started
         * @return the report
         * @throws IOException if a pass failed or was interrupted
         */
        R measure(Started started) throws IOException;
    }

    /**
     * When {@link #run()} was called, before the preflight: the wall clock for the report's
     * start, the monotonic clock for the measurement's own time. (A kind whose report dates only
     * its passes, such as the capacity probe or a workload's jobs, reads the clock again where
     * they start.)
     *
     * @param at the wall-clock time
     * @param nanos {@link System#nanoTime()} at the same moment
     */
    public record Started(Instant at, long nanos) {

        /** {@return the clocks now, the wall clock first} */
        static Started now() {
            return new Started(Instant.now(), System.nanoTime());
        }

        /** {@return nanoseconds since the start, by the monotonic clock} */
        public long elapsedNanos() {
            return System.nanoTime() - nanos;
        }
    }

    private final Path given;
    private final Optional<IoBackend> backend;
    private final Examination<T> examination;

    /**
     * Names what every kind examines first.
     *
     * @param given the directory or device as the caller gave it
     * @param backend the backend to use, or empty for the best available
     * @param examination how the target is examined and the backend chosen
     */
    protected Measurement(Path given, Optional<IoBackend> backend, Examination<T> examination) {
        this.given = Objects.requireNonNull(given, "target");
        this.backend = Objects.requireNonNull(backend, "backend");
        this.examination = Objects.requireNonNull(examination, "examination");
    }

    /**
     * Runs the measurement: clock, the kind's checks that need no target, preflight and backend,
     * the kind's other checks, its passes.
     *
     * @return the report
     * @throws IOException as the plan that made this measurement says
     */
    public final R run() throws IOException {
        Started started = Started.now();
        checkWithoutTarget();
        T target = examination.examine(given, backend);
        return check(target).measure(started);
    }

    /** {@return the directory or device as the caller gave it, for messages} */
    protected final Path given() {
        return given;
    }

    /** {@return the caller's backend, or empty for the best available} */
    protected final Optional<IoBackend> backend() {
        return backend;
    }

    /**
     * The kind's checks that need neither the target nor the backend (the memory its buffers
     * take), before the target is examined: a plan that cannot run anywhere is refused at once,
     * not after the probe of the target and the choice of the backend (seconds on a slow board).
     * None by default.
     */
    protected void checkWithoutTarget() {
    }

    /**
     * The kind's checks of its settings against the examined target and its backend, before any
     * I/O: what cannot run there is refused here, naming the setting and the value.
     *
     * @param target the examined target
     * @return the passes the checks allow, with what they settled
     * @throws IOException if a check needs the target and cannot read it
     */
    protected abstract Checked<R> check(T target) throws IOException;
}
