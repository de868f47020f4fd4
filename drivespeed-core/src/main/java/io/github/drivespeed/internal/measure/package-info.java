/**
 * The kinds of measurement and the template they fill in ({@link
 * io.github.drivespeed.internal.measure.Measurement}): the clock, the target examined and the
 * backend chosen, the kind's checks, then its passes and its report, in that order for every kind.
 * Holds the sequential, device, sustained, cached-read, capacity-check and capacity-probe
 * measurements and what their passes share (the timed window of a pass, page-cache eviction, the
 * warnings of what the device moved). Uses every room below it; none of them uses it.
 */
package io.github.drivespeed.internal.measure;
