package io.github.drivespeed.testing.archfixture.internal.nativeio;

import io.github.drivespeed.testing.archfixture.internal.internal.check.Checks;

/** Fixture: another module's class that uses core's internal helper. */
public final class Backend {
    int queueDepth(int requested) {
        return Checks.positive(requested);
    }
}
