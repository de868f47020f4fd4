package io.github.drivespeed.testing.archfixture.rooms.internal.preflight;

import io.github.drivespeed.testing.archfixture.rooms.internal.files.TestFiles;

/** Fixture: a preflight that creates a test file. */
public final class Examination {
    public String examine() {
        return TestFiles.name();
    }
}
