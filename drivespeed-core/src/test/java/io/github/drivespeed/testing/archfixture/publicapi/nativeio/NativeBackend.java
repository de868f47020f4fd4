package io.github.drivespeed.testing.archfixture.publicapi.nativeio;

/** Fixture: the native backend's class. */
public final class NativeBackend {
    public String name() {
        return "native";
    }
}
