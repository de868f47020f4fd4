package io.github.drivespeed.testing.archfixture.publicapi.cli;

import io.github.drivespeed.testing.archfixture.publicapi.nativeio.NativeBackend;

/** Fixture: a command line that reaches for the native backend's class. */
public final class Command {
    String backend() {
        return new NativeBackend().name();
    }
}
