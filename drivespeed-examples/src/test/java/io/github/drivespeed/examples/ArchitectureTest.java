package io.github.drivespeed.examples;

import static io.github.drivespeed.testing.ArchitectureRules.DRIVESPEED;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.github.drivespeed.testing.ArchitectureRules;

/** The examples show what a user can write: the public API only. */
@AnalyzeClasses(packages = "io.github.drivespeed.examples",
        importOptions = {ImportOption.DoNotIncludeTests.class, ImportOption.DoNotIncludeJars.class})
class ArchitectureTest {

    @ArchTest
    static final ArchRule onlyPublicApi =
            ArchitectureRules.onlyPublicApiInCliAndExamples(DRIVESPEED);

    @ArchTest
    static final ArchRule nothingOutsideCoreUsesInternal =
            ArchitectureRules.nothingOutsideCoreUsesInternal(DRIVESPEED);

    @ArchTest
    static final ArchRule packagesStaySmall = ArchitectureRules.packagesStaySmall(
            DRIVESPEED + ".examples", ArchitectureRules.MAIN_SOURCES);
}
