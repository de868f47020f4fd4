package io.github.drivespeed.testing.archfixture.engine.report;

import io.github.drivespeed.testing.archfixture.engine.report.engine.Engine;

/** Fixture: a report holding what the engine did. */
public record Report(Engine engine) { }
