package io.github.drivespeed.test;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.testing.ModuleRequirements;
import org.junit.jupiter.api.Test;

/**
 * drivespeed-test's module descriptor can be published: it requires no module named after a
 * jar's file name, directly or through core, JUnit or AssertJ.
 */
class ModuleDescriptorTest {

    @Test
    void noRequiredModuleIsNamedAfterItsJarsFileName() {
        assertThat(ModuleRequirements.filenameBasedAutomodulesOf(EnabledIfStorage.class))
                .as("filename-based automodules").isEmpty();
    }
}
