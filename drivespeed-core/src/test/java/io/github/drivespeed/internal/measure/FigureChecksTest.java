package io.github.drivespeed.internal.measure;

import io.github.drivespeed.internal.figures.Thresholds;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.report.Sample;
import io.github.drivespeed.warning.Warning;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The bounds of {@link Warning#PASS_TOO_SHORT} on a run's time and blocks, and the block a device
 * smaller than the default block is read with.
 */
class FigureChecksTest {

    private static final long MS = 1_000_000L;
    private static final long MIB = 1L << 20;

    private static boolean tooShort(Sample s) {
        return Thresholds.passTooShort(s.elapsedNanos(), s.ios());
    }

    @Test
    void aRunUnderTheTimeOrTheBlockBoundIsTooShortAndOneAtBothIsNot() {
        long bound = Warning.MIN_PASS_MILLIS * MS;
        assertThat(tooShort(Sample.of(1, 4 * MIB, bound - 1))).as("just under the time").isTrue();
        assertThat(tooShort(Sample.of(1, 4 * MIB, bound))).as("unrecorded I/Os: time only")
                .isFalse();
        Sample few = Sample.of(1, 3 * MIB, 2_000 * MS, Warning.MIN_PASS_BLOCKS - 1,
                io.github.drivespeed.report.LatencyStats.NONE,
                io.github.drivespeed.report.Timeline.NONE);
        Sample enough = Sample.of(1, 4 * MIB, 2_000 * MS, Warning.MIN_PASS_BLOCKS,
                io.github.drivespeed.report.LatencyStats.NONE,
                io.github.drivespeed.report.Timeline.NONE);
        assertThat(tooShort(few)).as("three blocks over two seconds").isTrue();
        assertThat(tooShort(enough)).isFalse();
        assertThat(FigureChecks.lengthWarnings(List.of(enough, few)))
                .containsExactly(Warning.PASS_TOO_SHORT);
        assertThat(FigureChecks.lengthWarnings(List.of(enough, enough))).isEmpty();
        assertThat(Warning.PASS_TOO_SHORT.figureNotTheDrives()).isFalse();
    }

    @Test
    void aDeviceSmallerThanTheDefaultBlockIsReadWithTheLargestWholeDivisorOfItsSize() {
        long max = 8 * MIB;
        assertThat(DeviceMeasurement.fittedBlockBytes(4 * MIB, 4096, max)).isEqualTo(4 * MIB);
        assertThat(DeviceMeasurement.fittedBlockBytes(6 * MIB, 512, max)).isEqualTo(6 * MIB);
        // 7 MiB and one sector: a 4096-B unit does not divide it; whole units, the rest as a tail
        assertThat(DeviceMeasurement.fittedBlockBytes(7 * MIB + 512, 4096, max))
                .isEqualTo(7 * MIB);
        // 512-B units: 7 MiB + 512 B is 14337 = 3 x 4779 units, itself a divisor
        assertThat(DeviceMeasurement.fittedBlockBytes(7 * MIB + 512, 512, max))
                .isEqualTo(7 * MIB + 512);
        assertThat(DeviceMeasurement.fittedBlockBytes(4096, 4096, max)).isEqualTo(4096);
    }
}
