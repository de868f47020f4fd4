package io.github.drivespeed.testing;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import java.nio.file.Path;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Each architecture rule fails on a small fixture that breaks it (under
 * {@code io.github.drivespeed.testing.archfixture}), so a rule that cannot fail is caught: the
 * real code passing them ({@code ArchitectureTest} in each module) means something.
 */
class ArchitectureRulesFixtureTest {

    private static final String FIXTURES = "io.github.drivespeed.testing.archfixture.";

    /** Where the fixtures' sources are, from the module's directory (the tests' working one). */
    private static final Path TEST_SOURCES = Path.of("src/test/java");

    private static void breaks(Function<String, ArchRule> rule, String fixture, String found) {
        JavaClasses classes = new ClassFileImporter().importPackages(FIXTURES + fixture);
        assertThatThrownBy(() -> rule.apply(FIXTURES + fixture).check(classes))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining(found);
    }

    @Test
    void aCycleThroughTheRootPackageIsFound() {
        breaks(ArchitectureRules::noPackageCycles, "cycle", "Cycle detected");
    }

    @Test
    void anSpiThatUsesAProjectTypeIsFound() {
        breaks(ArchitectureRules::spiDependsOnNothingOfTheProject, "spi", "spi.unit.Size");
    }

    @Test
    void aReportThatRunsTheEngineIsFound() {
        breaks(ArchitectureRules::valuesDoNotDependOnTheEngine, "engine", "engine.Engine");
    }

    @Test
    void aValueWithAPublicConstructorBesidesTheCanonicalOneIsFound() {
        breaks(ArchitectureRules::valuesAreBuiltOneWay, "builtoneway", "Overloaded.<init>(long)");
        breaks(ArchitectureRules::valuesAreBuiltOneWay, "builtoneway", "Hand.<init>(long)");
    }

    @Test
    void aFindingAboutTheMediumThatUsesItsReportIsFound() {
        breaks(ArchitectureRules::mediumFindingsAreLeafValues, "medium", "medium.Finding");
    }

    @Test
    void whatTheEngineDidThatUsesItsReportIsFound() {
        breaks(ArchitectureRules::engineFiguresAreLeafValues, "enginefigures", "engine.Engine");
    }

    @Test
    void anIoLoopThatNamesTestFilesIsFound() {
        breaks(ArchitectureRules::ioLoopDependsOnNoOtherRoom, "rooms", "io.Loop");
    }

    @Test
    void aCheckThatReachesForTestFilesIsFound() {
        breaks(ArchitectureRules::verificationDependsOnlyOnTheIoLoop, "rooms", "verify.Check");
    }

    @Test
    void testFilesThatAskAMeasurementAreFound() {
        breaks(ArchitectureRules::testFilesDependOnlyOnTheIoLoop, "rooms", "files.TestFiles");
    }

    @Test
    void aPreflightThatCreatesATestFileIsFound() {
        breaks(ArchitectureRules::preflightCreatesNothing, "rooms", "preflight.Examination");
    }

    @Test
    void aMeasurementThatRunsAWorkloadIsFound() {
        breaks(ArchitectureRules::measurementsDoNotDependOnWorkloads, "rooms", "measure.Kind");
    }

    @Test
    void aWorkloadUsedBelowThePlansIsFound() {
        breaks(ArchitectureRules::onlyThePlansUseWorkloads, "rooms", "workload.Job");
    }

    @Test
    void flightEventsThatReachIntoAWorkloadAreFound() {
        breaks(ArchitectureRules::flightEventsReadOnlyReports, "rooms", "jfr.Events");
    }

    @Test
    void aPackageWithMoreClassesThanARoomHoldsIsFound() {
        breaks(base -> ArchitectureRules.packagesHoldAtMost(base, TEST_SOURCES, 2, 1_000),
                "sizes", "sizes.room has 3 top-level classes (at most 2)");
    }

    @Test
    void aPackageWithMoreLinesThanARoomHoldsIsFound() {
        // three files of five lines each
        breaks(base -> ArchitectureRules.packagesHoldAtMost(base, TEST_SOURCES, 10, 14),
                "sizes", "and 15 lines in");
    }

    @Test
    void aPackageWithinBothLimitsPasses() {
        JavaClasses classes = new ClassFileImporter().importPackages(FIXTURES + "sizes");
        assertThatCode(() -> ArchitectureRules.packagesHoldAtMost(FIXTURES + "sizes",
                TEST_SOURCES, 3, 15).check(classes)).doesNotThrowAnyException();
    }

    @Test
    void anotherModuleUsingCoreInternalsIsFound() {
        breaks(ArchitectureRules::nothingOutsideCoreUsesInternal, "internal", "check.Checks");
    }

    @Test
    void aCommandLineReachingForTheNativeBackendIsFound() {
        breaks(ArchitectureRules::onlyPublicApiInCliAndExamples, "publicapi", "NativeBackend");
    }
}
