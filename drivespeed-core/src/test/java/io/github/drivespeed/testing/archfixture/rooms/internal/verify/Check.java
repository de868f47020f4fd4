package io.github.drivespeed.testing.archfixture.rooms.internal.verify;

import io.github.drivespeed.testing.archfixture.rooms.internal.files.TestFiles;
import io.github.drivespeed.testing.archfixture.rooms.internal.io.Loop;

/** Fixture: a read-back check that uses the I/O loop, and reaches for the test files too. */
public final class Check {
    public boolean intact(Loop loop) {
        return loop.file().equals(TestFiles.name());
    }
}
