package io.github.drivespeed.testing.archfixture.internal.internal.check;

/** Fixture: an internal helper of core. */
public final class Checks {
    public static int positive(int value) {
        return Math.max(1, value);
    }
}
