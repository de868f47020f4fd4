package io.github.drivespeed.spring.boot;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static io.github.drivespeed.testing.ArchitectureRules.DRIVESPEED;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.github.drivespeed.testing.ArchitectureRules;
import java.nio.file.Path;

/** The auto-configuration is built on drivespeed's public API only, as any user's code is. */
@AnalyzeClasses(packages = "io.github.drivespeed.spring.boot",
        importOptions = {ImportOption.DoNotIncludeTests.class, ImportOption.DoNotIncludeJars.class})
class ArchitectureTest {

    /** The sources both starters compile, from either module's directory. */
    private static final Path SHARED_SOURCES = Path.of("..", "drivespeed-spring-boot-starter",
            "src", "shared", "java");

    @ArchTest
    static final ArchRule onlyPublicApi = noClasses().that()
            .resideInAPackage(DRIVESPEED + ".spring.boot..").should().dependOnClassesThat()
            .resideInAnyPackage(DRIVESPEED + ".internal..", DRIVESPEED + ".nativeio..");

    @ArchTest
    static final ArchRule packagesStaySmall = ArchitectureRules.packagesStaySmall(
            DRIVESPEED + ".spring.boot", ArchitectureRules.MAIN_SOURCES, SHARED_SOURCES);
}
