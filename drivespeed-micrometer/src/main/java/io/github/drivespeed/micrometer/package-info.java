/**
 * drivespeed for Micrometer: a {@link io.github.drivespeed.micrometer.MeasurementSchedule} that
 * measures one directory's drive on a thread of its own, never on a request or a scrape, and a
 * {@link io.github.drivespeed.micrometer.DriveSpeedMeterBinder} that publishes its figures in
 * base units (bytes per second, operations per second, seconds), NaN whenever there is no
 * figure of the drive's to publish.
 */
package io.github.drivespeed.micrometer;
