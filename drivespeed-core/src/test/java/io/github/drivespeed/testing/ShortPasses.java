package io.github.drivespeed.testing;

import io.github.drivespeed.internal.figures.Thresholds;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.warning.Warning;
import java.util.EnumSet;
import java.util.Set;

/**
 * For tests whose passes are short on purpose (a few blocks, to stay fast): whether a pass is
 * {@link Warning#PASS_TOO_SHORT} follows from its runs' times, which no test can fix. So the
 * warning is checked against the runs ({@link Thresholds#passTooShort}) and set apart, and the
 * other warnings are pinned exactly.
 */
public final class ShortPasses {

    private ShortPasses() {
    }

    /**
     * {@return the pass's warnings other than {@link Warning#PASS_TOO_SHORT}}, after checking that
     * the pass carries that warning exactly when one of its runs is under the bounds.
     *
     * @param pass a pass of a report
     */
    public static Set<Warning> apartFromLength(PassResult pass) {
        boolean anyShort = pass.samples().stream()
                .anyMatch((Sample s) -> Thresholds.passTooShort(s.elapsedNanos(), s.ios()));
        assertThat(pass.warnings().contains(Warning.PASS_TOO_SHORT))
                .as("PASS_TOO_SHORT exactly when a run of the %s pass is under the bounds",
                        pass.kind()).isEqualTo(anyShort);
        Set<Warning> rest = EnumSet.noneOf(Warning.class);
        rest.addAll(pass.warnings());
        rest.remove(Warning.PASS_TOO_SHORT);
        return rest;
    }
}
