/**
 * The text and the checks on the figures that every kind of report shares (its one-line summary,
 * its warning details, the link and cache verdicts). Not exported by the module: the reports'
 * own {@code summary()} and {@code details()} are its public face.
 */
package io.github.drivespeed.report.text;
