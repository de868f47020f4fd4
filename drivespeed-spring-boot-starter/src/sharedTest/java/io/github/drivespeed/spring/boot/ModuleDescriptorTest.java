package io.github.drivespeed.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.testing.ModuleRequirements;
import org.junit.jupiter.api.Test;

/**
 * The starter's module descriptor can be published: it requires no module named after a
 * jar's file name, directly or through the modules it requires.
 */
class ModuleDescriptorTest {

    @Test
    void noRequiredModuleIsNamedAfterItsJarsFileName() {
        assertThat(ModuleRequirements.filenameBasedAutomodulesOf(DriveSpeedAutoConfiguration.class))
                .as("filename-based automodules").isEmpty();
    }
}
