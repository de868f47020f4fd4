package io.github.drivespeed;

import static io.github.drivespeed.testing.ArchitectureRules.DRIVESPEED;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.github.drivespeed.testing.ArchitectureRules;

/** drivespeed-core's layering, held to its main classes (the rules: {@link ArchitectureRules}). */
@AnalyzeClasses(packages = DRIVESPEED,
        importOptions = {ImportOption.DoNotIncludeTests.class, ImportOption.DoNotIncludeJars.class})
class ArchitectureTest {

    @ArchTest
    static final ArchRule noPackageCycles = ArchitectureRules.noPackageCycles(DRIVESPEED);

    @ArchTest
    static final ArchRule spiDependsOnNothingOfTheProject =
            ArchitectureRules.spiDependsOnNothingOfTheProject(DRIVESPEED);

    @ArchTest
    static final ArchRule valuesDoNotDependOnTheEngine =
            ArchitectureRules.valuesDoNotDependOnTheEngine(DRIVESPEED);

    @ArchTest
    static final ArchRule valuesAreBuiltOneWay = ArchitectureRules.valuesAreBuiltOneWay(DRIVESPEED);

    @ArchTest
    static final ArchRule mediumFindingsAreLeafValues =
            ArchitectureRules.mediumFindingsAreLeafValues(DRIVESPEED);

    @ArchTest
    static final ArchRule engineFiguresAreLeafValues =
            ArchitectureRules.engineFiguresAreLeafValues(DRIVESPEED);

    @ArchTest
    static final ArchRule reportsDoNotDependOnTheirView =
            ArchitectureRules.reportsDoNotDependOnTheirView(DRIVESPEED);

    @ArchTest
    static final ArchRule ioLoopDependsOnNoOtherRoom =
            ArchitectureRules.ioLoopDependsOnNoOtherRoom(DRIVESPEED);

    @ArchTest
    static final ArchRule verificationDependsOnlyOnTheIoLoop =
            ArchitectureRules.verificationDependsOnlyOnTheIoLoop(DRIVESPEED);

    @ArchTest
    static final ArchRule testFilesDependOnlyOnTheIoLoop =
            ArchitectureRules.testFilesDependOnlyOnTheIoLoop(DRIVESPEED);

    @ArchTest
    static final ArchRule preflightCreatesNothing =
            ArchitectureRules.preflightCreatesNothing(DRIVESPEED);

    @ArchTest
    static final ArchRule measurementsDoNotDependOnWorkloads =
            ArchitectureRules.measurementsDoNotDependOnWorkloads(DRIVESPEED);

    @ArchTest
    static final ArchRule onlyThePlansUseWorkloads =
            ArchitectureRules.onlyThePlansUseWorkloads(DRIVESPEED);

    @ArchTest
    static final ArchRule flightEventsReadOnlyReports =
            ArchitectureRules.flightEventsReadOnlyReports(DRIVESPEED);

    @ArchTest
    static final ArchRule packagesStaySmall =
            ArchitectureRules.packagesStaySmall(DRIVESPEED, ArchitectureRules.MAIN_SOURCES);
}
