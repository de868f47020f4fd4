package io.github.drivespeed.report.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** When a depth counts as reached, and when the tool, not the device, was the limit. */
class InFlightTest {

    @Test
    void theDepthIsReachedFromEightyPercentAndAlwaysAtDepthOne() {
        assertThat(new InFlight(16, 12.8, 15, OptionalDouble.of(0.2)).reached()).isTrue();
        assertThat(new InFlight(16, 12.7, 15, OptionalDouble.of(0.2)).reached()).isFalse();
        assertThat(new InFlight(1, 0.4, 1, OptionalDouble.of(1.0)).reached()).isTrue();
    }

    @Test
    void theWholeDepthAtOnceWithTimeToSpareCountsAsReached() {
        // a device that completes its whole queue at once: the mean counts the refill
        assertThat(new InFlight(32, 23.5, 32, OptionalDouble.of(0.45)).reached()).isTrue();
        // the whole depth, but the thread saturated: the program set the pace
        assertThat(new InFlight(32, 23.5, 32, OptionalDouble.of(0.95)).reached()).isFalse();
        assertThat(new InFlight(32, 23.5, 32, OptionalDouble.of(0.95)).toolLimited()).isTrue();
        // never the whole depth at once
        assertThat(new InFlight(32, 23.5, 31, OptionalDouble.of(0.45)).reached()).isFalse();
        assertThat(new InFlight(32, 23.5, 32, OptionalDouble.empty()).reached()).isTrue();
    }

    @Test
    void theToolIsTheLimitOnlyWhenSaturatedShortOfTheDepth() {
        assertThat(new InFlight(32, 1.0, 1, OptionalDouble.of(0.95)).toolLimited()).isTrue();
        assertThat(new InFlight(32, 1.0, 1, OptionalDouble.of(0.89)).toolLimited()).isFalse();
        assertThat(new InFlight(32, 1.0, 1, OptionalDouble.empty()).toolLimited()).isFalse();
        // the device is the limit: the queue was full, however busy the thread
        assertThat(new InFlight(32, 31.0, 32, OptionalDouble.of(1.0)).toolLimited()).isFalse();
    }

    @Test
    void theEngineLineGivesTheMeanThePeakAndTheSubmittersShare() {
        assertThat(new InFlight(16, 15.94, 16, OptionalDouble.of(0.012)))
                .hasToString("15.9 in flight on average, peak 16, submitting thread 1 % busy");
        assertThat(new InFlight(16, 1, 1, OptionalDouble.empty()))
                .hasToString("1.0 in flight on average, peak 1");
    }
}
