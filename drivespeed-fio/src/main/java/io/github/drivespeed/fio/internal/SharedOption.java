package io.github.drivespeed.fio.internal;

import io.github.drivespeed.WorkloadPlan;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * One option both drivespeed's command line and fio's jobs know, as {@link SharedOptions} lists
 * it: drivespeed's names of it, fio's spelling where fio's jobs take it too, and, for a flag that
 * goes straight onto a workload plan, the plan's setter. drivespeed's command line builds its
 * option from it (picocli's declaration, forms, help); fio's option table reads the same row, so
 * that a name is written once.
 *
 * @param names drivespeed's names of it, the one messages give it first ({@code --block-size})
 * @param fio fio's spelling of it, where fio's jobs take it ({@code bs}); empty for an option of
 *     drivespeed's only that fio's messages name
 * @param takesValue whether it takes a value (a flag takes none)
 * @param workloadFlag for a flag that goes straight onto a workload plan, the plan's setter
 *     ({@link WorkloadPlan#noRandomMap()}); empty for any other
 */
public record SharedOption(List<String> names, Optional<FioSpelling> fio, boolean takesValue,
        Optional<UnaryOperator<WorkloadPlan>> workloadFlag) {

    /**
     * Copies the names.
     *
     * @param names drivespeed's names
     * @param fio fio's spelling
     * @param takesValue whether it takes a value
     * @param workloadFlag the workload plan's setter of a flag
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

    @Override
    public String toString() {
        return option();
    }
}
