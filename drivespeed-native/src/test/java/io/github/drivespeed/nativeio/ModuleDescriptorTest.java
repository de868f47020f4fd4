package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.testing.ModuleRequirements;
import org.junit.jupiter.api.Test;

/**
 * drivespeed-native's module descriptor can be published: it requires no module named after a
 * jar's file name, directly or through core.
 */
class ModuleDescriptorTest {

    @Test
    void noRequiredModuleIsNamedAfterItsJarsFileName() {
        assertThat(ModuleRequirements.filenameBasedAutomodulesOf(NativeIoBackend.class))
                .as("filename-based automodules").isEmpty();
    }
}
