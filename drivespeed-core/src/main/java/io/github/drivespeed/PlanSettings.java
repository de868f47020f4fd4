package io.github.drivespeed;

import io.github.drivespeed.parameters.Parameters;
import io.github.drivespeed.spi.IoBackend;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The settings of a plan while a setter changes them: a mutable bag of fields, one per setting,
 * that every plan keeps its own subclass of ({@code SequentialSettings}, ...). A plan holds one
 * and never changes it; a setter changes a copy ({@link #changedCopy(Consumer)}) and builds a new
 * plan from it, whose constructor builds and checks its parameters record
 * ({@link #parameters()}). This class holds what every plan has, {@link BlockSettings} adds the
 * block size. Never shared, never public.
 *
 * <p>Every field holds an immutable value (or null for "not chosen"), so the copy, made by
 * {@link Object#clone()}, is a full one and takes every field a subclass adds without being told.
 *
 * @param <L> the plan's listener type
 * @param <P> the plan's parameters record
 */
abstract class PlanSettings<L, P extends Parameters> implements Cloneable {

    /** The backend chosen, or null for the best one found. */
    IoBackend backend;
    /** Told about the run's progress; never null. */
    L listener;

    PlanSettings(L listener) {
        this.listener = Objects.requireNonNull(listener, "listener");
    }

    /**
     * @return the parameters record these settings describe, checked by its constructor
     * @throws IllegalArgumentException naming the setting and the value, if one is not valid
     */
    abstract P parameters();

    /**
     * A copy of these settings, changed.
     *
     * @param <S> these settings' own class (or a superclass of it)
     * @param change what to change
     * @return the changed copy; these settings are left as they were
     */
    @SuppressWarnings("unchecked") // clone() returns an object of this very class
    final <S extends PlanSettings<L, P>> S changedCopy(Consumer<? super S> change) {
        S copy;
        try {
            copy = (S) clone();
        } catch (CloneNotSupportedException e) {
            throw new AssertionError("PlanSettings is Cloneable", e);
        }
        change.accept(copy);
        return copy;
    }
}
