package io.github.drivespeed.cli.progress;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The capacity check's estimate of its time, as it says it before writing. */
class CapacityEstimateTest {

    /** A check of a few MiB takes a moment, never "about 0 s"; longer ones in minutes, hours. */
    @Test
    void anEstimateIsAtLeastOneSecondAndReadsInTheLargestFittingUnit() {
        assertThat(CapacityEstimate.approximately(0.2)).isEqualTo("1 s");
        assertThat(CapacityEstimate.approximately(0)).isEqualTo("1 s");
        assertThat(CapacityEstimate.approximately(44.6)).isEqualTo("45 s");
        assertThat(CapacityEstimate.approximately(200)).isEqualTo("3 min");
        assertThat(CapacityEstimate.approximately(3 * 3600 + 600)).isEqualTo("3 h 10 min");
    }
}
