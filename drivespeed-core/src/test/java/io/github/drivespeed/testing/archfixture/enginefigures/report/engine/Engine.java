package io.github.drivespeed.testing.archfixture.enginefigures.report.engine;

import io.github.drivespeed.testing.archfixture.enginefigures.report.Report;

/** Fixture: what the engine did, reaching back for the report holding it. */
public record Engine(int queueDepth) {
    public boolean heldBy(Report report) {
        return report.engine() == this;
    }
}
