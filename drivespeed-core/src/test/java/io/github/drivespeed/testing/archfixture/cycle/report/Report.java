package io.github.drivespeed.testing.archfixture.cycle.report;

import io.github.drivespeed.testing.archfixture.cycle.Entry;

/** Fixture: a report that reaches back up to the entry point. */
public final class Report {
    private final Entry source;

    public Report(Entry source) {
        this.source = source;
    }

    public Entry source() {
        return source;
    }
}
