package io.github.drivespeed.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The in-flight meter's time-weighted mean on observations with known times. */
class InFlightMeterTest {

    @Test
    void aQueueThatWaitsWithEveryIoInTheKernelAveragesTheDepth() {
        InFlightMeter m = new InFlightMeter();
        long t = 0;
        for (int i = 0; i < 100; i++) {
            m.submitted(t, t + 1_000, 16);  // a call of 1 us
            t += 1_000 + 1_000_000;         // waits 1 ms with 16 in the kernel
            m.reaped(t, 0, true);           // the whole queue completed at once
            t += 1_000;                     // 1 us to prepare the next batch
        }
        assertThat(m.heldNanos() / m.observedNanos()).isCloseTo(16.0, within(0.05));
        assertThat(m.peak()).isEqualTo(16);
    }

    @Test
    void completionsAlreadyThereFallEvenlyAndASubmittingCallRisesEvenly() {
        InFlightMeter m = new InFlightMeter();
        m.submitted(0, 0, 8);
        m.reaped(1_000, 4, false);
        assertThat(m.heldNanos()).isEqualTo(6_000.0);
        // from the reap to the call the count stays at 4, then rises to 8 during the call
        m.submitted(1_500, 2_000, 8);
        assertThat(m.heldNanos()).isEqualTo(6_000.0 + 2_000 + 3_000);
        assertThat(m.observedNanos()).isEqualTo(2_000);
    }

    @Test
    void aKernelThatCompletesInsideTheCallHoldsOneIoWhileTheCallRuns() {
        InFlightMeter m = new InFlightMeter();
        long t = 0;
        for (int i = 0; i < 10; i++) {
            m.submitted(t + 10, t + 1_000, 0);  // the call does the I/O
            m.reaped(t + 1_010, 0, false);
            t += 1_010;
        }
        assertThat(m.peak()).isEqualTo(1);
        assertThat(m.heldNanos() / m.observedNanos()).isCloseTo(9_900.0 / 10_090, within(1e-9));

        m.reset();
        assertThat(m.observedNanos()).isZero();
        assertThat(m.heldNanos()).isZero();
        assertThat(m.peak()).isZero();
    }
}
