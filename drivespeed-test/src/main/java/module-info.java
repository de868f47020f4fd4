/**
 * drivespeed-test: support for users' own storage tests. A JUnit Jupiter extension
 * ({@code @EnabledIfStorage}) that runs a test where its target exists and injects a measured
 * report, AssertJ assertions for reports, and fault-injecting, recording and checking I/O
 * backends. Requires JUnit Jupiter's API (5.10 or later; the user's own, not brought along) and
 * AssertJ.
 */
module io.github.drivespeed.test {
    requires transitive io.github.drivespeed;
    requires transitive org.junit.jupiter.api;
    requires transitive org.assertj.core;

    exports io.github.drivespeed.test;
    exports io.github.drivespeed.test.assertions;
    exports io.github.drivespeed.test.backend;

    // JUnit instantiates the extension and reads the annotations reflectively
    opens io.github.drivespeed.test to org.junit.platform.commons;
}
