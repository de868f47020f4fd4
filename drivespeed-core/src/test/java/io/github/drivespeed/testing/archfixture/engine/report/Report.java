package io.github.drivespeed.testing.archfixture.engine.report;

import io.github.drivespeed.testing.archfixture.engine.internal.engine.Engine;

/** Fixture: a report that runs the engine. */
public final class Report {
    public long remeasure() {
        return Engine.measure();
    }
}
