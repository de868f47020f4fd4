package io.github.drivespeed.testing.archfixture.rooms.internal.io;

import io.github.drivespeed.testing.archfixture.rooms.internal.files.TestFiles;

/** Fixture: an I/O loop that names test files. */
public final class Loop {
    public String file() {
        return TestFiles.name();
    }
}
