/**
 * Example: a Micrometer binder that measures a drive on a schedule and publishes throughput,
 * IOPS and latency percentiles.
 */
package io.github.drivespeed.examples.metrics;
