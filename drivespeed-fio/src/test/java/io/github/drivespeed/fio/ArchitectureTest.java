package io.github.drivespeed.fio;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static io.github.drivespeed.testing.ArchitectureRules.DRIVESPEED;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.github.drivespeed.testing.ArchitectureRules;

/**
 * fio's room uses core's public API only, knows nothing of the command line, and its packages
 * (the API, the grammar and plans, fio's JSON, fio's text) depend on each other one way only.
 */
@AnalyzeClasses(packages = "io.github.drivespeed.fio",
        importOptions = {ImportOption.DoNotIncludeTests.class, ImportOption.DoNotIncludeJars.class})
class ArchitectureTest {

    @ArchTest
    static final ArchRule onlyCoresPublicApi = noClasses()
            .that().resideInAPackage(DRIVESPEED + ".fio..")
            .should().dependOnClassesThat().resideInAnyPackage(DRIVESPEED + ".internal..",
                    DRIVESPEED + ".nativeio..", DRIVESPEED + ".cli..");

    @ArchTest
    static final ArchRule theRoomsDoNotUseTheApi = noClasses()
            .that().resideInAPackage(DRIVESPEED + ".fio.internal..")
            .should().dependOnClassesThat().resideInAPackage(DRIVESPEED + ".fio");

    @ArchTest
    static final ArchRule noPackageCycles =
            ArchitectureRules.noPackageCycles(DRIVESPEED + ".fio");

    @ArchTest
    static final ArchRule packagesStaySmall =
            ArchitectureRules.packagesStaySmall(DRIVESPEED + ".fio",
                    ArchitectureRules.MAIN_SOURCES);
}
