package io.github.drivespeed.micrometer;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static io.github.drivespeed.testing.ArchitectureRules.DRIVESPEED;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.github.drivespeed.testing.ArchitectureRules;

/** The binder is built on drivespeed's public API only, as any user's code is. */
@AnalyzeClasses(packages = "io.github.drivespeed.micrometer",
        importOptions = {ImportOption.DoNotIncludeTests.class, ImportOption.DoNotIncludeJars.class})
class ArchitectureTest {

    @ArchTest
    static final ArchRule onlyPublicApi = noClasses().that()
            .resideInAPackage(DRIVESPEED + ".micrometer..").should().dependOnClassesThat()
            .resideInAnyPackage(DRIVESPEED + ".internal..", DRIVESPEED + ".nativeio..");

    @ArchTest
    static final ArchRule packagesStaySmall = ArchitectureRules.packagesStaySmall(
            DRIVESPEED + ".micrometer", ArchitectureRules.MAIN_SOURCES);
}
