package io.github.drivespeed;

import io.github.drivespeed.internal.preflight.BackendSelector;
import io.github.drivespeed.parameters.Parameters;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.progress.WorkloadListener;
import io.github.drivespeed.spi.IoBackend;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * What every plan has, set the same way on each: the target it runs on, the I/O backend and the
 * listener. A plan is immutable: every setter returns a new plan of the same class and leaves this
 * one unchanged, so a plan can be shared between threads, reused and run again. Setters check
 * their argument at once and throw {@link IllegalArgumentException} naming the setting and the
 * value; checks that need the target run in the plan's {@code run()} before anything is written.
 *
 * <p>{@link BlockPlan} adds the block size, which every plan but {@link CapacityPlan} and
 * {@link CapacityProbePlan} has; each
 * plan adds its own settings.
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
    private final PlanSettings<L, P> settings;
    private final P parameters;

    /**
     * @param target the directory or device, as given
     * @param settings the plan's settings, never to be changed again
     * @throws IllegalArgumentException if the settings are not valid, naming one that is not
     */
    Plan(Path target, PlanSettings<L, P> settings) {
        this.target = Objects.requireNonNull(target, "target");
        this.settings = settings;
        this.parameters = settings.parameters();
    }

    /**
     * @param <S> the plan's own settings class
     * @return this plan's settings, which nobody changes (setters change a copy)
     */
    @SuppressWarnings("unchecked") // each plan is built with settings of its own class only
    final <S extends PlanSettings<L, P>> S settings() {
        return (S) settings;
    }

    /**
     * @param changed a changed copy of {@link #settings()}, of the same class
     * @return a plan like this one with those settings
     * @throws IllegalArgumentException if the settings are not valid, naming one that is not
     */
    abstract SELF withSettings(PlanSettings<L, P> changed);

    /**
     * @param change what to change in a copy of the settings every plan has
     * @return a plan like this one with that change
     */
    final SELF withShared(Consumer<? super PlanSettings<L, P>> change) {
        return withSettings(settings.changedCopy(change));
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
        return withShared(s -> s.backend = backend);
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
        Objects.requireNonNull(listener, "listener");
        return withShared(s -> s.listener = listener);
    }
}
