/**
 * The kinds of measurement: the sequential, device, sustained, cached-read, capacity-check and
 * capacity-probe measurements, and what their passes share (page-cache eviction, the warnings of
 * what the device moved). Uses every room below it; none of them uses it.
 */
package io.github.drivespeed.internal.measure;
