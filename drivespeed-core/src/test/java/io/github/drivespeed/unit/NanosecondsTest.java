package io.github.drivespeed.unit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;

/** fio's time grammar, and what a refusal says. */
class NanosecondsTest {

    @Test
    void parsesFiosTimesExactly() {
        assertThat(Nanoseconds.parse("60", ChronoUnit.SECONDS)).isEqualTo(Duration.ofSeconds(60));
        assertThat(Nanoseconds.parse("500ms", ChronoUnit.SECONDS)).isEqualTo(Duration.ofMillis(500));
        assertThat(Nanoseconds.parse("1.5 ms", null)).isEqualTo(Duration.ofNanos(1_500_000));
        assertThat(Nanoseconds.parse("2m", null)).isEqualTo(Duration.ofMinutes(2));
    }

    @Test
    void aRefusalSaysWhatIsWrong() {
        assertThatThrownBy(() -> Nanoseconds.parse("-1", ChronoUnit.SECONDS))
                .hasMessage("not a duration: '-1' (must not be negative)");
        assertThatThrownBy(() -> Nanoseconds.parse("5", null))
                .hasMessageStartingWith("not a duration: '5' (expected a number and ns, us");
        assertThatThrownBy(() -> Nanoseconds.parse("0.1ns", null))
                .hasMessageContaining("finer than a nanosecond");
    }
}
