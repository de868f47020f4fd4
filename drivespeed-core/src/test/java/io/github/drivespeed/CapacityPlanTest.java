package io.github.drivespeed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.unit.DataSize;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The capacity-check plan's bounds: validated at the setter, immutable, shown in its text. */
class CapacityPlanTest {

    private static final Path CARD = Path.of("/media/card");

    @Test
    void aDurationBoundsTheFillAndIsRefusedOutsideOneSecondToAWeek() {
        CapacityPlan free = DriveSpeed.verifyCapacity(CARD);
        CapacityPlan timed = free.duration(Duration.ofMinutes(10));
        assertThat(free.parameters().duration()).isEmpty();
        assertThat(timed.parameters().duration()).contains(Duration.ofMinutes(10));
        assertThat(timed.size("1G").parameters().duration()).contains(Duration.ofMinutes(10));
        assertThat(timed.size("1G").parameters().size()).contains(DataSize.ofGibibytes(1));
        assertThat(free).hasToString("CapacityPlan[/media/card: the free space]");
        assertThat(timed.size("1G")).hasToString("CapacityPlan[/media/card: 1 GiB, at most"
                + " 600.000 s]");
        assertThatThrownBy(() -> free.duration(Duration.ofMillis(500)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("duration is too short (must be in [1 s, 168 h]): 500 ms");
        assertThatThrownBy(() -> free.duration(Duration.ofDays(8)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("duration is too long (must be in [1 s, 168 h]): 192 h");
        assertThatThrownBy(() -> free.duration(null))
                .isInstanceOf(NullPointerException.class);
    }
}
