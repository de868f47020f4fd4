package io.github.drivespeed.testing.archfixture.enginefigures.report;

import io.github.drivespeed.testing.archfixture.enginefigures.report.engine.Engine;

/** Fixture: a report holding what the engine did. */
public record Report(Engine engine) { }
