package io.github.drivespeed.testing.archfixture.rooms.internal.files;

import io.github.drivespeed.testing.archfixture.rooms.internal.measure.Kind;

/** Fixture: test files that ask a kind of measurement for their name. */
public final class TestFiles {
    public static String name() {
        return Kind.name();
    }
}
