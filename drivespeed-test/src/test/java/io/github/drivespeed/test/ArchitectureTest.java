package io.github.drivespeed.test;

import static io.github.drivespeed.testing.ArchitectureRules.DRIVESPEED;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.github.drivespeed.testing.ArchitectureRules;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * drivespeed-test uses core's public API only (checked with ArchUnit's core from a plain test,
 * so that it runs on JUnit 5 and 6 alike).
 */
class ArchitectureTest {

    private static JavaClasses mainClasses() {
        return new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(DRIVESPEED + ".test");
    }

    @Test
    void nothingOfCoresInternalsIsUsed() {
        ArchitectureRules.nothingOutsideCoreUsesInternal(DRIVESPEED).check(mainClasses());
    }

    @Test
    void neitherIsTheNativeBackend() {
        ArchitectureRules.onlyPublicApiInCliAndExamples(DRIVESPEED).check(mainClasses());
    }

    @Test
    void packagesStaySmall() {
        // drivespeed-test-junit6 runs these tests from its own directory, beside this module's
        ArchitectureRules.packagesStaySmall(DRIVESPEED + ".test",
                Path.of("..", "drivespeed-test").resolve(ArchitectureRules.MAIN_SOURCES))
                .check(mainClasses());
    }
}
