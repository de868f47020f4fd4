/**
 * What a run returns, as immutable values: the sealed {@link io.github.drivespeed.report.Report},
 * one record per kind of measurement ({@link io.github.drivespeed.report.SpeedReport},
 * {@link io.github.drivespeed.report.WorkloadReport},
 * {@link io.github.drivespeed.report.DeviceReport},
 * {@link io.github.drivespeed.report.SustainedReport},
 * {@link io.github.drivespeed.report.CapacityCheckReport},
 * {@link io.github.drivespeed.report.CapacityProbeReport}) with its
 * {@link io.github.drivespeed.report.Verdict}, each with its passes
 * ({@link io.github.drivespeed.report.PassResult}), runs ({@link io.github.drivespeed.report.Sample}),
 * latency percentiles, timelines, what was done about the page cache and what the block device
 * moved. Raw units throughout (bytes, nanoseconds, bytes per second); {@code toString()} prints
 * human units with their names.
 */
package io.github.drivespeed.report;
