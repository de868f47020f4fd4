package io.github.drivespeed.testing.archfixture.cycle;

import io.github.drivespeed.testing.archfixture.cycle.report.Report;

/** Fixture: the root package and a sub-package that depend on each other. */
public final class Entry {
    Report run() {
        return new Report(this);
    }
}
