package io.github.drivespeed.testing.archfixture.engine.report.engine;

import io.github.drivespeed.testing.archfixture.engine.report.Report;

/** Fixture: what the engine did, reaching back for the report holding it. */
public record Engine(int queueDepth) {
    public boolean heldBy(Report report) {
        return report.engine() == this;
    }
}
