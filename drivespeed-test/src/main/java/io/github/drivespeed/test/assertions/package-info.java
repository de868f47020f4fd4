/**
 * AssertJ assertions for drivespeed's reports, entered through
 * {@link io.github.drivespeed.test.assertions.DriveSpeedAssertions}: throughput bounds in both
 * units, IOPS, latency percentiles, warnings and requirement checks, with failure messages that
 * give every figure with its unit.
 */
package io.github.drivespeed.test.assertions;
