package io.github.drivespeed;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.testing.ModuleRequirements;
import org.junit.jupiter.api.Test;

/**
 * drivespeed-core's module descriptor can be published: it requires no module named after a
 * jar's file name (HdrHistogram is relocated into the jar instead).
 */
class ModuleDescriptorTest {

    @Test
    void noRequiredModuleIsNamedAfterItsJarsFileName() {
        assertThat(ModuleRequirements.filenameBasedAutomodulesOf(DriveSpeed.class))
                .as("filename-based automodules").isEmpty();
    }
}
