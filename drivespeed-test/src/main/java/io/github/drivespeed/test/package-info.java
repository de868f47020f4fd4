/**
 * Storage tests in JUnit Jupiter (5.10 and later, 6 included):
 * {@link io.github.drivespeed.test.EnabledIfStorage} runs a test only where its target directory
 * exists and is the kind named, skipping it with the reason elsewhere, and measures the target
 * for the test's {@link io.github.drivespeed.report.SpeedReport},
 * {@link io.github.drivespeed.report.WorkloadReport} (see
 * {@link io.github.drivespeed.test.MeasuredWorkload}) and
 * {@link io.github.drivespeed.target.TargetInfo} parameters, publishing the figures as report
 * entries. {@link io.github.drivespeed.test.TestReports} builds reports of every kind without
 * measuring, for code that takes them. The assertions are in
 * {@link io.github.drivespeed.test.assertions}, the test backends in
 * {@link io.github.drivespeed.test.backend}.
 */
package io.github.drivespeed.test;
