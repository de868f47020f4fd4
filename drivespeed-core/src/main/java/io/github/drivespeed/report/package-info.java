/**
 * What a run returns, as immutable values: {@link io.github.drivespeed.report.SpeedReport},
 * {@link io.github.drivespeed.report.WorkloadReport} and
 * {@link io.github.drivespeed.report.DeviceReport}, each with its passes
 * ({@link io.github.drivespeed.report.PassResult}), runs ({@link io.github.drivespeed.report.Sample}),
 * latency percentiles, timelines, what was done about the page cache and what the block device
 * moved. Raw units throughout (bytes, nanoseconds, bytes per second); {@code toString()} prints
 * human units with their names.
 */
package io.github.drivespeed.report;
