/**
 * JDK Flight Recorder events for every measurement: {@code io.github.drivespeed.Run} spans a
 * plan's {@code run()}, {@code io.github.drivespeed.Pass} carries one measured run of one pass
 * with its figures in their units, {@code io.github.drivespeed.Warning} one warning of the report.
 * The plans hand each run to {@link io.github.drivespeed.internal.jfr.FlightEvents}, which
 * reads the report through its view ({@link io.github.drivespeed.report.view.ReportView}), so
 * every kind of report is recorded the same way.
 *
 * <p>The module requires {@code jdk.jfr} only statically: on a runtime without it (a jlink'd
 * image that left it out) or a module graph that did not resolve it, no event class is loaded
 * and runs go on unrecorded. The event classes stay inside the module: a recording names its
 * events by their names (documented in {@code docs/jfr.md}), never by class. Depends on the
 * reports and their view only, on no other package of {@code internal}.
 */
package io.github.drivespeed.internal.jfr;
