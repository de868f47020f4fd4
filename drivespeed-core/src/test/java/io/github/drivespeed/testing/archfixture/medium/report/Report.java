package io.github.drivespeed.testing.archfixture.medium.report;

import io.github.drivespeed.testing.archfixture.medium.report.medium.Finding;

/** Fixture: a report that holds a finding about the medium. */
public record Report(Finding finding) {
}
