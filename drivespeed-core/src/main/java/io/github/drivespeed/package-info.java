/**
 * drivespeed: measures drive read and write speed correctly, in-process. This package holds the
 * entry point and the plans: {@link io.github.drivespeed.DriveSpeed} and the immutable
 * {@link io.github.drivespeed.SequentialPlan} (dd-style write then read in a directory),
 * {@link io.github.drivespeed.WorkloadPlan} (fio-style jobs),
 * {@link io.github.drivespeed.DevicePlan} (a raw block device, as hdparm -t),
 * {@link io.github.drivespeed.SustainedPlan} (a write past the drive's cache) and
 * {@link io.github.drivespeed.CapacityPlan} (f3write and f3read), which set what they share the
 * same way ({@link io.github.drivespeed.Plan}, {@link io.github.drivespeed.BlockPlan}).
 *
 * <p>Start at {@link io.github.drivespeed.DriveSpeed#on(java.nio.file.Path)}. What a run returns
 * is in {@link io.github.drivespeed.report}, what was measured in
 * {@link io.github.drivespeed.target}, what may make a figure differ from the drive's own in
 * {@link io.github.drivespeed.warning}, the settings in {@link io.github.drivespeed.parameters},
 * the checks of results against a need in {@link io.github.drivespeed.requirement}, amounts and
 * rates in {@link io.github.drivespeed.unit}, and the exceptions in
 * {@link io.github.drivespeed.error}. Units are in every method name that returns a number:
 * bytes, nanoseconds, bytes per second, MB/s (10^6 bytes per second, as dd prints) and MiB/s
 * (2^20 bytes per second, as fio prints).
 *
 * <p>Every plan's {@code run()} is recorded as JDK Flight Recorder events where the runtime has
 * {@code jdk.jfr} and a recording has them on: {@code io.github.drivespeed.Run} over the run,
 * {@code io.github.drivespeed.Pass} per measured run of each pass and
 * {@code io.github.drivespeed.Warning} per warning of the report, each in the category
 * {@code drivespeed} (fields and units: {@code docs/jfr.md}).
 */
package io.github.drivespeed;
