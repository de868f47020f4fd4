package io.github.drivespeed.testing.archfixture.engine.internal.engine;

/** Fixture: the engine. */
public final class Engine {
    public static long measure() {
        return 1;
    }
}
