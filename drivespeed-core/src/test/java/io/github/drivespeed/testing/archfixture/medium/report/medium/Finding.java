package io.github.drivespeed.testing.archfixture.medium.report.medium;

import io.github.drivespeed.testing.archfixture.medium.report.Report;

/** Fixture: a finding about the medium that reaches back for the report holding it. */
public record Finding(long bytes) {
    public boolean heldBy(Report report) {
        return report.finding() == this;
    }
}
