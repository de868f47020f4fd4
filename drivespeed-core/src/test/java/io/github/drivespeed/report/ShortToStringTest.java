package io.github.drivespeed.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.requirement.Measurements;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ShortToStringTest {

    @Test
    void anEmptyTimelineSaysNone() {
        assertThat(Timeline.NONE).hasToString("timeline: none");
        assertThat(new Timeline(500_000_000L, List.of(new TimelinePoint(0, 500_000_000L, 4096, 1))))
                .hasToString("timeline: 1 x " + io.github.drivespeed.unit.Nanoseconds.format(500_000_000L));
    }

    @Test
    void deviceIoPrintsItsBytesAsADataSize() {
        assertThat(new DeviceIo("vda", 268_435_456, 64, 1_048_576, 1, Optional.empty(), List.of()))
                .hasToString("vda: read 256 MiB in 64 requests, wrote 1 MiB in 1 request");
    }

    @Test
    void measurementsCountWhatWasAdded() {
        assertThat(Measurements.empty())
                .hasToString("measurements: 0 sequential, 0 workloads, 0 sustained");
    }
}
