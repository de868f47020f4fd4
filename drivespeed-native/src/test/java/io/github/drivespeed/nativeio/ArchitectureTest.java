package io.github.drivespeed.nativeio;

import static io.github.drivespeed.testing.ArchitectureRules.DRIVESPEED;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.github.drivespeed.testing.ArchitectureRules;

/** The native backend uses core's exported API and SPI only, and adds no package cycle. */
@AnalyzeClasses(packages = "io.github.drivespeed.nativeio",
        importOptions = {ImportOption.DoNotIncludeTests.class, ImportOption.DoNotIncludeJars.class})
class ArchitectureTest {

    @ArchTest
    static final ArchRule nothingOutsideCoreUsesInternal =
            ArchitectureRules.nothingOutsideCoreUsesInternal(DRIVESPEED);

    @ArchTest
    static final ArchRule noPackageCycles = ArchitectureRules.noPackageCycles(DRIVESPEED);

    @ArchTest
    static final ArchRule packagesStaySmall = ArchitectureRules.packagesStaySmall(
            DRIVESPEED + ".nativeio", ArchitectureRules.MAIN_SOURCES);
}
