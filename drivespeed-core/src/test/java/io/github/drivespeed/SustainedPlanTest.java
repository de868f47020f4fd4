package io.github.drivespeed;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The sustained write's plan: its flags and their inverses. */
class SustainedPlanTest {

    @Test
    void bufferedHasItsInverseDirectTheDefault() {
        SustainedPlan base = DriveSpeed.sustained(Path.of("/media/card"));
        assertThat(base.parameters().direct()).isTrue();
        SustainedPlan buffered = base.buffered();
        assertThat(buffered.parameters().direct()).isFalse();
        assertThat(buffered.direct().parameters()).isEqualTo(base.parameters());
        assertThat(base.parameters().direct()).isTrue();
    }
}
