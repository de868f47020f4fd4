package io.github.drivespeed.cli;

import static io.github.drivespeed.testing.ArchitectureRules.DRIVESPEED;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.github.drivespeed.testing.ArchitectureRules;

/**
 * The command line uses only the library's public API, and its own packages (options, runners,
 * output, text, progress, results, chart) depend on each other one way only.
 */
@AnalyzeClasses(packages = "io.github.drivespeed.cli",
        importOptions = {ImportOption.DoNotIncludeTests.class, ImportOption.DoNotIncludeJars.class})
class ArchitectureTest {

    @ArchTest
    static final ArchRule onlyPublicApi =
            ArchitectureRules.onlyPublicApiInCliAndExamples(DRIVESPEED);

    @ArchTest
    static final ArchRule nothingOutsideCoreUsesInternal =
            ArchitectureRules.nothingOutsideCoreUsesInternal(DRIVESPEED);

    @ArchTest
    static final ArchRule noPackageCycles =
            ArchitectureRules.noPackageCycles(DRIVESPEED + ".cli");

    @ArchTest
    static final ArchRule packagesStaySmall =
            ArchitectureRules.packagesStaySmall(DRIVESPEED + ".cli",
                    ArchitectureRules.MAIN_SOURCES);
}
