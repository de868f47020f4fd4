package io.github.drivespeed.test;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Which JUnit Jupiter these tests run on: 5 in drivespeed-test (the oldest API it is compiled
 * against), 6 in drivespeed-test-junit6; each module's Surefire configuration says which it
 * expects, so that a build that quietly tested on one JUnit twice fails.
 */
class JUnitVersionTest {

    @Test
    void theseTestsRunOnTheJUnitTheirModuleNames() {
        String expected = System.getProperty("drivespeed.test.expectedJupiterMajor");
        assertThat(expected).as("set by the module's Surefire configuration").isNotNull();
        String api = Test.class.getPackage().getImplementationVersion();
        assertThat(api).as("JUnit Jupiter API version").startsWith(expected + ".");
        String extensionApi = StorageExtension.class.getInterfaces()[0].getPackage()
                .getImplementationVersion();
        assertThat(extensionApi).isEqualTo(api);
    }
}
