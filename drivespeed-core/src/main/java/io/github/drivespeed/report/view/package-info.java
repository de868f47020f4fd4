/**
 * One shape of every report, whatever its kind
 * ({@link io.github.drivespeed.report.view.ReportView#of}): the kind, target, backend and start,
 * the settings that shaped the run by name with their units
 * ({@link io.github.drivespeed.parameters.Settings}), the timed passes with their figures, the
 * warnings and the verdict. What an output format, a summary or a check reads without a method
 * per kind of report. It reads the reports of {@link io.github.drivespeed.report}; nothing there
 * depends on it.
 */
package io.github.drivespeed.report.view;
