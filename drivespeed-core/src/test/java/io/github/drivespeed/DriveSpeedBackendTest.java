package io.github.drivespeed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.drivespeed.spi.IoBackend;
import org.junit.jupiter.api.Test;

/** {@link DriveSpeed#backend(String)}: a backend by name, for wrapping it. */
class DriveSpeedBackendTest {

    @Test
    void theJavaBackendIsAlwaysThere() {
        IoBackend java = DriveSpeed.backend("java");
        assertThat(java.name()).isEqualTo("java");
        assertThat(java.unavailableReason()).isEmpty();
    }

    @Test
    void anUnknownNameIsRefusedListingTheNames() {
        assertThatThrownBy(() -> DriveSpeed.backend("fast"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("backend must be one of ")
                .hasMessageContaining("java")
                .hasMessageEndingWith(": fast");
    }
}
