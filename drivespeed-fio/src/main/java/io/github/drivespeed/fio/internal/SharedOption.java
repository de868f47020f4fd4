package io.github.drivespeed.fio.internal;

import io.github.drivespeed.WorkloadPlan;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;

/**
 * One option both drivespeed's command line and fio's jobs know, as {@link SharedOptions} lists
 * it: drivespeed's names of it, fio's spelling where fio's jobs take it too, and the workload
 * plan's setter both call where they set the same thing. drivespeed's command line builds its
 * option from it (picocli's declaration, forms, help) and calls the setter with drivespeed's
 * value; fio's option table and plans read the same row and call the same setter with fio's
 * value (fio's grammar, fio's defaults and refusals stay in {@link FioOptions} and
 * {@link FioPlans}), so that a name and a setter are written once.
 *
 * @param <V> the value the workload setter takes: {@link Boolean} for a flag (true when given)
 * @param names drivespeed's names of it, the one messages give it first ({@code --block-size})
 * @param fio fio's spelling of it, where fio's jobs take it ({@code bs}); empty for an option of
 *     drivespeed's only that fio's messages name
 * @param takesValue whether it takes a value (a flag takes none)
 * @param workloadSetter the workload plan's setter of it ({@link WorkloadPlan#rampTime}); empty
 *     where the two sides set it each their own way (fio's {@code bs} needs {@code kb_base})
 */
public record SharedOption<V>(List<String> names, Optional<FioSpelling> fio, boolean takesValue,
        Optional<BiFunction<WorkloadPlan, V, WorkloadPlan>> workloadSetter) {

    /**
     * Copies the names.
     *
     * @param names drivespeed's names
     * @param fio fio's spelling
     * @param takesValue whether it takes a value
     * @param workloadSetter the workload plan's setter
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
