package io.github.drivespeed;

import io.github.drivespeed.internal.preflight.BackendSelector;
import io.github.drivespeed.parameters.Parameters;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.progress.WorkloadListener;
import io.github.drivespeed.spi.IoBackend;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * What every plan has, set the same way on each: the target it runs on, the I/O backend and the
 * listener. A plan is immutable: every setter returns a new plan of the same class and leaves this
 * one unchanged, so a plan can be shared between threads, reused and run again. Setters check
 * their argument at once and throw {@link IllegalArgumentException} naming the setting and the
 * value; checks that need the target run in the plan's {@code run()} before anything is written.
 *
 * <p>{@link BlockPlan} adds the block size, which every plan but {@link CapacityPlan} and
 * {@link CapacityProbePlan} has; each plan adds its own settings. A plan holds its settings as
 * its parameters record ({@link #parameters()}), which owns each setting's default and check;
 * a setter changes a copy of the record with one of its {@code withX} methods. Beside it a plan
 * holds only what its report does not record as a setting: the backend, the listener and a
 * confirmation such as {@code allowWritesTo}.
 *
 * @param <SELF> the plan's own class, which every setter returns
 * @param <L> the listener the plan tells about its progress: {@link ProgressListener}, or
 *     {@link WorkloadListener} for a {@link WorkloadPlan}
 * @param <P> the plan's settings as a record, as its report will record them
 * @since 0.1.0
 */
public abstract sealed class Plan<SELF extends Plan<SELF, L, P>, L, P extends Parameters>
        permits BlockPlan, CapacityPlan, CapacityProbePlan {

    private final Path target;
    private final IoBackend backend;
    private final L listener;
    private final P parameters;

    /**
     * @param target the directory or device, as given
     * @param backend the backend chosen, or null for the best one found
     * @param listener told about the run's progress
     * @param parameters the plan's settings, checked by their record
     */
    Plan(Path target, IoBackend backend, L listener, P parameters) {
        this.target = Objects.requireNonNull(target, "target");
        this.backend = backend;
        this.listener = Objects.requireNonNull(listener, "listener");
        this.parameters = Objects.requireNonNull(parameters, "parameters");
    }

    /**
     * @param chosen the backend, or null for the best one found
     * @param told the listener
     * @param changed the settings
     * @return a plan like this one (what else it holds kept) with those
     */
    abstract SELF with(IoBackend chosen, L told, P changed);

    /**
     * @param changed this plan's settings, changed by a wither of their record
     * @return a plan like this one with those settings
     */
    final SELF withParameters(P changed) {
        return with(backend, listener, changed);
    }

    /** {@return the backend chosen, or empty for the best one found} */
    final Optional<IoBackend> chosenBackend() {
        return Optional.ofNullable(backend);
    }

    /** {@return the listener told about the run's progress} */
    final L progressListener() {
        return listener;
    }

    /** {@return the directory or block device this plan runs on, as given} */
    public final Path target() {
        return target;
    }

    /**
     * {@return the settings of this plan as the record its report will carry
     * ({@link io.github.drivespeed.report.Report#parameters()}), checked}
     */
    public final P parameters() {
        return parameters;
    }

    /**
     * Use this I/O backend instead of the best one found on the class path. An explicit choice is
     * never replaced by another backend, and the report names it
     * ({@link io.github.drivespeed.report.Report#backend()}).
     *
     * @param backend the backend, for example one of drivespeed-test's, or
     *     {@link DriveSpeed#backend(String)}
     * @return a new plan
     * @throws IllegalArgumentException if the backend reports itself unavailable here, with its
     *     reason
     * @throws NullPointerException if {@code backend} is null
     */
    public final SELF backend(IoBackend backend) {
        BackendSelector.explicit(backend);
        return with(backend, listener, parameters);
    }

    /**
     * Use the I/O backend with this name: {@code java} (the pure-Java backend, always there) or
     * {@code native} (with drivespeed-native on the class path), instead of the best one found.
     *
     * @param name the backend's {@link IoBackend#name() name}
     * @return a new plan
     * @throws IllegalArgumentException if no backend has that name (the message lists those
     *     that exist), or if it is unavailable here (the message says why)
     * @throws NullPointerException if {@code name} is null
     */
    public final SELF backend(String name) {
        return backend(BackendSelector.named(name));
    }

    /**
     * Receive progress while the plan runs, on the measuring thread. A {@link ProgressListener}
     * is told when each pass starts, after each block and when each pass ends (what counts as a
     * pass for each plan is said in its {@code run()}); a {@link WorkloadListener} when the
     * writing of the test file and each measured run start and end, with a byte count to poll,
     * never per I/O. By default nobody is told.
     *
     * @param listener the listener, or its {@code NONE} to tell nobody
     * @return a new plan
     * @throws NullPointerException if {@code listener} is null
     */
    public final SELF listener(L listener) {
        return with(backend, Objects.requireNonNull(listener, "listener"), parameters);
    }
}
