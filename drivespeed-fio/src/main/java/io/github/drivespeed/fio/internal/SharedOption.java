package io.github.drivespeed.fio.internal;

import io.github.drivespeed.WorkloadPlan;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * One option both drivespeed's command line and fio's jobs know, as {@link SharedOptions} lists
 * it: drivespeed's names of it, fio's spelling where fio's jobs take it too, and the workload
 * plan's setter both call where they set the same thing, and drivespeed's reading of its value
 * (text to the value the setter takes). drivespeed's command line builds its option from it
 * (picocli's declaration, forms, help), reads its value with the row's conversion and calls the
 * setter; fio's option table and plans read the same row and call the same setter with fio's
 * value, read with the same conversion where fio's grammar is drivespeed's ({@code rw}'s names,
 * {@code ioengine}'s), else with fio's own ({@code FioSize}, {@code FioTime}: fio's grammar,
 * fio's defaults and refusals stay in {@link FioOptions} and {@link FioPlans}, each saying why),
 * so that a name, a conversion and a setter are written once.
 *
 * @param <V> the value the workload setter takes: {@link Boolean} for a flag (true when given)
 * @param names drivespeed's names of it, the one messages give it first ({@code --block-size})
 * @param fio fio's spelling of it, where fio's jobs take it ({@code bs}); empty for an option of
 *     drivespeed's only that fio's messages name
 * @param takesValue whether it takes a value (a flag takes none)
 * @param workloadSetter the workload plan's setter of it ({@link WorkloadPlan#rampTime}); empty
 *     for an option of drivespeed's only that fio's messages name
 * @param conversion drivespeed's reading of its value, from the text as typed; throws
 *     {@link IllegalArgumentException} whose message is the reason (each side puts the option,
 *     as the user spelled it, and the value before it), or the library's
 *     {@link io.github.drivespeed.error.InvalidSettingException} naming the setting; empty for a
 *     flag, and for a whole number (each command line reads whole numbers in its own words)
 */
public record SharedOption<V>(List<String> names, Optional<FioSpelling> fio, boolean takesValue,
        Optional<BiFunction<WorkloadPlan, V, WorkloadPlan>> workloadSetter,
        Optional<Function<String, V>> conversion) {

    /**
     * Copies the names.
     *
     * @param names drivespeed's names
     * @param fio fio's spelling
     * @param takesValue whether it takes a value
     * @param workloadSetter the workload plan's setter
     * @param conversion drivespeed's reading of its value
     */
    public SharedOption {
        names = List.copyOf(names);
    }

    /** {@return the option by the name the messages give it: its first name} */
    public String option() {
        return names.get(0);
    }

    /**
     * {@return fio's name of it ({@code bs})}
     *
     * @throws IllegalStateException if fio's jobs do not take it
     */
    public String fioName() {
        return fio.map(FioSpelling::name).orElseThrow(() -> new IllegalStateException(option()
                + " has no fio spelling"));
    }

    /**
     * {@return the workload plan's setter of it}
     *
     * @throws IllegalStateException if the row names none
     */
    public BiFunction<WorkloadPlan, V, WorkloadPlan> setter() {
        return workloadSetter.orElseThrow(() -> new IllegalStateException(option()
                + " names no workload setter"));
    }

    /**
     * {@return the value, read from the text as typed with drivespeed's grammar}
     *
     * @param text the value as typed
     * @throws IllegalArgumentException with the reason, when it does not read
     * @throws IllegalStateException if the row has no conversion
     */
    public V convert(String text) {
        return conversion.orElseThrow(() -> new IllegalStateException(option()
                + " names no conversion")).apply(text);
    }

    /**
     * {@return the workload plan's setter of a flag, called when the flag is given}
     *
     * @throws IllegalStateException if the row is not a flag with a setter
     */
    public UnaryOperator<WorkloadPlan> flagSetter() {
        if (takesValue) {
            throw new IllegalStateException(option() + " takes a value");
        }
        BiFunction<WorkloadPlan, V, WorkloadPlan> s = setter();
        @SuppressWarnings("unchecked")
        V on = (V) Boolean.TRUE;
        return p -> s.apply(p, on);
    }

    @Override
    public String toString() {
        return option();
    }
}
