package io.github.drivespeed.cli.options;

import io.github.drivespeed.error.InvalidSettingException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * How one kind of plan is built from a command line: the plan's start
 * ({@code DriveSpeed.on(dir)}), then, in order, the setter each option given calls, and the
 * checks between them. The first setter or check that refuses ends the build, so the order says
 * which refusal a command line with several bad values gets. Immutable; {@link OptionSetters}
 * holds one per kind of plan.
 *
 * @param <P> the plan
 */
public final class PlanRecipe<P> {

    /**
     * A setter that reads other options given as well ({@code --rw}, with its mix).
     *
     * @param <P> the plan
     * @param <V> the option's value
     */
    @FunctionalInterface
    interface Setter<P, V> {
        /**
         * Sets the option on the plan.
         *
         * @param plan the plan before
         * @param value the option's value, converted
         * @param given the options given
         * @return the plan after
         */
        P apply(P plan, V value, GivenOptions given);
    }

    /** One step: an option's setter, or a check of the options given. */
    @FunctionalInterface
    private interface Step<P> {
        P apply(P plan, GivenOptions given);
    }

    private final Function<Path, P> start;
    private final Set<Form> forms;
    private final List<Step<P>> steps;
    /** The options' setters that need nothing but the value, for fio's jobs. */
    private final Map<OptionRow<?>, BiFunction<P, Object, P>> plainSetters;
    private final List<OptionRow<?>> options;

    private PlanRecipe(Function<Path, P> start, Set<Form> forms, List<Step<P>> steps,
            Map<OptionRow<?>, BiFunction<P, Object, P>> plainSetters, List<OptionRow<?>> options) {
        this.start = start;
        this.forms = Set.copyOf(forms);
        this.steps = List.copyOf(steps);
        this.plainSetters = Map.copyOf(plainSetters);
        this.options = List.copyOf(options);
    }

    /**
     * A recipe that starts each plan as the library does, and sets nothing yet.
     *
     * @param <P> the plan
     * @param start the plan of a target, with the library's defaults
     * @param first a form whose plan this recipe builds
     * @param more the others
     * @return a recipe with no step yet
     */
    static <P> PlanRecipe<P> of(Function<Path, P> start, Form first, Form... more) {
        return new PlanRecipe<>(start, EnumSet.of(first, more), List.of(), Map.of(), List.of());
    }

    /**
     * The same steps, building the plan of other forms (to which more steps may be added).
     *
     * @param first a form whose plan the recipe builds
     * @param more the others
     * @return the recipe
     */
    PlanRecipe<P> forForms(Form first, Form... more) {
        return new PlanRecipe<>(start, EnumSet.of(first, more), steps, plainSetters, options);
    }

    /**
     * Then, if the option was given, its setter with its value; a refusal that is not the
     * library's own ({@link InvalidSettingException}, which names its setting) names the option
     * and the value as typed.
     *
     * @param <V> the option's value
     * @param row the option
     * @param setter the plan's setter
     * @return the recipe with that step
     */
    @SuppressWarnings("unchecked")
    <V> PlanRecipe<P> set(OptionRow<V> row, BiFunction<P, V, P> setter) {
        return with(row, (p, v, g) -> setter.apply(p, v), (BiFunction<P, Object, P>) setter, true);
    }

    /**
     * Then, if the option was given, its setter, which reads other options given as well and
     * words its own refusals.
     *
     * @param <V> the option's value
     * @param row the option
     * @param setter the setter
     * @return the recipe with that step
     */
    <V> PlanRecipe<P> set(OptionRow<V> row, Setter<P, V> setter) {
        return with(row, setter, null, false);
    }

    /**
     * Then, if the switch was given, its setter.
     *
     * @param row the switch
     * @param setter the plan's setter
     * @return the recipe with that step
     */
    PlanRecipe<P> flag(OptionRow<Boolean> row, UnaryOperator<P> setter) {
        BiFunction<P, Object, P> plain = (p, v) -> Boolean.TRUE.equals(v) ? setter.apply(p) : p;
        return step(row, (p, g) -> g.has(row) ? setter.apply(p) : p, plain);
    }

    /**
     * Then a check of the options given.
     *
     * @param check throws {@link IllegalArgumentException} with the refusal
     * @return the recipe with that step
     */
    PlanRecipe<P> check(Consumer<GivenOptions> check) {
        return step(null, (p, g) -> {
            check.accept(g);
            return p;
        }, null);
    }

    private <V> PlanRecipe<P> with(OptionRow<V> row, Setter<P, V> setter,
            BiFunction<P, Object, P> plain, boolean wordRefusals) {
        return step(row, (p, g) -> {
            if (!g.has(row)) {
                return p;
            }
            V value = g.value(row);
            if (!wordRefusals) {
                return setter.apply(p, value, g);
            }
            try {
                return setter.apply(p, value, g);
            } catch (InvalidSettingException e) {
                throw e;
            } catch (IllegalArgumentException e) {
                throw g.refusal(row, g.typedValue(row).orElse(String.valueOf(value)), e);
            }
        }, plain);
    }

    private PlanRecipe<P> step(OptionRow<?> row, Step<P> step, BiFunction<P, Object, P> plain) {
        List<Step<P>> moreSteps = new ArrayList<>(steps);
        moreSteps.add(step);
        Map<OptionRow<?>, BiFunction<P, Object, P>> morePlain = new LinkedHashMap<>(plainSetters);
        List<OptionRow<?>> moreOptions = new ArrayList<>(options);
        if (row != null) {
            moreOptions.add(row);
            if (plain != null) {
                morePlain.put(row, plain);
            }
        }
        return new PlanRecipe<>(start, forms, moreSteps, morePlain, moreOptions);
    }

    /**
     * Builds the plan: the start, then each step in order.
     *
     * @param target the directory or device given
     * @param given the options given
     * @return the plan
     * @throws IllegalArgumentException the first refusal: the library's, naming its setting, or
     *     the command line's, naming the option and the value
     */
    public P build(Path target, GivenOptions given) {
        P plan = start.apply(target);
        for (Step<P> s : steps) {
            plan = s.apply(plan, given);
        }
        return plan;
    }

    /** {@return the forms whose plan this recipe builds} */
    public Set<Form> forms() {
        return forms;
    }

    /** {@return the options it sets, in the order it sets them} */
    public List<OptionRow<?>> options() {
        return options;
    }

    /**
     * The setter of an option that needs nothing but its value (not one that reads other options
     * given): what an fio job's option of the same meaning calls.
     *
     * @param row the option
     * @return its setter; for a switch, the value says whether it is on
     */
    public Optional<BiFunction<P, Object, P>> plainSetter(OptionRow<?> row) {
        return Optional.ofNullable(plainSetters.get(row));
    }
}
